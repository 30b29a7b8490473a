import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { signingTermsRefusal } from '@shared/domain/agreement';
import { isClosedStage, outcomeProbability, type DealStage } from '@shared/domain/deals';
import { changedFields, existing, type Aggregate, type Decider } from '../decider';
import { withoutPreviousCompany } from '../previousCompany';
import { DomainError, conflict } from '../store/errors';
import { DealEventSchemas, type DealCreated, type DealEvent, type DealSigningCompleted, type DealTermsData } from './events';
import { rankBetween } from '@shared/domain/rank';
import { DEAL_CLOSED, NO_SIGNING, agreementGenerated, decideSigning, evolveSigning, type SigningCommand, type SigningState } from './signing';

export type DealCommand =
  | { type: 'CreateDeal'; id: string; terms: DealTermsData; stage: DealStage; rank: string }
  | { type: 'EditDeal'; changes: Partial<DealTermsData> }
  /**
   * To `stage`, between the ranks of the cards above and below the drop (null: none there). To
   * agreement_signed it is a signing by hand: `actor_name` is the signer the deal shows, and the
   * signing process acts on it as on a signature; `seeded` (demo history only) runs no process.
   */
  | { type: 'MoveDeal'; stage: DealStage; above: string | null; below: string | null; actor_id: string; actor_name?: string; seeded?: boolean }
  | { type: 'UndoMove'; actor_id: string }
  /** The agreement, the signature request and the signing link's view and acceptance (signing.ts). */
  | SigningCommand
  /**
   * The signing process: the deal goes to agreement_signed (top of that column, at `rank`) with
   * its offices leased to `member_id`. Once only: a deal whose signing completed records nothing.
   */
  | { type: 'CompleteSigning'; member_id: string; leases: SignedLease[]; rank: string }
  /** The signing process could not complete: why, shown on the deal. */
  | { type: 'FlagAttention'; reason: string }
  /** A user's "Try again" on a signing that needs attention. */
  | { type: 'RetrySigning' }
  | { type: 'StoreExecutedCopy'; sha256: string; size: number };

export type SignedLease = DealSigningCompleted['data']['leases'][number];

/** A user's latest move of the deal, and the deal's change count right after it. */
interface MoveMade {
  from_stage: DealStage;
  from_rank: string;
  change: number;
}

export type DealState =
  | (DealCreated['data'] & {
      /** Events folded so far: a move can be undone while nothing followed it. */
      changes: number;
      /** Each user's latest move, for undo. */
      moves: Record<string, MoveMade>;
      /** The latest agreement, the open signing request, the signature. */
      signing: SigningState;
      /** The member company the signing process leased the offices to (null: not completed). */
      signed_member_id: string | null;
      /** Why the signing process stopped short, until a signing completes. */
      attention_reason: string | null;
      /** The executed copy's hash, once stored. */
      executed_sha256: string | null;
    })
  | null;

export const DEAL_NOT_FOUND = 'Deal not found';
export { DEAL_CLOSED };
export const NOTHING_TO_UNDO = 'There is no move of yours to undo on this deal';
/** Who moves a deal the signing process completes (`moved_by`): no user can undo that move. */
export const SYSTEM = 'system';
export const NOTHING_TO_RETRY = 'This deal has no signing that needs attention';
export const CHANGED_SINCE_MOVE = 'This deal was changed after your move, so it cannot be undone';

