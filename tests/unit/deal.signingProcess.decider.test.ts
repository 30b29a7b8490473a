import { describe, it } from 'vitest';
import { CHANGED_SINCE_MOVE, DEAL_CLOSED, NOTHING_TO_RETRY, SYSTEM, dealDecider } from '../../events/deal/decider';
import type { DealEvent } from '../../events/deal/events';
import { DEAL_ID, dealTerms } from './dealFixtures';
import { specFor } from '../support/givenWhenThen';

const given = specFor(dealDecider);
const id = DEAL_ID;
const member = '33333333-1b2c-4d5e-8f90-123456789abc';
const office = '44444444-1b2c-4d5e-8f90-123456789abc';
const sha = 'a'.repeat(64);
const terms = dealTerms({ office_ids: [office], start_date: '2025-07-01', offered_price: 2400, market_rate: 2000 });
const created: DealEvent = { type: 'DealCreated', data: { id, ...terms, stage: 'agreement_sent', rank: 'a0' } };
const generated: DealEvent = { type: 'DealAgreementGenerated', data: { agreement_version: 1, sha256: sha, size: 1200, file_name: 'agreement.pdf' } };
const signed: DealEvent = {
  type: 'DealAgreementSigned',
  data: {
    token_id: '55555555-1b2c-4d5e-8f90-123456789abc',
    agreement_version: 1,
    document_sha256: sha,
    signer_name: 'Pat Doe',
    signed_at: '2025-06-20T10:00:00.000Z',
    ip: '203.0.113.7',
    user_agent: 'Firefox',
  },
};
const leases = [{ office_id: office, signed_rate: 2400 }];
const completed: DealEvent = { type: 'DealSigningCompleted', data: { member_id: member, leases } };

describe('deal decider: the signing process', () => {
  it('moves a signed deal to the top of Agreement Signed, by the system, and records the leases', () => {
    given([created, generated, signed]).when({ type: 'CompleteSigning', member_id: member, leases, rank: 'Zz' }).then([
      { type: 'DealMoved', data: { from_stage: 'agreement_sent', from_rank: 'a0', stage: 'agreement_signed', rank: 'Zz', moved_by: SYSTEM } },
      completed,
    ]);
  });

  it('does not move a deal already in Agreement Signed, and completes a signing only once', () => {
    const there: DealEvent = { type: 'DealCreated', data: { ...created.data, stage: 'agreement_signed' } } as DealEvent;
    given([there, signed]).when({ type: 'CompleteSigning', member_id: member, leases, rank: 'Zz' }).then([completed]);
    given([created, signed, completed]).when({ type: 'CompleteSigning', member_id: member, leases, rank: 'Zz' }).then([]);
  });

  it('refuses to complete the signing of a lost deal', () => {
    const lost: DealEvent = { type: 'DealCreated', data: { ...created.data, stage: 'close_lost' } } as DealEvent;
    given([lost, signed]).when({ type: 'CompleteSigning', member_id: member, leases, rank: 'Zz' }).thenRefuses(409, DEAL_CLOSED);
  });

  it('records why a signing needs attention, once per reason, and a later completion clears it', () => {
    const reason = 'Office 204 is leased to Globex';
    const flagged: DealEvent = { type: 'DealNeedsAttention', data: { reason } };
    given([created, signed]).when({ type: 'FlagAttention', reason }).then([flagged]);
    given([created, signed, flagged]).when({ type: 'FlagAttention', reason }).then([]);
    given([created, signed, flagged, completed]).when({ type: 'FlagAttention', reason }).then([flagged]);
  });

  it('tries a signing that needs attention again, clearing its reason until the process says it again', () => {
    const flagged: DealEvent = { type: 'DealNeedsAttention', data: { reason: 'Office 204 is unavailable' } };
    const retried: DealEvent = { type: 'DealSigningRetried', data: {} };
    given([created, signed, flagged]).when({ type: 'RetrySigning' }).then([retried]);
    given([created, signed, flagged, retried]).when({ type: 'FlagAttention', reason: 'Office 204 is unavailable' }).then([flagged]);
    given([created, signed]).when({ type: 'RetrySigning' }).thenRefuses(409, NOTHING_TO_RETRY);
    given([created, signed, flagged, retried]).when({ type: 'RetrySigning' }).thenRefuses(409, NOTHING_TO_RETRY);
  });

  it('stores the executed copy once per file', () => {
    const copy = 'b'.repeat(64);
    const stored: DealEvent = { type: 'DealExecutedCopyStored', data: { sha256: copy, size: 2000 } };
    given([created, signed]).when({ type: 'StoreExecutedCopy', sha256: copy, size: 2000 }).then([stored]);
    given([created, signed, stored]).when({ type: 'StoreExecutedCopy', sha256: copy, size: 2000 }).then([]);
  });

  it('counts the agreement and signature events as changes, so an earlier drag can no longer be undone', () => {
    const dana = 'user-dana';
    const moved: DealEvent = { type: 'DealMoved', data: { from_stage: 'tour_completed', from_rank: 'a0', stage: 'agreement_sent', rank: 'a0', moved_by: dana } };
    given([created, moved, generated]).when({ type: 'UndoMove', actor_id: dana }).thenRefuses(409, 'This deal was changed after your move, so it cannot be undone');
  });
});

