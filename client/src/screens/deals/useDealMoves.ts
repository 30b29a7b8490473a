import { useCallback } from 'react';
import { toast } from 'sonner';
import { DEAL_STAGE_LABELS, isClosedStage, type DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { reloadRow } from '../../live/reloadRow';
import { appStore, atom } from '../../state/jotai';
import { dealsAtom } from './atoms';
import { refusalWords } from './moveWords';
import { rankBetween } from '@shared/domain/rank';
import { logFailure } from '../../lib/logFailure';

/** The user's own last move on this screen: what Undo and Ctrl/Cmd+Z take back. */
interface LastMove {
  id: string;
  name: string;
  /** Where the card stood before, shown at once while the server undoes it. */
  from: { stage: DealStage; rank: string; stage_changed_at: string };
}
export const lastMoveAtom = atom<LastMove | null>(null);

export interface MoveTarget {
  stage: DealStage;
  before_id: string | null;
  after_id: string | null;
}

const rankOf = (id: string | null) => (id ? (appStore.get(dealsAtom).byId[id]?.rank ?? null) : null);

/** After a refusal: the row as it now stands, so the board shows the truth and the words can name it. */
async function latest(id: string): Promise<Deal | null> {
  try {
    return await reloadRow('deals', id, endpoints.deal);
  } catch {
    return null;
  }
}

/**
 * Moving and un-moving deals, through the one command path: the card lands at once (new stage,
 * a provisional rank between its new neighbours), the server's row replaces it, and a refusal
 * puts it back with a toast that says why and who.
 */
export function useDealMoves() {
  const undo = useCallback(async () => {
    const last = appStore.get(lastMoveAtom);
    if (!last) return;
    const row = appStore.get(dealsAtom).byId[last.id];
    appStore.set(lastMoveAtom, null);
    try {
      await sendCommand({
        entity: 'deals',
        id: last.id,
        version: row?.version,
        optimistic: (deal) => ({ ...deal, ...last.from }),
        send: (meta) => endpoints.undoDealMove(last.id, meta),
      });
      toast.success(`Moved ${last.name} back to ${DEAL_STAGE_LABELS[last.from.stage]}`);
    } catch (error) {
      logFailure('Failed to undo the move', error);
      if (error instanceof ApiError && error.status === 409) void latest(last.id);
      toast.error(reasonOf(error), { description: 'The move was not undone.' });
    }
  }, []);

  const move = useCallback(
    async (deal: Deal, target: MoveTarget) => {
      const rank = rankBetween(rankOf(target.before_id), rankOf(target.after_id));
      const from = { stage: deal.stage, rank: deal.rank, stage_changed_at: deal.stage_changed_at };
      const changesStage = target.stage !== deal.stage;
      try {
        await sendCommand({
          entity: 'deals',
          id: deal.id,
          version: deal.version,
          optimistic: (row) => ({ ...row, stage: target.stage, rank, stage_changed_at: changesStage ? new Date().toISOString() : row.stage_changed_at }),
          send: (meta) => endpoints.moveDeal(deal.id, target, meta),
        });
        const words = changesStage ? `Moved ${deal.deal_name} to ${DEAL_STAGE_LABELS[target.stage]}` : `Reordered ${deal.deal_name}`;
        // A signed or lost deal is closed (signing leases its offices): no Undo the server would refuse.
        if (isClosedStage(target.stage)) {
          appStore.set(lastMoveAtom, null);
          toast.success(words, { id: 'deal-move' });
          return;
        }
        appStore.set(lastMoveAtom, { id: deal.id, name: deal.deal_name, from });
        toast.success(words, { id: 'deal-move', action: { label: 'Undo', onClick: () => void undo() } });
      } catch (error) {
        logFailure('Failed to update deal stage', error);
        const conflict = error instanceof ApiError && error.status === 409;
        const current = conflict ? await latest(deal.id) : null;
        const words = error instanceof ApiError && error.status !== 0 ? refusalWords(error.message, error.conflict, current, deal, Date.now()) : reasonOf(error);
        toast.error('Failed to update deal stage', { id: 'deal-move', description: words });
      }
    },
    [undo],
  );

  return { move, undo };
}
