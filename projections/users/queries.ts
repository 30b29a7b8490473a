import type { User } from '@shared/schemas/auth';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { iso, likeLiteral, rowReads } from '../engine/projection';
import { isUuid } from '@shared/schemas/common';

interface UserRow extends Omit<User, 'created_at' | 'updated_at'> {
  created_at: Date;
  updated_at: Date;
}

/** The public shape: the password hash never leaves this module except for sign-in. */
const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  locations: row.locations,
  primary_location: row.primary_location,
  version: row.version,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const COLUMNS = 'id, name, email, role, locations, primary_location, version, created_at, updated_at';

/** One user by id, and the rows a batch of events changed (see Touched), for the live push. */
const reads = rowReads(`SELECT ${COLUMNS} FROM users u`, 'u', toUser);
export const getUser = reads.byId;
export const usersTouched = reads.touched;

/** Display names by user id, for "changed by"; ids that are not users ('system') are skipped. */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  const uuids = [...new Set(ids)].filter(isUuid);
  if (uuids.length === 0) return new Map();
  const rows = await db.unsafe<{ id: string; name: string }[]>('SELECT id, name FROM users WHERE id = ANY($1::uuid[])', [uuids], PREPARED);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every user by name; `role` one role only, `q` a part of the name or e-mail (any letter case). */
export async function listUsers(db: Db, filters: { role?: string; q?: string } = {}): Promise<User[]> {
  const pattern = filters.q ? `%${likeLiteral(filters.q)}%` : null;
  const rows = await db.unsafe<UserRow[]>(
    `SELECT ${COLUMNS} FROM users
      WHERE ($1::text IS NULL OR role = $1) AND ($2::text IS NULL OR name ILIKE $2 OR email ILIKE $2)
      ORDER BY lower(name), id`,
    [filters.role ?? null, pattern], PREPARED);
  return rows.map(toUser);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM users`;
  return row?.n ?? 0;
}

/** For sign-in only: the user and its password hash. */
export async function findCredentials(db: Db, email: string): Promise<{ user: User; password_hash: string } | null> {
  const [row] = await db.unsafe<(UserRow & { password_hash: string })[]>(
    `SELECT ${COLUMNS}, password_hash FROM users WHERE lower(email) = lower($1)`,
    [email], PREPARED);
  return row ? { user: toUser(row), password_hash: row.password_hash } : null;
}
