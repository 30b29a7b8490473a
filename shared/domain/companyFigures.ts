import type { Company } from '../schemas/crm';
import { canAccessLocation, type Actor } from './access';

/** One location's deals of a company: how many, and their value in whole cents (sums stay exact). */
export interface LocationFigures {
  count: number;
  cents: number;
}

/**
 * A company as the server holds it: its deals' figures per location, from which each reader's
 * own are summed. Its `deal_count` and `total_deal_value` count every deal; it is never sent
 * as it is, only as `companySeenBy` a reader.
 */
export interface CompanyRecord extends Company {
  deals_by_location: Record<string, LocationFigures>;
}

/** The deal count and value of the deals in `byLocation` whose location the reader may see. Pure. */
export function dealFiguresSeenBy(actor: Actor | null, byLocation: Record<string, LocationFigures>): Pick<Company, 'deal_count' | 'total_deal_value'> {
  let count = 0;
  let cents = 0;
  for (const [location, figures] of Object.entries(byLocation)) {
    if (actor && !canAccessLocation(actor, location)) continue;
    count += figures.count;
    cents += figures.cents;
  }
  return { deal_count: count, total_deal_value: cents / 100 };
}

/**
 * The company as `actor` reads it: its figures count only the deals the actor may see (a manager,
 * the deals of their locations), the same rule as the deal rows themselves. Pure.
 */
export function companySeenBy(actor: Actor, record: CompanyRecord): Company {
  const { deals_by_location: byLocation, ...company } = record;
  return { ...company, ...dealFiguresSeenBy(actor, byLocation) };
}
