import { ApiError } from '../../api/client';
import { reasonOf } from '../../lib/errorText';
import { logFailure } from '../../lib/logFailure';
import { needsChange, summarise, type BulkOutcome, type BulkStep, type BulkSummary } from './bulkPlan';

/**
 * Works through the rows one at a time, each its own command (its own version, its own event):
 * a refusal of one row is that row's, the others go on. `send` is the command path's call for one
 * row; `progress` hears after each row.
 */
export async function runBulk<V>(steps: readonly BulkStep<V>[], send: (step: BulkStep<V>) => Promise<unknown>, progress: (finished: number, total: number) => void): Promise<BulkSummary<V>> {
  const outcomes: BulkOutcome<V>[] = [];
  for (const step of steps) {
    if (!needsChange(step)) {
      outcomes.push({ kind: 'unchanged', row: step.row });
    } else {
      try {
        await send(step);
        outcomes.push({ kind: 'done', row: step.row, to: step.to });
      } catch (error) {
        // The summary names each refused row; a conflict is no fault of the app, so only other failures are logged.
        logFailure(`Bulk change refused for ${step.row.name}`, error);
        outcomes.push({ kind: 'refused', row: step.row, reason: error instanceof ApiError ? error.message : reasonOf(error) });
      }
    }
    progress(outcomes.length, steps.length);
  }
  return summarise(outcomes);
}
