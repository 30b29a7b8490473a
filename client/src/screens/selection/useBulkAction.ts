import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { summaryWords, undoPlan, type BulkStep } from './bulkPlan';
import { runBulk } from './runBulk';

export interface BulkActionWords<V> {
  /** 'deal', 'office' */
  noun: string;
  /** 'Moved', 'Changed' */
  verb: string;
  /** 'to Tour Booked' */
  target: (to: V) => string;
}

/**
 * Runs a bulk action's steps through `send` (the command path, one row at a time), shows its
 * progress in a toast, then the summary with the refusals' reasons and an Undo that sends every
 * row it changed back the same way (`undo`: the command for one row going back).
 */
export function useBulkAction<V>(words: BulkActionWords<V>, send: (step: BulkStep<V>) => Promise<unknown>, undo: (step: BulkStep<V>) => Promise<unknown>) {
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (steps: BulkStep<V>[], label: string, to: V | null, back: boolean) => {
      const id = `bulk-${crypto.randomUUID()}`;
      setBusy(true);
      toast.loading(`${label} 0 of ${steps.length}…`, { id });
      try {
        const summary = await runBulk(steps, back ? undo : send, (finished, total) => toast.loading(`${label} ${finished} of ${total}…`, { id }));
        const target = to === null ? 'back' : words.target(to);
        const { title, details } = summaryWords(summary, words.noun, back ? 'Put' : words.verb, target);
        const plan = back ? [] : undoPlan(summary);
        const options = {
          id,
          description: details.length ? details.join('\n') : undefined,
          duration: plan.length ? 10_000 : undefined,
          action: plan.length ? { label: 'Undo', onClick: () => void run(plan, 'Undoing', null, true) } : undefined,
        };
        if (summary.refused.length) toast.warning(title, options);
        else toast.success(title, options);
        return summary;
      } finally {
        setBusy(false);
      }
    },
    [send, undo, words],
  );

  const apply = useCallback((steps: BulkStep<V>[], to: V, label: string) => run(steps, label, to, false), [run]);
  return { apply, busy };
}
