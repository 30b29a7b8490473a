import { describe, it } from 'vitest';
import { AGREEMENT_REGENERATED, AGREEMENT_SIGNED, NO_AGREEMENT, SIGNING_MESSAGES } from '@shared/domain/agreement';
import { CHANGED_SINCE_MOVE, DEAL_CLOSED, DEAL_NOT_FOUND, dealDecider } from '../../events/deal/decider';
import type { DealEvent } from '../../events/deal/events';
import { DEAL_ID, dealTerms } from './dealFixtures';
import { rankBetween } from '@shared/domain/rank';
import { specFor } from '../support/givenWhenThen';

const given = specFor(dealDecider);
const id = DEAL_ID;
const office = '33333333-1b2c-4d5e-8f90-123456789abc';
const dana = 'user-dana';
const sha1 = 'a'.repeat(64);
const sha2 = 'b'.repeat(64);
const token1 = '55555555-1b2c-4d5e-8f90-123456789abc';
const token2 = '66666666-1b2c-4d5e-8f90-123456789abc';
const terms = dealTerms({ office_ids: [office], start_date: '2030-03-01', market_rate: 3200 });
const created: DealEvent = { type: 'DealCreated', data: { id, ...terms, stage: 'tour_completed', rank: 'a0' } };
const generate = (version: number, sha256 = sha1) =>
  ({ type: 'GenerateAgreement', agreement_version: version, sha256, size: 1234, file_name: `Agreement v${version}.pdf`, actor_id: dana, above: null, below: 'a0' }) as const;
const moved: DealEvent = { type: 'DealMoved', data: { from_stage: 'tour_completed', from_rank: 'a0', stage: 'agreement_sent', rank: rankBetween(null, 'a0'), moved_by: dana } };
const generated = (version: number, sha256 = sha1): DealEvent => ({ type: 'DealAgreementGenerated', data: { agreement_version: version, sha256, size: 1234, file_name: `Agreement v${version}.pdf` } });
const requested = (token_id = token1, sha256 = sha1, version = 1): DealEvent => ({
  type: 'DealSignatureRequested',
  data: { token_id, agreement_version: version, sha256, expires_at: '2030-01-15T00:00:00.000Z' },
});
const use = (token_id = token1, sha256 = sha1, at = '2030-01-10T12:00:00.000Z') => ({ token_id, sha256, ip: '203.0.113.7', user_agent: 'Browser/1.0', at });
const viewed: DealEvent = { type: 'DealSignatureViewed', data: { token_id: token1, ip: '203.0.113.7', user_agent: 'Browser/1.0' } };
const signed: DealEvent = {
  type: 'DealAgreementSigned',
  data: { token_id: token1, agreement_version: 1, document_sha256: sha1, signer_name: 'Pat Doe', signed_at: '2030-01-10T12:00:00.000Z', ip: '203.0.113.7', user_agent: 'Browser/1.0' },
};
const sent = [created, moved, generated(1), requested()];

describe('deal decider: the agreement', () => {
  it('generates version 1 and moves the deal to Agreement Sent in the same step, the move first', () => {
    given([created]).when(generate(1)).then([moved, generated(1)]);
  });
  it('regenerates a later version without moving a deal already in Agreement Sent', () => {
    given([created, moved, generated(1)]).when(generate(2, sha2)).then([generated(2, sha2)]);
  });
  it('refuses a version that is not the next one (another was generated meanwhile)', () => {
    given([created, moved, generated(1)]).when(generate(1, sha2)).thenRefuses(409, AGREEMENT_REGENERATED);
  });
  it('refuses an unknown deal, a closed deal, and a signed agreement', () => {
    given([]).when(generate(1)).thenRefuses(404, DEAL_NOT_FOUND);
    const lost: DealEvent = { type: 'DealMoved', data: { ...moved.data, stage: 'close_lost' } } as DealEvent;
    given([created, lost]).when(generate(1)).thenRefuses(409, DEAL_CLOSED);
    given([...sent, signed]).when(generate(2, sha2)).thenRefuses(409, AGREEMENT_SIGNED);
  });
  it('names the missing terms: offices, start date and term', () => {
    const bare: DealEvent = { type: 'DealCreated', data: { ...created.data, office_ids: [], start_date: null, term_months: null } } as DealEvent;
    given([bare]).when(generate(1)).thenRefuses(400, 'Add an office, a start date and a term before generating the agreement');
    const noStart: DealEvent = { type: 'DealEdited', data: { start_date: null, term_months: 0 } };
    given([created, noStart]).when(generate(1)).thenRefuses(400, 'Add a start date and a term before generating the agreement');
  });
  it('leaves the generating move impossible to undo: the agreement followed it', () => {
    given([created, moved, generated(1)]).when({ type: 'UndoMove', actor_id: dana }).thenRefuses(409, CHANGED_SINCE_MOVE);
  });
});

