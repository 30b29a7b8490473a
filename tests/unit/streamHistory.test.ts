import { describe, expect, it } from 'vitest';
import { changesOf, summarize, type Known } from '@shared/activity';
import { ACTIVITY_STREAMS } from '@shared/schemas/activity';
import { AGGREGATES } from '../../events/aggregates';
import type { StoredEvent } from '../../events/store/types';
import { foldStream } from '../../server/activity/streamHistory';

const LOCATION = '00000000-0000-4000-8000-00000000000a';
const OFFICE = '00000000-0000-4000-8000-00000000000b';
const MEMBER = '00000000-0000-4000-8000-00000000000c';

/** A stream's events as the log holds them, positions and versions in order. */
function stream(streamType: string, id: string, events: [string, object][]): StoredEvent[] {
  return events.map(([type, data], i) => ({
    position: 100 + i,
    stream_id: `${streamType}-${id}`,
    stream_type: streamType,
    version: i + 1,
    type,
    data,
    metadata: { user_id: 'u1', correlation_id: 'c', causation_id: null, at: '2026-01-01T00:00:00.000Z', scope: { locations: [] } },
  }));
}

const created = { id: OFFICE, office_number: '301', location_id: LOCATION, type: 'Private Office', desks: 4, floor: 3, windowed: true, marketed_rates: { monthly: 1, six_month: 1, twelve_month: 1 } };

describe('a row’s history folded by its decider', () => {
  it('given an office leased to a company, when its status changes, then it changes from LEASED, not from no status', () => {
    const events = stream('office', OFFICE, [
      ['OfficeCreated', created],
      ['OfficeCompanyAssigned', { member_id: MEMBER, tenant: 'Acme' }],
      ['OfficeStatusChanged', { status: 'PENDING' }],
    ]);
    const { events: known } = foldStream('office', events);
    const { before, set } = known.get(102)!;
    expect(summarize('Dana Lee', 'OfficeStatusChanged', 'office', events[2]!.data as Known, before)).toBe('Dana Lee changed office 301 from LEASED to PENDING');
    expect(changesOf(set, before)).toEqual([{ field: 'status', from: 'LEASED', to: 'PENDING' }]);
  });

  it('given a new office, when it is created, then its default status is among the fields it sets', () => {
    const { events: known } = foldStream('office', stream('office', OFFICE, [['OfficeCreated', created]]));
    const { before, set } = known.get(100)!;
    expect(changesOf(set, before)).toContainEqual({ field: 'status', from: null, to: 'VACANT' });
  });

  it('given a leased office, when its company leaves, then the status, the company and the tenant go with it', () => {
    const { events: known } = foldStream(
      'office',
      stream('office', OFFICE, [
        ['OfficeCreated', created],
        ['OfficeCompanyAssigned', { member_id: MEMBER, tenant: 'Acme' }],
        ['OfficeCompanyUnassigned', { member_id: MEMBER }],
      ]),
    );
    const { before, set } = known.get(102)!;
    expect(changesOf(set, before)).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'LEASED', to: 'VACANT' },
        { field: 'member_id', from: MEMBER, to: null },
        { field: 'tenant', from: 'Acme', to: null },
      ]),
    );
  });

  it('given the settings never changed, when the time off first changes, then it changes from the default', () => {
    const { events: known } = foldStream('settings', stream('settings', LOCATION, [['CompanyTimeOffChanged', { company_holidays: 15, vacation_days: 15 }]]));
    const { before, set } = known.get(100)!;
    expect(changesOf(set, before)).toContainEqual({ field: 'company_holidays', from: 12, to: 15 });
  });

  it('given a task moved to another location, then its scope as it stands is the new location alone', () => {
    const other = '00000000-0000-4000-8000-00000000000d';
    const task = { id: OFFICE, title: 'Blinds', description: 'Fix them', location_id: LOCATION, office_id: null, priority: 'medium', assigned_to: null, due_date: null };
    const { scope } = foldStream('task', stream('task', OFFICE, [['TaskCreated', task], ['TaskEdited', { location_id: other }]]));
    expect(scope).toEqual({ locations: [other] });
  });

  it('knows every kind of stream the history answers for, and no other', () => {
    expect(Object.keys(AGGREGATES).sort()).toEqual([...ACTIVITY_STREAMS].sort());
  });
});
