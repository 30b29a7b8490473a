import { DEAL_STAGE_LABELS, type DealStage } from '@shared/domain/deals';
import type { SlackEventType } from '@shared/schemas/slack';
import type { DealState } from '../../events/deal/decider';

/** Something a deal's event did that a workflow rule may announce. */
export interface Trigger {
  type: SlackEventType;
  old_stage: DealStage | null;
  new_stage: DealStage;
}

/**
 * What one event did to a deal, read from the deal as it stood before and after it, not from the
 * event's type: a deal created is a new lead; a deal in another stage is a stage change; a deal
 * that reaches agreement_signed is signed, whichever event brought it there (a drag on the board,
 * an undo, an accepted signature). A new kind of event needs no change here as long as the deal's
 * decider folds it; a new kind of notification is one more line.
 */
export function triggersOf(before: DealState, after: DealState): Trigger[] {
  if (!after) return [];
  const triggers: Trigger[] = [];
  if (!before) triggers.push({ type: 'new_lead', old_stage: null, new_stage: after.stage });
  if (before && before.stage !== after.stage) triggers.push({ type: 'deal_stage_change', old_stage: before.stage, new_stage: after.stage });
  if (after.stage === 'agreement_signed' && before?.stage !== 'agreement_signed') {
    triggers.push({ type: 'deal_signed', old_stage: before?.stage ?? null, new_stage: after.stage });
  }
  return triggers;
}

export const stageLabel = (stage: DealStage | null) => (stage ? DEAL_STAGE_LABELS[stage] : '');
