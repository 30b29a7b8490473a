import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';

/**
 * The member company a signed deal links to, when one exists at the deal's location:
 *  1. the member an earlier completed signing of the same CRM company (company_id) at that
 *     location leased to, wherever its name has gone since;
 *  2. else a member at that location with the deal's company name (case and surrounding spaces
 *     aside; the oldest when several).
 * Null: the signing creates the member company.
 */
export async function signedDealMember(db: Db, deal: { id: string; company_id: string | null; company_name: string; location_id: string }): Promise<string | null> {
  if (deal.company_id) {
    const [earlier] = await db.unsafe<{ id: string }[]>(
      `SELECT m.id FROM deals d JOIN members m ON m.id = d.member_id AND m.location_id = d.location_id
       WHERE d.company_id = $1 AND d.location_id = $2 AND d.id <> $3 AND d.member_id IS NOT NULL
       ORDER BY d.updated_at DESC, d.id LIMIT 1`,
      [deal.company_id, deal.location_id, deal.id],
      PREPARED,
    );
    if (earlier) return earlier.id;
  }
  const [named] = await db.unsafe<{ id: string }[]>(
    `SELECT id FROM members WHERE location_id = $1 AND lower(btrim(company_name)) = lower(btrim($2)) ORDER BY created_at, id LIMIT 1`,
    [deal.location_id, deal.company_name],
    PREPARED,
  );
  return named?.id ?? null;
}

/** Whether a stored file is a deal's executed copy: its bytes must outlive any library document. */
export async function isExecutedCopy(db: Db, sha256: string): Promise<boolean> {
  const rows = await db.unsafe('SELECT 1 FROM deals WHERE executed_sha256 = $1 LIMIT 1', [sha256], PREPARED);
  return rows.length > 0;
}
