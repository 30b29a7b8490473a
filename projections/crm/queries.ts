import type { Actor } from '@shared/domain/access';
import { companySeenBy, dealFiguresSeenBy, type CompanyRecord, type DealFigures, type LocationFigures } from '@shared/domain/companyFigures';
import { CLOSED_STAGES } from '@shared/domain/deals';
import type { Company, CompanyListQuery, Contact, ContactListQuery } from '@shared/schemas/crm';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { DEAL_VALUE_SQL } from '../deals/queries';
import { iso, likeLiteral, touchedWhere, type Touched } from '../engine/projection';

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

type Timestamps = { created_at: Date | string; updated_at: Date | string };

const like = (text: string | undefined) => (text ? `%${likeLiteral(text.toLowerCase())}%` : null);

const CONTACTS = `
  SELECT c.id, c.name, c.email, c.phone, c.title, c.company_id, co.name AS company_name, c.status, c.notes, c.lead_source,
         c.version, c.created_at, c.updated_at
  FROM crm_contacts c LEFT JOIN crm_companies co ON co.id = c.company_id`;

/** Contacts by status, company and a search of name, e-mail and title; by name. */
export async function listContacts(db: Db, query: ContactListQuery): Promise<Contact[]> {
  const rows = await db.unsafe<(Contact & Timestamps)[]>(
    `${CONTACTS}
     WHERE ($1::text IS NULL OR c.status = $1) AND ($2::uuid IS NULL OR c.company_id = $2)
       AND ($3::text IS NULL OR lower(c.name) LIKE $3 OR lower(c.email) LIKE $3 OR lower(coalesce(c.title, '')) LIKE $3)
     ORDER BY lower(c.name), c.id`,
    [query.status ?? null, query.company_id ?? null, like(query.q)],
    PREPARED,
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) }));
}

/** The contacts a batch of events changed (see Touched), for the live push. */
export async function contactsTouched(db: Db, touched: Touched[]): Promise<Contact[]> {
  const { where, params } = touchedWhere('c', touched);
  const rows = await db.unsafe<(Contact & Timestamps)[]>(`${CONTACTS} WHERE ${where}`, params, PREPARED);
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at), updated_at: iso(r.updated_at) }));
}

export async function getContact(db: Db, id: string): Promise<Contact | null> {
  const [row] = await db.unsafe<(Contact & Timestamps)[]>(`${CONTACTS} WHERE c.id = $1`, [id], PREPARED);
  return row ? { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) } : null;
}

type CompanyRow = Omit<Company, keyof DealFigures> & Timestamps;

/**
 * Each company's deals per location, counted and valued as the deal rows value them (each
 * rounded to the cent, summed in whole cents): one aggregate over the deals of the given
 * companies (index deals_company), nothing per deal sent back. Per location, because each
 * reader is shown only the deals of the locations they may see. Active is open (not signed or
 * lost), won is signed.
 */
async function dealFigures(db: Db, companyIds: string[]): Promise<Map<string, Record<string, LocationFigures>>> {
  const byCompany = new Map<string, Record<string, LocationFigures>>();
  if (companyIds.length === 0) return byCompany;
  const rows = await db.unsafe<{ company_id: string; location_id: string; count: number; cents: number; active: number; won: number }[]>(
    `SELECT company_id, location_id, count(*)::int AS count, sum(floor(${DEAL_VALUE_SQL('d')} * 100 + 0.5))::float8 AS cents,
            count(*) FILTER (WHERE d.stage <> ALL($2::text[]))::int AS active, count(*) FILTER (WHERE d.stage = 'agreement_signed')::int AS won
     FROM deals d WHERE d.company_id = ANY($1::uuid[]) GROUP BY company_id, location_id`,
    [companyIds, CLOSED_STAGES],
    PREPARED,
  );
  for (const r of rows) {
    const figures = byCompany.get(r.company_id) ?? {};
    figures[r.location_id] = { count: r.count, cents: Number(r.cents), active: r.active, won: r.won };
    byCompany.set(r.company_id, figures);
  }
  return byCompany;
}

async function withFigures(db: Db, rows: CompanyRow[]): Promise<CompanyRecord[]> {
  const figures = await dealFigures(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const byLocation = figures.get(r.id) ?? {};
    return {
      ...r,
      contact_count: Number(r.contact_count),
      ...dealFiguresSeenBy(null, byLocation),
      deals_by_location: byLocation,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    };
  });
}

/**
 * A company's updated_at is also when its latest deal was signed or lost (a closed deal never moves
 * again), since that changes its active and won counts: clients then take the pushed row.
 */
const COMPANIES = `
  SELECT co.id, co.name, co.industry, co.website, co.phone, co.address, co.employee_count, co.annual_revenue, co.main_contact_id,
         co.status, co.notes, co.lead_source, co.version, co.created_at,
         greatest(co.updated_at, (SELECT max(d.stage_changed_at) FROM deals d
                                  WHERE d.company_id = co.id AND d.stage IN ('agreement_signed', 'close_lost'))) AS updated_at,
         (SELECT count(*) FROM crm_contacts c WHERE c.company_id = co.id) AS contact_count
  FROM crm_companies co`;

/** Companies by status and a search of name and industry; by name; each as `actor` reads it. */
export async function listCompanies(db: Db, query: CompanyListQuery, actor: Actor): Promise<Company[]> {
  const rows = await db.unsafe<CompanyRow[]>(
    `${COMPANIES} WHERE ($1::text IS NULL OR co.status = $1) AND ($2::text IS NULL OR lower(co.name) LIKE $2 OR lower(coalesce(co.industry, '')) LIKE $2)
     ORDER BY lower(co.name), co.id`,
    [query.status ?? null, like(query.q)],
    PREPARED,
  );
  return (await withFigures(db, rows)).map((record) => companySeenBy(actor, record));
}

/**
 * The companies a batch of events changed (see Touched), for the live push: with their figures
 * per location, which the gateway sums for each socket as its user reads them (views.ts).
 */
export async function companiesTouched(db: Db, touched: Touched[]): Promise<CompanyRecord[]> {
  const { where, params } = touchedWhere('co', touched);
  return withFigures(db, await db.unsafe<CompanyRow[]>(`${COMPANIES} WHERE ${where}`, params, PREPARED));
}

/** The company as `actor` reads it. */
export async function getCompany(db: Db, id: string, actor: Actor): Promise<Company | null> {
  const rows = await db.unsafe<CompanyRow[]>(`${COMPANIES} WHERE co.id = $1`, [id], PREPARED);
  return rows.length > 0 ? companySeenBy(actor, (await withFigures(db, rows))[0]!) : null;
}
