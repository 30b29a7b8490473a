import { describe, expect, it } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import type { DealChange } from '@shared/schemas/dealHistory';
import { differenceFromNow, marksFromChanges } from '../../client/src/screens/deals/history/dealMarks';
import { isoToLocal, localToIso, sinceInstant } from '../../client/src/screens/deals/history/sinceInstant';

const change = (deal_id: string, kind: DealChange['kind'], extra: Partial<DealChange> = {}): DealChange => ({
  position: 1, at: '2026-03-01T10:00:00.000Z', user_name: 'Ana Diaz', deal_id, deal_name: `Deal ${deal_id}`, kind,
  from_stage: 'tour_booked', to_stage: 'tour_completed', changes: [], ...extra,
});

describe('card marks from the changes since an instant', () => {
  it('marks each deal with its newest change that shows on the board, naming who and when', () => {
    const marks = marksFromChanges([
      change('a', 'edited', { changes: [{ field: 'notes', from: null, to: 'x' }] }),
      change('a', 'moved'),
      change('b', 'edited', { changes: [{ field: 'offered_price', from: 1, to: 2 }] }),
      change('c', 'lost', { from_stage: 'tour_booked', to_stage: 'close_lost' }),
      change('c', 'created', { from_stage: null, to_stage: 'form_submitted' }),
      change('d', 'edited', { changes: [{ field: 'notes', from: null, to: 'x' }] }),
    ]);
    expect(marks.get('a')).toMatchObject({ kind: 'moved', text: 'Moved Tour Booked → Tour Completed', who: 'Ana Diaz' });
    expect(marks.get('b')).toMatchObject({ kind: 'value', text: 'Value changed' });
    expect(marks.get('c')).toMatchObject({ kind: 'lost' });
    expect(marks.get('d')).toMatchObject({ kind: 'edited', text: 'Edited Notes' });
    expect(marks.has('e')).toBe(false);
  });
});

describe('how a past card differs from now', () => {
  const past = { id: 'a', stage: 'tour_booked', deal_value: 100, offered_price: 10, probability: 50, signature_status: 'not_sent', version: 3 } as Deal;
  it('names what moved on since, or nothing when the card is the same', () => {
    expect(differenceFromNow(past, past)).toBeNull();
    expect(differenceFromNow(past, { ...past, stage: 'tour_completed', probability: 70 })).toEqual({ kind: 'differs', text: 'Now in Tour Completed, now 70%' });
    expect(differenceFromNow(past, { ...past, version: 4 })).toEqual({ kind: 'differs', text: 'Edited since' });
    expect(differenceFromNow(past, undefined)).toEqual({ kind: 'differs', text: 'No longer on the board' });
  });
});

describe('the instant a Since choice names', () => {
  const known = { lastVisit: '2026-03-01T09:00:00.000Z', meetingStartedAt: null };
  it('reads the last visit, the meeting start, a day and an instant in the browser time zone', () => {
    expect(sinceInstant({ kind: 'off' }, known)).toBeNull();
    expect(sinceInstant({ kind: 'last_visit' }, known)).toBe(known.lastVisit);
    expect(sinceInstant({ kind: 'meeting' }, known)).toBeNull();
    expect(sinceInstant({ kind: 'meeting' }, { ...known, meetingStartedAt: '2026-03-02T15:00:00.000Z' })).toBe('2026-03-02T15:00:00.000Z');
    expect(sinceInstant({ kind: 'day', day: '2026-03-01' }, known)).toBe(new Date(2026, 2, 1).toISOString());
    expect(sinceInstant({ kind: 'instant', at: '2026-03-01T09:30' }, known)).toBe(new Date(2026, 2, 1, 9, 30).toISOString());
    expect(sinceInstant({ kind: 'instant', at: '' }, known)).toBeNull();
    expect(localToIso('yesterday')).toBeNull();
    expect(isoToLocal(new Date(2026, 2, 1, 9, 30).toISOString())).toBe('2026-03-01T09:30');
  });
});
