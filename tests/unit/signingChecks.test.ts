import { describe, expect, it } from 'vitest';
import { signingProblems, type OfficeNow, type SigningFacts } from '../../server/signing/process/signingChecks';

const here = 'loc-here';
const member = 'member-ours';
const office = (extra: Partial<OfficeNow> = {}): OfficeNow => ({
  id: 'office-1',
  office_number: '204',
  location_id: here,
  status: 'VACANT',
  member_id: null,
  tenant: null,
  ...extra,
});
const facts = (extra: Partial<SigningFacts> = {}): SigningFacts => ({
  deal: { location_id: here, stage: 'agreement_sent' },
  document: 'found',
  offices: [office()],
  memberId: null,
  ...extra,
});

describe('what stands in the way of a signing', () => {
  it('nothing for vacant or pending offices at the deal\'s location, or offices its own member holds', () => {
    expect(signingProblems(facts())).toEqual([]);
    expect(signingProblems(facts({ offices: [office({ status: 'PENDING' })] }))).toEqual([]);
    expect(signingProblems(facts({ memberId: member, offices: [office({ status: 'LEASED', member_id: member, tenant: 'Ours' })] }))).toEqual([]);
    expect(signingProblems(facts({ offices: [] }))).toEqual([]);
  });

  it('names each office leased to another company, unavailable, moved or gone', () => {
    const offices = [
      office({ status: 'LEASED', member_id: 'member-acme', tenant: 'Acme' }),
      office({ office_number: '205', status: 'UNAVAILABLE' }),
      office({ office_number: '206', location_id: 'loc-elsewhere' }),
      office({ office_number: '207', status: 'LEASED' }),
      null,
    ];
    expect(signingProblems(facts({ memberId: member, offices }))).toEqual([
      'Office 204 is leased to Acme',
      'Office 205 is unavailable',
      'Office 206 has moved to another location',
      'Office 207 is leased',
      'Office 5 of the deal no longer exists',
    ]);
  });

  it('refuses a lost deal and a document that is not the deal\'s stored agreement', () => {
    expect(signingProblems(facts({ deal: { location_id: here, stage: 'close_lost' } }))).toEqual(['The deal was closed as lost before it was signed']);
    expect(signingProblems(facts({ document: 'unknown' }))).toEqual(['The signed document is not an agreement generated for this deal']);
    expect(signingProblems(facts({ document: 'missing' }))).toEqual(["The signed agreement's file is missing"]);
  });
});
