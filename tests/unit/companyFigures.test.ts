import { describe, expect, it } from 'vitest';
import type { Actor } from '@shared/domain/access';
import { companySeenBy, dealFiguresSeenBy, type CompanyRecord } from '@shared/domain/companyFigures';
import { dealStatistics } from '@shared/domain/dealStatistics';

const BROADWAY = '11111111-1111-4111-8111-111111111111';
const GREENPOINT = '22222222-2222-4222-8222-222222222222';

const record: CompanyRecord = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Split Figures',
  industry: null,
  website: null,
  phone: null,
  address: null,
  employee_count: null,
  annual_revenue: null,
  main_contact_id: null,
  status: 'Prospect',
  notes: null,
  lead_source: null,
  contact_count: 1,
  deal_count: 3,
  total_deal_value: 0.3,
  active_deal_count: 1,
  won_deal_count: 1,
  average_deal_value: 0.1,
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  deals_by_location: { [BROADWAY]: { count: 2, cents: 10, active: 1, won: 1 }, [GREENPOINT]: { count: 1, cents: 20, active: 0, won: 0 } },
};

const actor = (role: Actor['role'], locations: string[]): Actor => ({ id: 'u', role, locations });

describe('company figures as a reader sees them', () => {
  it('given deals at two locations, when a manager of one reads the company, then only that location’s deals count', () => {
    expect(companySeenBy(actor('manager', [BROADWAY]), record)).toMatchObject({
      deal_count: 2,
      total_deal_value: 0.1,
      active_deal_count: 1,
      won_deal_count: 1,
      average_deal_value: 0.05,
    });
  });

  it('given the same, when an administrator or a reader of every location reads it, then every deal counts, summed in whole cents', () => {
    for (const reader of [actor('admin', [BROADWAY]), actor('viewer', [])]) {
      const seen = companySeenBy(reader, record);
      expect(seen).toMatchObject({ deal_count: 3, total_deal_value: 0.3, active_deal_count: 1, won_deal_count: 1, average_deal_value: 0.1 });
    }
  });

  it('given a reader of neither location, when it reads the company, then it counts no deal; the breakdown never leaves the server', () => {
    const seen = companySeenBy(actor('manager', ['44444444-4444-4444-8444-444444444444']), record);
    expect(seen).toMatchObject({ deal_count: 0, total_deal_value: 0, active_deal_count: 0, won_deal_count: 0, average_deal_value: 0, contact_count: 1 });
    expect(seen).not.toHaveProperty('deals_by_location');
  });
});

describe('average deal size', () => {
  it('given three deals worth $100.00 in total, when the average is taken, then it is the total over the count, to the cent', () => {
    expect(dealFiguresSeenBy(null, { [BROADWAY]: { count: 3, cents: 10_000, active: 3, won: 0 } }).average_deal_value).toBe(33.33);
  });
});

describe('a contact’s deal statistics', () => {
  it('given an open, a signed and a lost deal, when counted, then one is active, one won, and the total is all three', () => {
    const deals = [
      { stage: 'tour_booked' as const, deal_value: 100.1 },
      { stage: 'agreement_signed' as const, deal_value: 200.2 },
      { stage: 'close_lost' as const, deal_value: 0.1 },
    ];
    expect(dealStatistics(deals)).toEqual({ active: 1, won: 1, total_value: 300.4 });
  });

  it('given no deal, when counted, then all are zero', () => {
    expect(dealStatistics([])).toEqual({ active: 0, won: 0, total_value: 0 });
  });
});