describe('deal decider: the signature request', () => {
  it('sends the latest agreement, bound to its version and hash', () => {
    given([created, moved, generated(1), generated(2, sha2)])
      .when({ type: 'RequestSignature', token_id: token1, expires_at: '2030-01-15T00:00:00.000Z' })
      .then([requested(token1, sha2, 2)]);
  });
  it('refuses without an agreement, after signing, and on a closed deal', () => {
    given([created]).when({ type: 'RequestSignature', token_id: token1, expires_at: '2030-01-15T00:00:00.000Z' }).thenRefuses(409, NO_AGREEMENT);
    given([...sent, signed]).when({ type: 'RequestSignature', token_id: token2, expires_at: '2030-01-15T00:00:00.000Z' }).thenRefuses(409, AGREEMENT_SIGNED);
    const lost: DealEvent = { type: 'DealMoved', data: { ...moved.data, from_stage: 'agreement_sent', stage: 'close_lost' } } as DealEvent;
    given([...sent, lost]).when({ type: 'RequestSignature', token_id: token2, expires_at: '2030-01-15T00:00:00.000Z' }).thenRefuses(409, DEAL_CLOSED);
  });
});

describe('deal decider: the signing link', () => {
  it('records the first view of a link, and nothing on later views', () => {
    given(sent).when({ type: 'ViewSignature', ...use() }).then([viewed]);
    given([...sent, viewed]).when({ type: 'ViewSignature', ...use() }).then([]);
  });
  it('signs with the signer, the time, the address, the browser and the exact document', () => {
    given([...sent, viewed]).when({ type: 'SignAgreement', signer_name: 'Pat Doe', ...use() }).then([signed]);
  });
  it('signs once: a second submit finds it signed', () => {
    given([...sent, signed]).when({ type: 'SignAgreement', signer_name: 'Pat Doe', ...use() }).thenRefuses(410, SIGNING_MESSAGES.signed);
    given([...sent, signed]).when({ type: 'ViewSignature', ...use() }).thenRefuses(410, SIGNING_MESSAGES.signed);
  });
  it('refuses a link replaced by a newer agreement or a newer request', () => {
    given([...sent, generated(2, sha2)]).when({ type: 'SignAgreement', signer_name: 'Pat Doe', ...use() }).thenRefuses(410, SIGNING_MESSAGES.superseded);
    given([...sent, requested(token2)]).when({ type: 'SignAgreement', signer_name: 'Pat Doe', ...use() }).thenRefuses(410, SIGNING_MESSAGES.superseded);
    given([...sent, requested(token2)]).when({ type: 'ViewSignature', ...use() }).thenRefuses(410, SIGNING_MESSAGES.superseded);
  });
  it('refuses a link whose hash is not the request\'s', () => {
    given(sent).when({ type: 'SignAgreement', signer_name: 'Pat Doe', ...use(token1, sha2) }).thenRefuses(410, SIGNING_MESSAGES.superseded);
  });
  it('refuses an expired link, from its expiry on', () => {
    given(sent).when({ type: 'SignAgreement', signer_name: 'Pat Doe', ...use(token1, sha1, '2030-01-15T00:00:00.000Z') }).thenRefuses(410, SIGNING_MESSAGES.expired);
  });
  it('refuses a link of a deal lost meanwhile', () => {
    const lost: DealEvent = { type: 'DealMoved', data: { ...moved.data, from_stage: 'agreement_sent', stage: 'close_lost' } } as DealEvent;
    given([...sent, lost]).when({ type: 'SignAgreement', signer_name: 'Pat Doe', ...use() }).thenRefuses(410, SIGNING_MESSAGES.closed);
  });
});
