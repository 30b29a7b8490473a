import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';

export async function companyIdByName(db: Db, name: string): Promise<string | null> {
  const [row] = await db.unsafe<{ id: string }[]>('SELECT id FROM crm_companies WHERE lower(name) = lower($1) ORDER BY created_at, id LIMIT 1', [name], PREPARED);
  return row?.id ?? null;
}

export async function companyName(db: Db, id: string): Promise<string | null> {
  const [row] = await db.unsafe<{ name: string }[]>('SELECT name FROM crm_companies WHERE id = $1', [id], PREPARED);
  return row?.name ?? null;
}

export async function contactIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.unsafe<{ id: string }[]>('SELECT id FROM crm_contacts WHERE lower(email) = lower($1) ORDER BY created_at, id LIMIT 1', [email], PREPARED);
  return row?.id ?? null;
}

export async function contactExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.unsafe('SELECT 1 FROM crm_contacts WHERE id = $1', [id], PREPARED);
  return rows.length > 0;
}
