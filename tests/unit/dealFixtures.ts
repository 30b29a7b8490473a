import type { DealTermsData } from '../../events/deal/events';

/** The deal and location the deal deciders' tests write about. */
export const DEAL_ID = '11111111-1b2c-4d5e-8f90-123456789abc';
const DEAL_LOCATION_ID = '22222222-1b2c-4d5e-8f90-123456789abc';

/** A deal's terms as a salesperson writes them, with what a test needs changed. */
export function dealTerms(changes: Partial<DealTermsData> = {}): DealTermsData {
  return {
    deal_name: 'Acme Expansion',
    company_id: null,
    company_name: 'Acme',
    contact_id: null,
    contact: { name: 'Pat Doe', email: 'pat@acme.example', phone: null, title: null },
    agreement_type: 'new_business',
    membership_type: 'Private Office',
    location_id: DEAL_LOCATION_ID,
    office_ids: [],
    start_date: null,
    term_months: 12,
    term_days: null,
    offered_price: 3000,
    market_rate: null,
    probability: 50,
    notice_by: null,
    notes: null,
    source: null,
    assigned_to: 'Dana Lee',
    ...changes,
  };
}
