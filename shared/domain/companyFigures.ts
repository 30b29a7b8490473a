import type { Company } from '../schemas/crm';
import type { Actor } from './access';
import { canSee } from '../visibility';

/**
 * One location's deals of a company: how many, their value in whole cents (sums stay exact), and
 * how many of them are open (active) and signed (won).
 */
export interface LocationFigures {
  count: number;
  cents: number;
  active: number;
  won: number;
}

/** The figures of a company the reader sees, all summed from the same deals. */
export type DealFigures = Pick<Company, 'deal_count' | 'total_deal_value' | 'active_deal_count' | 'won_deal_count' | 'average_deal_value'>;

/**
 * A company as the server holds it: its deals' figures per location, from which each reader's
 * own are summed. Its `deal_count` and `total_deal_value` count every deal; it is never sent
 * as it is, only as `companySeenBy` a reader.
 */
export interface CompanyRecord extends Company {
  deals_by_location: Record<string, LocationFigures>;
}

/**
 * The figures of the deals in `byLocation` whose location the reader may see: count, total value,
 * open and signed counts, and the average deal size (total / count, to the cent; 0 with no deal). Pure.
 */
export function dealFiguresSeenBy(actor: Actor | null, byLocation: Record<string, LocationFigures>): DealFigures {
  let count = 0;
  let cents = 0;
  let active = 0;
  let won = 0;
  for (const [location, figures] of Object.entries(byLocation)) {
    if (actor && !canSee(actor, 'deals', { location_id: location })) continue;
    count += figures.count;
    cents += figures.cents;
    active += figures.active;
    won += figures.won;
  }
  return {
    deal_count: count,
    total_deal_value: cents / 100,
    active_deal_count: active,
    won_deal_count: won,
    average_deal_value: count === 0 ? 0 : Math.round(cents / count) / 100,
  };
}

/**
 * The company as `actor` reads it: its figures count only the deals the actor may see (a manager,
 * the deals of their locations), the same rule as the deal rows themselves. Pure.
 */
export function companySeenBy(actor: Actor, record: CompanyRecord): Company {
  const { deals_by_location: byLocation, ...company } = record;
  return { ...company, ...dealFiguresSeenBy(actor, byLocation) };
}
