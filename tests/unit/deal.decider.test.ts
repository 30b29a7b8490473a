import { describe, expect, it } from 'vitest';
import { CHANGED_SINCE_MOVE, DEAL_CLOSED, DEAL_NOT_FOUND, NOTHING_TO_UNDO, dealDecider } from '../../events/deal/decider';
import type { DealEvent } from '../../events/deal/events';
import { DEAL_ID, dealTerms } from './dealFixtures';
import { dealValue, marketRate, weightedValue } from '@shared/domain/deals';
import { specFor } from '../support/givenWhenThen';

const given = specFor(dealDecider);
const id = DEAL_ID;
const dana = 'user-dana';
const lee = 'user-lee';
const terms = dealTerms();
const created: DealEvent = { type: 'DealCreated', data: { id, ...terms, stage: 'form_submitted', rank: 'a0' } };
const movedByDana: DealEvent = {
  type: 'DealMoved',
  data: { from_stage: 'form_submitted', from_rank: 'a0', stage: 'tour_booked', rank: 'a0', moved_by: dana },
};

describe('deal decider', () => {
  it('creates a deal in its first stage', () => {
    given([]).when({ type: 'CreateDeal', id, terms, stage: 'form_submitted', rank: 'a0' }).then([created]);
  });
  it('refuses commands on an unknown deal', () => {
    given([]).when({ type: 'EditDeal', changes: { probability: 60 } }).thenRefuses(404, DEAL_NOT_FOUND);
  });
  it('edits only the terms that change', () => {
    given([created]).when({ type: 'EditDeal', changes: { probability: 60, deal_name: 'Acme Expansion' } }).then([
      { type: 'DealEdited', data: { probability: 60 } },
    ]);
    given([created]).when({ type: 'EditDeal', changes: { probability: 50 } }).then([]);
  });
  it('moves to another company with only the company it moves to: the companies read model works out the one it left', () => {
    const acme = '33333333-1b2c-4d5e-8f90-123456789abc';
    const globex = '44444444-1b2c-4d5e-8f90-123456789abc';
    const atAcme: DealEvent = { type: 'DealCreated', data: { ...created.data, company_id: acme } } as DealEvent;
    given([atAcme]).when({ type: 'EditDeal', changes: { company_id: globex, company_name: 'Globex' } }).then([
      { type: 'DealEdited', data: { company_id: globex, company_name: 'Globex' } },
    ]);
    // From no company at all (a deal written before its company was linked).
    given([created]).when({ type: 'EditDeal', changes: { company_id: globex } }).then([{ type: 'DealEdited', data: { company_id: globex } }]);
  });
  it('given an older edit that named the company the deal left, then its state keeps only the company it moved to', () => {
    const acme = '33333333-1b2c-4d5e-8f90-123456789abc';
    const globex = '44444444-1b2c-4d5e-8f90-123456789abc';
    const atAcme: DealEvent = { type: 'DealCreated', data: { ...created.data, company_id: acme } } as DealEvent;
    const older = { type: 'DealEdited', data: { company_id: globex, previous_company_id: acme } } as unknown as DealEvent;
    const state = [atAcme, older].reduce(dealDecider.evolve, dealDecider.initialState);
    expect(state).toMatchObject({ company_id: globex });
    expect(state).not.toHaveProperty('previous_company_id');
  });
  it('edits its value or location without naming its unchanged company', () => {
    const acme = '33333333-1b2c-4d5e-8f90-123456789abc';
    const elsewhere = '55555555-1b2c-4d5e-8f90-123456789abc';
    const atAcme: DealEvent = { type: 'DealCreated', data: { ...created.data, company_id: acme } } as DealEvent;
    given([atAcme]).when({ type: 'EditDeal', changes: { location_id: elsewhere } }).then([{ type: 'DealEdited', data: { location_id: elsewhere } }]);
    given([atAcme]).when({ type: 'EditDeal', changes: { offered_price: terms.offered_price + 1 } }).then([
      { type: 'DealEdited', data: { offered_price: terms.offered_price + 1 } },
    ]);
  });
  it('moves to a stage and a place between two cards, with only its own rank', () => {
    given([created])
      .when({ type: 'MoveDeal', stage: 'tour_booked', above: 'a0', below: 'a1', actor_id: dana })
      .then([{ type: 'DealMoved', data: { from_stage: 'form_submitted', from_rank: 'a0', stage: 'tour_booked', rank: 'a0V', moved_by: dana } }]);
  });
  it('refuses to move a signed or lost deal', () => {
    const signed: DealEvent = { type: 'DealMoved', data: { ...movedByDana.data, stage: 'agreement_signed' } };
    given([created, signed]).when({ type: 'MoveDeal', stage: 'tour_booked', above: null, below: null, actor_id: dana }).thenRefuses(409, DEAL_CLOSED);
    const lost: DealEvent = { type: 'DealMoved', data: { ...movedByDana.data, stage: 'close_lost' } };
    given([created, lost]).when({ type: 'MoveDeal', stage: 'tour_booked', above: null, below: null, actor_id: dana }).thenRefuses(409, DEAL_CLOSED);
  });
  it('undoes the caller\'s own last move when nothing followed it', () => {
    given([created, movedByDana]).when({ type: 'UndoMove', actor_id: dana }).then([{ type: 'DealMoveUndone', data: { stage: 'form_submitted', rank: 'a0' } }]);
  });
  it('refuses an undo by someone who did not move it, or after a later change', () => {
    given([created, movedByDana]).when({ type: 'UndoMove', actor_id: lee }).thenRefuses(409, NOTHING_TO_UNDO);
    given([created, movedByDana, { type: 'DealEdited', data: { probability: 70 } }])
      .when({ type: 'UndoMove', actor_id: dana })
      .thenRefuses(409, CHANGED_SINCE_MOVE);
    const movedByLee: DealEvent = { type: 'DealMoved', data: { ...movedByDana.data, from_stage: 'tour_booked', stage: 'tour_completed', moved_by: lee } };
    given([created, movedByDana, movedByLee]).when({ type: 'UndoMove', actor_id: dana }).thenRefuses(409, CHANGED_SINCE_MOVE);
    given([created, movedByDana, { type: 'DealMoveUndone', data: { stage: 'form_submitted', rank: 'a0' } }])
      .when({ type: 'UndoMove', actor_id: dana })
      .thenRefuses(409, NOTHING_TO_UNDO);
  });
});