export const dealDecider: Decider<DealCommand, DealState, DealEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateDeal':
        if (state) throw conflict('Deal already exists');
        return [{ type: 'DealCreated', data: { id: command.id, ...command.terms, stage: command.stage, rank: command.rank } }];

      case 'EditDeal': {
        const deal = existing(state, DEAL_NOT_FOUND);
        // A signed or lost deal's probability is its outcome's (100 or 0): an edit cannot change it.
        const { probability, ...others } = command.changes;
        const asked = probability === undefined || isClosedStage(deal.stage) ? others : command.changes;
        const changes = changedFields<DealTermsData>(asked, deal);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'DealEdited', data: changes }];
      }

      case 'MoveDeal': {
        const deal = existing(state, DEAL_NOT_FOUND);
        if (isClosedStage(deal.stage)) throw conflict(DEAL_CLOSED);
        const rank = rankBetween(command.above, command.below);
        if (command.stage === deal.stage && rank === deal.rank) return [];
        const moved: DealEvent = {
          type: 'DealMoved',
          data: { from_stage: deal.stage, from_rank: deal.rank, stage: command.stage, rank, moved_by: command.actor_id },
        };
        if (command.stage !== 'agreement_signed' || command.seeded) return [moved];
        // Signed by hand: the same signing process as a signature follows the mark (API.md "Deals").
        const missing = signingTermsRefusal(deal);
        if (missing) throw new DomainError(400, missing);
        return [moved, { type: 'DealMarkedSigned', data: { marked_by: command.actor_id, signer_name: command.actor_name ?? command.actor_id } }];
      }

      case 'UndoMove': {
        const deal = existing(state, DEAL_NOT_FOUND);
        const move = deal.moves[command.actor_id];
        if (!move) throw conflict(NOTHING_TO_UNDO);
        if (move.change !== deal.changes || isClosedStage(deal.stage)) throw conflict(CHANGED_SINCE_MOVE);
        return [{ type: 'DealMoveUndone', data: { stage: move.from_stage, rank: move.from_rank } }];
      }

      case 'GenerateAgreement': {
        const deal = existing(state, DEAL_NOT_FOUND);
        const generated = agreementGenerated(command, deal);
        if (deal.stage === 'agreement_sent') return [generated];
        // The move comes first: the agreement that follows it is a change, so the move cannot be
        // undone (which would leave an agreement out on a deal back in Tour Completed).
        const rank = rankBetween(command.above, command.below);
        return [
          { type: 'DealMoved', data: { from_stage: deal.stage, from_rank: deal.rank, stage: 'agreement_sent', rank, moved_by: command.actor_id } },
          generated,
        ];
      }

      case 'RequestSignature':
      case 'ViewSignature':
      case 'SignAgreement':
        return decideSigning(command, existing(state, DEAL_NOT_FOUND));

      case 'CompleteSigning': {
        const deal = existing(state, DEAL_NOT_FOUND);
        if (deal.signed_member_id) return [];
        if (deal.stage === 'close_lost') throw conflict(DEAL_CLOSED);
        const moved: DealEvent[] =
          deal.stage === 'agreement_signed'
            ? []
            : [{ type: 'DealMoved', data: { from_stage: deal.stage, from_rank: deal.rank, stage: 'agreement_signed', rank: command.rank, moved_by: SYSTEM } }];
        return [...moved, { type: 'DealSigningCompleted', data: { member_id: command.member_id, leases: command.leases } }];
      }

      case 'FlagAttention': {
        const deal = existing(state, DEAL_NOT_FOUND);
        return deal.attention_reason === command.reason ? [] : [{ type: 'DealNeedsAttention', data: { reason: command.reason } }];
      }

      case 'RetrySigning': {
        const deal = existing(state, DEAL_NOT_FOUND);
        if (!deal.attention_reason) throw conflict(NOTHING_TO_RETRY);
        return [{ type: 'DealSigningRetried', data: {} }];
      }

      case 'StoreExecutedCopy': {
        const deal = existing(state, DEAL_NOT_FOUND);
        return deal.executed_sha256 === command.sha256 ? [] : [{ type: 'DealExecutedCopyStored', data: { sha256: command.sha256, size: command.size } }];
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'DealCreated')
      return { ...event.data, probability: outcomeProbability(event.data.stage, event.data.probability), changes: 1, moves: {}, signing: NO_SIGNING, signed_member_id: null, attention_reason: null, executed_sha256: null };
    if (!state) return state;
    const changes = state.changes + 1;
    switch (event.type) {
      case 'DealEdited': {
        const next = { ...state, ...withoutPreviousCompany(event.data), changes };
        return { ...next, probability: outcomeProbability(next.stage, next.probability) };
      }
      case 'DealMoved': {
        const { from_stage, from_rank, stage, rank, moved_by } = event.data;
        const probability = outcomeProbability(stage, state.probability);
        return { ...state, stage, rank, probability, changes, moves: { ...state.moves, [moved_by]: { from_stage, from_rank, change: changes } } };
      }
      case 'DealMoveUndone': {
        // Undone once: the mover's entry goes (the undo itself is a change others' undo respects).
        const moves = Object.fromEntries(Object.entries(state.moves).filter(([, m]) => m.change !== state.changes));
        return { ...state, stage: event.data.stage, rank: event.data.rank, probability: outcomeProbability(event.data.stage, state.probability), changes, moves };
      }
      case 'DealAgreementGenerated':
      case 'DealSignatureRequested':
      case 'DealSignatureViewed':
      case 'DealAgreementSigned':
        return { ...state, changes, signing: evolveSigning(state.signing, event) };
      case 'DealSigningCompleted':
        return { ...state, changes, signed_member_id: event.data.member_id, attention_reason: null };
      case 'DealMarkedSigned':
        return { ...state, changes };
      case 'DealNeedsAttention':
        return { ...state, changes, attention_reason: event.data.reason };
      // Cleared while the process tries again: it says why once more if it still cannot.
      case 'DealSigningRetried':
        return { ...state, changes, attention_reason: null };
      case 'DealExecutedCopyStored':
        return { ...state, changes, executed_sha256: event.data.sha256 };
    }
  },
};

export const dealAggregate: Aggregate<DealCommand, DealState, DealEvent> = {
  streamType: 'deal',
  streamId: (id) => `deal-${id}`,
  decider: dealDecider,
  eventSchemas: DealEventSchemas,
  scope: eventScope(VISIBILITY.deals),
};
