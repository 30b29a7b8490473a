import { useCallback, useMemo } from 'react';
import { DEAL_STAGE_LABELS, type DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { endpoints } from '../../../api/endpoints';
import { rowsOf } from '../../../live/collection';
import { sendCommand } from '../../../live/command';
import { appStore } from '../../../state/jotai';
import { dealsAtom } from '../atoms';
import { byRank } from '../boardModel';
import { rankBetween } from '@shared/domain/rank';
import { stepsTo, type BulkStep } from '../../selection/bulkPlan';
import { useBulkAction } from '../../selection/useBulkAction';

/** The last card of a stage's column now (the next moved card goes below it, so they keep their order). */
function lastIn(stage: DealStage, except: string): Deal | null {
  return rowsOf(appStore.get(dealsAtom)).filter((d) => d.stage === stage && d.id !== except).sort(byRank).at(-1) ?? null;
}

/** One deal to the end of a stage's column, through the command path with the row's version. */
function moveOne({ row, to }: BulkStep<DealStage>) {
  const deal = appStore.get(dealsAtom).byId[row.id];
  const before = lastIn(to, row.id);
  return sendCommand({
    entity: 'deals',
    id: row.id,
    version: deal?.version,
    optimistic: (d) => ({ ...d, stage: to, rank: rankBetween(before?.rank ?? null, null), stage_changed_at: new Date().toISOString() }),
    send: (meta) => endpoints.moveDeal(row.id, { stage: to, before_id: before?.id ?? null, after_id: null }, meta),
  });
}

/** Undo of one deal's move: the server's undo of the user's own last move (stage and place as they were). */
function undoOne({ row, to }: BulkStep<DealStage>) {
  const deal = appStore.get(dealsAtom).byId[row.id];
  return sendCommand({
    entity: 'deals',
    id: row.id,
    version: deal?.version,
    optimistic: (d) => ({ ...d, stage: to }),
    send: (meta) => endpoints.undoDealMove(row.id, meta),
  });
}

/** Moving the ticked deals to one stage, each its own command, with progress, summary and Undo. */
export function useBulkDealMove() {
  const words = useMemo(() => ({ noun: 'deal', verb: 'Moved', target: (stage: DealStage) => `to ${DEAL_STAGE_LABELS[stage]}` }), []);
  const { apply, busy } = useBulkAction(words, moveOne, undoOne);
  const moveAll = useCallback(
    (deals: readonly Deal[], stage: DealStage) => apply(stepsTo(deals.map((d) => ({ id: d.id, name: d.deal_name, from: d.stage })), stage), stage, 'Moving'),
    [apply],
  );
  return { moveAll, busy };
}