describe('deal decider: signed by hand (a drag, the dropdown, the API)', () => {
  const dana = 'user-dana';
  const sign = { type: 'MoveDeal', stage: 'agreement_signed', above: null, below: 'a0', actor_id: dana, actor_name: 'Dana Lee' } as const;
  const movedIn: DealEvent = { type: 'DealMoved', data: { from_stage: 'agreement_sent', from_rank: 'a0', stage: 'agreement_signed', rank: 'Zz', moved_by: dana } };
  const marked: DealEvent = { type: 'DealMarkedSigned', data: { marked_by: dana, signer_name: 'Dana Lee' } };

  it('moves the deal and marks it signed by the mover, which the signing process follows', () => {
    given([created]).when(sign).then([movedIn, marked]);
  });

  it('refuses a deal with offices but without the start date or term its leases need', () => {
    const undated: DealEvent = { type: 'DealCreated', data: { ...created.data, start_date: null } } as DealEvent;
    given([undated]).when(sign).thenRefuses(400, 'Add a start date before signing the deal');
    const termless: DealEvent = { type: 'DealCreated', data: { ...created.data, start_date: null, term_months: null, term_days: null } } as DealEvent;
    given([termless]).when(sign).thenRefuses(400, 'Add a start date and a term before signing the deal');
  });

  it('signs a deal without offices without terms: there is nothing to lease', () => {
    const bare: DealEvent = { type: 'DealCreated', data: { ...created.data, office_ids: [], start_date: null, term_months: null } } as DealEvent;
    given([bare]).when(sign).then([movedIn, marked]);
  });

  it('marks nothing for a move to another stage, or for demo history seeded as signed', () => {
    given([created]).when({ ...sign, stage: 'tour_completed' }).then([{ type: 'DealMoved', data: { ...movedIn.data, stage: 'tour_completed' } } as DealEvent]);
    given([created]).when({ ...sign, seeded: true }).then([movedIn]);
  });

  it('cannot be undone or moved out once signed by hand: the deal is closed and the mark followed the move', () => {
    given([created, movedIn, marked]).when({ type: 'UndoMove', actor_id: dana }).thenRefuses(409, CHANGED_SINCE_MOVE);
    given([created, movedIn, marked]).when({ ...sign, stage: 'agreement_sent' }).thenRefuses(409, DEAL_CLOSED);
  });

  it('completes where it stands (no second move), needs attention and tries again like a signature', () => {
    given([created, movedIn, marked]).when({ type: 'CompleteSigning', member_id: member, leases, rank: 'Zy' }).then([completed]);
    const flagged: DealEvent = { type: 'DealNeedsAttention', data: { reason: 'Office 204 is unavailable' } };
    given([created, movedIn, marked]).when({ type: 'FlagAttention', reason: 'Office 204 is unavailable' }).then([flagged]);
    given([created, movedIn, marked, flagged]).when({ type: 'RetrySigning' }).then([{ type: 'DealSigningRetried', data: {} }]);
  });
});
