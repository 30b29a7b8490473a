import { isClosedStage, type DealStage } from '@shared/domain/deals';
import { changedFields, type Aggregate, type Decider } from '../decider';
import { locationScope } from '../office/decider';
import { conflict, notFound } from '../store/errors';
import { DealEventSchemas, type DealCreated, type DealEvent, type DealTermsData } from './events';
import { rankBetween } from './rank';
import { DEAL_CLOSED, NO_SIGNING, agreementGenerated, decideSigning, evolveSigning, type SigningCommand, type SigningState } from './signing';

export type DealCommand =
  | { type: 'CreateDeal'; id: string; terms: DealTermsData; stage: DealStage; rank: string }
  | { type: 'EditDeal'; changes: Partial<DealTermsData> }
  /** To `stage`, between the ranks of the cards above and below the drop (null: none there). */
  | { type: 'MoveDeal'; stage: DealStage; above: string | null; below: string | null; actor_id: string }
  | { type: 'UndoMove'; actor_id: string }
  /** The agreement, the signature request and the signing link's view and acceptance (signing.ts). */
  | SigningCommand;

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
    })
  | null;

export const DEAL_NOT_FOUND = 'Deal not found';
export { DEAL_CLOSED };
export const NOTHING_TO_UNDO = 'There is no move of yours to undo on this deal';
export const CHANGED_SINCE_MOVE = 'This deal was changed after your move, so it cannot be undone';

/** Terms that change a deal's value (offered price x term). */
const VALUE_FIELDS: readonly (keyof DealTermsData)[] = ['offered_price', 'term_months', 'term_days'];

function existing(state: DealState): NonNullable<DealState> {
  if (!state) throw notFound(DEAL_NOT_FOUND);
  return state;
}

export const dealDecider: Decider<DealCommand, DealState, DealEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateDeal':
        if (state) throw conflict('Deal already exists');
        return [{ type: 'DealCreated', data: { id: command.id, ...command.terms, stage: command.stage, rank: command.rank } }];

      case 'EditDeal': {
        const deal = existing(state);
        const changes = changedFields<DealTermsData>(command.changes, deal);
        if (Object.keys(changes).length === 0) return [];
        // A new value changes its company's deal total: the event names the company (unchanged,
        // so no history line shows it) for the company's read model and push.
        const revalued = VALUE_FIELDS.some((field) => field in changes) && changes.company_id === undefined && deal.company_id;
        // Moved to another company: the one it leaves is named too (hidden from the history).
        const moved = changes.company_id !== undefined ? { previous_company_id: deal.company_id } : {};
        return [{ type: 'DealEdited', data: revalued ? { ...changes, company_id: deal.company_id } : { ...changes, ...moved } }];
      }

      case 'MoveDeal': {
        const deal = existing(state);
        if (isClosedStage(deal.stage)) throw conflict(DEAL_CLOSED);
        const rank = rankBetween(command.above, command.below);
        if (command.stage === deal.stage && rank === deal.rank) return [];
        return [
          {
            type: 'DealMoved',
            data: { from_stage: deal.stage, from_rank: deal.rank, stage: command.stage, rank, moved_by: command.actor_id },
          },
        ];
      }

      case 'UndoMove': {
        const deal = existing(state);
        const move = deal.moves[command.actor_id];
        if (!move) throw conflict(NOTHING_TO_UNDO);
        if (move.change !== deal.changes || isClosedStage(deal.stage)) throw conflict(CHANGED_SINCE_MOVE);
        return [{ type: 'DealMoveUndone', data: { stage: move.from_stage, rank: move.from_rank } }];
      }

      case 'GenerateAgreement': {
        const deal = existing(state);
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
        return decideSigning(command, existing(state));
    }
  },

  evolve(state, event) {
    if (event.type === 'DealCreated') return { ...event.data, changes: 1, moves: {}, signing: NO_SIGNING };
    if (!state) return state;
    const changes = state.changes + 1;
    switch (event.type) {
      case 'DealEdited': {
        const { previous_company_id: _previous, ...terms } = event.data;
        return { ...state, ...terms, changes };
      }
      case 'DealMoved': {
        const { from_stage, from_rank, stage, rank, moved_by } = event.data;
        return { ...state, stage, rank, changes, moves: { ...state.moves, [moved_by]: { from_stage, from_rank, change: changes } } };
      }
      case 'DealMoveUndone': {
        // Undone once: the mover's entry goes (the undo itself is a change others' undo respects).
        const moves = Object.fromEntries(Object.entries(state.moves).filter(([, m]) => m.change !== state.changes));
        return { ...state, stage: event.data.stage, rank: event.data.rank, changes, moves };
      }
      case 'DealAgreementGenerated':
      case 'DealSignatureRequested':
      case 'DealSignatureViewed':
      case 'DealAgreementSigned':
        return { ...state, changes, signing: evolveSigning(state.signing, event) };
    }
  },
};

export const dealAggregate: Aggregate<DealCommand, DealState, DealEvent> = {
  streamType: 'deal',
  streamId: (id) => `deal-${id}`,
  decider: dealDecider,
  eventSchemas: DealEventSchemas,
  scope: (_id, next, previous) => locationScope(next, previous),
};
