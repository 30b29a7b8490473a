import { useEffect } from 'react';
import { DEAL_STAGES } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { stageStep } from '../../../shell/shortcuts/shortcutKeys';
import { columnsOf } from '../boardModel';
import type { MoveTarget } from '../useDealMoves';

/**
 * `[` / `]` (or Shift+Left / Shift+Right) on a focused deal card move it to the previous / next
 * stage, at the top of that column (as the card menu's "Move to" does), through the board's move
 * (the command path). Not while the card is held by a keyboard drag, whose arrows are its own.
 */
export function useStageKeys(enabled: boolean, deals: readonly Deal[], move: (deal: Deal, target: MoveTarget) => Promise<void>) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const step = stageStep(event);
      if (step === null || event.defaultPrevented || !(event.target instanceof HTMLElement)) return;
      const card = event.target.closest<HTMLElement>('[data-testid="deal-card"]');
      if (!card || card.getAttribute('aria-pressed') === 'true') return;
      const deal = deals.find((d) => d.id === card.dataset.dealId);
      if (!deal) return;
      const stage = DEAL_STAGES[DEAL_STAGES.indexOf(deal.stage) + step];
      event.preventDefault();
      if (!stage) return;
      const top = columnsOf(deals)[stage].find((id) => id !== deal.id) ?? null;
      // The card is rebuilt in its new column (at once, and again if refused): the focus follows it.
      const refocus = () => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-deal-id="${deal.id}"]`)?.focus());
      void move(deal, { stage, before_id: null, after_id: top }).then(refocus);
      refocus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, deals, move]);
}
