import { describe, expect, it } from 'vitest';
import { changesOf, summarize } from '@shared/activity';

describe('activity words', () => {
  it('given a deal in Tour Booked, when it moves, then the line names who, the deal and both stages, and the change is the stage', () => {
    const before = { deal_name: 'Acme Expansion', stage: 'tour_booked', rank: 'a0' };
    const data = { stage: 'tour_completed', rank: 'a1', actor_id: 'u1' };
    expect(summarize('Dana Lee', 'DealMoved', 'deal', data, before)).toBe('Dana Lee moved Acme Expansion from Tour Booked to Tour Completed');
    expect(changesOf(data, before)).toEqual([{ field: 'stage', from: 'tour_booked', to: 'tour_completed' }]);
  });

  it('given nothing, when a row is created, then every field it sets is a change from null, secrets left out', () => {
    const data = { id: 'x', name: 'Sam Rivera', email: 'sam@x.example', password_hash: '$argon2id$...' };
    expect(summarize('Alex Morgan', 'UserRegistered', 'user', data, {})).toBe('Alex Morgan added user Sam Rivera');
    expect(changesOf(data, {})).toEqual([
      { field: 'name', from: null, to: 'Sam Rivera' },
      { field: 'email', from: null, to: 'sam@x.example' },
    ]);
  });

  it('given an office, when its rates and details change, then the line names the office and an unchanged field is no change', () => {
    const before = { office_number: 'A-101', desks: 4, marketed_rates: { monthly: 1000 } };
    expect(summarize('Jordan Lee', 'OfficeRatesChanged', 'office', { marketed_rates: { monthly: 1200 } }, before)).toBe('Jordan Lee changed the marketed rates of office A-101');
    expect(summarize('Jordan Lee', 'OfficeDetailsEdited', 'office', { desks: 6, floor: 2 }, before)).toBe('Jordan Lee edited office A-101 (desks, floor)');
    expect(changesOf({ desks: 4, floor: 2 }, before)).toEqual([{ field: 'floor', from: null, to: 2 }]);
  });

  it('has words for an event type it does not know, rather than failing', () => {
    expect(summarize('The system', 'SomethingNew', 'deal', {}, { deal_name: 'X' })).toBe('The system changed X (SomethingNew)');
  });
});