describe('probability follows the outcome', () => {
  const signed: DealEvent = { type: 'DealMoved', data: { ...movedByDana.data, stage: 'agreement_signed' } };
  const lost: DealEvent = { type: 'DealMoved', data: { ...movedByDana.data, stage: 'close_lost' } };
  const stateOf = (events: DealEvent[]) => events.reduce(dealDecider.evolve, dealDecider.initialState);

  it('is 100 once the deal is signed and 0 once it is lost, whatever it was', () => {
    expect(stateOf([created, signed])?.probability).toBe(100);
    expect(stateOf([created, lost])?.probability).toBe(0);
    // Signed by the signing process (its own move) as well.
    const completed = dealDecider.decide({ type: 'CompleteSigning', member_id: id, leases: [], rank: 'a0' }, stateOf([created]));
    expect(stateOf([created, ...completed])?.probability).toBe(100);
  });
  it('an open deal keeps its estimate, an undone move included', () => {
    expect(stateOf([created, movedByDana])?.probability).toBe(terms.probability);
    expect(stateOf([created, movedByDana, { type: 'DealMoveUndone', data: { stage: 'form_submitted', rank: 'a0' } }])?.probability).toBe(terms.probability);
  });
  it('an edit cannot change the probability of a closed deal; its other terms still change', () => {
    given([created, signed]).when({ type: 'EditDeal', changes: { probability: 40 } }).then([]);
    given([created, lost]).when({ type: 'EditDeal', changes: { probability: 40, notes: 'Went elsewhere' } }).then([
      { type: 'DealEdited', data: { notes: 'Went elsewhere' } },
    ]);
    // An edit recorded on a closed deal (before this rule) does not change it either.
    expect(stateOf([created, signed, { type: 'DealEdited', data: { probability: 40 } }])?.probability).toBe(100);
  });
  it('a deal created in a closed stage takes its outcome\'s probability', () => {
    expect(stateOf([{ type: 'DealCreated', data: { ...created.data, stage: 'agreement_signed' } } as DealEvent])?.probability).toBe(100);
  });
  it('weighted value counts open deals only', () => {
    expect(weightedValue({ stage: 'tour_booked', deal_value: 1000, probability: 40 })).toBe(400);
    expect(weightedValue({ stage: 'agreement_signed', deal_value: 1000, probability: 100 })).toBe(0);
    expect(weightedValue({ stage: 'close_lost', deal_value: 1000, probability: 0 })).toBe(0);
  });
});

describe('deal figures', () => {
  it('deal value: offered price x months, days as a fraction of 30, 12 months without a term', () => {
    expect(dealValue(3000, 12, null)).toBe(36000);
    expect(dealValue(3000, 6, 15)).toBe(19500);
    expect(dealValue(3000, null, null)).toBe(36000);
    expect(dealValue(3000, 0, 10)).toBe(1000);
  });
  it('market rate: the average monthly marketed rate of the offices', () => {
    expect(marketRate([3000, 2000])).toBe(2500);
    expect(marketRate([])).toBeNull();
  });
});
