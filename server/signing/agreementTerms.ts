import { PRODUCT_NAME } from '@shared/constants';
import { leaseEndDate } from '@shared/domain/lease';
import type { AgreementOffice, AgreementTerms } from '@shared/schemas/agreements';
import type { Deal } from '@shared/schemas/deals';
import type { Db } from '../../events/store/types';
import { getLocation } from '../../projections/locations/queries';
import { getOffice } from '../../projections/offices/queries';

/** The operator named on every agreement. */
export const OPERATOR_NAME = PRODUCT_NAME;

/**
 * The offered monthly price split across the offices in proportion to their monthly marketed
 * rates (equally when none has a rate), in cents, the rounding left on the last office so the
 * parts add up to the price (RESOLUTIONS.md: how a signed deal leases several offices).
 */
export function splitOfferedPrice(price: number, marketed: number[]): number[] {
  if (marketed.length === 0) return [];
  const total = marketed.reduce((a, b) => a + b, 0);
  const shares = marketed.map((rate) => (total > 0 ? rate / total : 1 / marketed.length));
  const cents = Math.round(price * 100);
  const parts = shares.map((share) => Math.floor(cents * share));
  parts[parts.length - 1]! += cents - parts.reduce((a, b) => a + b, 0);
  return parts.map((c) => c / 100);
}

/** The day the term ends: the leases' end (start + months + days), the start without a term. */
export function termEnd(start: string, months: number | null, days: number | null): string {
  return leaseEndDate(start, months, days) ?? start;
}

/**
 * What the agreement says, read in the generating transaction (the deal's stream lock is held, so
 * the deal cannot change meanwhile): the operator and location, the parties, the offices with
 * their desks and rates, and the figures. The caller has checked the deal has its terms.
 */
export async function readAgreementTerms(db: Db, deal: Deal, agreementVersion: number, now: Date): Promise<AgreementTerms> {
  const location = await getLocation(db, deal.location_id);
  const offices = await Promise.all(deal.office_ids.map((id) => getOffice(db, id)));
  const known = offices.filter((o) => o !== null);
  const split = splitOfferedPrice(deal.offered_price, known.map((o) => o.marketed_rates?.monthly ?? 0));
  const lines: AgreementOffice[] = known.map((office, i) => ({
    office_number: office.office_number,
    desks: office.desks,
    marketed_monthly: office.marketed_rates?.monthly ?? 0,
    offered_monthly: split[i]!,
  }));
  return {
    agreement_version: agreementVersion,
    generated_at: now.toISOString(),
    operator: { name: OPERATOR_NAME },
    location: { name: location?.name ?? deal.location_name, address: location?.address ?? '', city: location?.city ?? '' },
    deal_name: deal.deal_name,
    agreement_type: deal.agreement_type,
    membership_type: deal.membership_type,
    company_name: deal.company_name,
    contact: { name: deal.contact.name, email: deal.contact.email, phone: deal.contact.phone, title: deal.contact.title },
    offices: lines,
    start_date: deal.start_date!,
    term_months: deal.term_months,
    term_days: deal.term_days,
    end_date: termEnd(deal.start_date!, deal.term_months, deal.term_days),
    monthly_price: deal.offered_price,
    deal_value: deal.deal_value,
    notice_by: deal.notice_by,
  };
}

/** "12 months", "6 months and 15 days", "45 days". */
export function termWords(months: number | null, days: number | null): string {
  const parts = [];
  if (months) parts.push(`${months} ${months === 1 ? 'month' : 'months'}`);
  if (days) parts.push(`${days} ${days === 1 ? 'day' : 'days'}`);
  return parts.join(' and ');
}
