/**
 * A bulk action as rows worked one by one through the command path: which rows it skips, what it
 * did to each, the words of its summary, and the plan of its Undo. Pure; useBulkAction runs it.
 */

/** A row the action was asked to change. */
export interface BulkRow<V> {
  id: string;
  name: string;
  /** The value the action changes (a deal's stage, an office's status), before it. */
  from: V;
}

/** One row and the value the action gives it. */
export interface BulkStep<V> {
  row: BulkRow<V>;
  to: V;
}

export const stepsTo = <V>(rows: readonly BulkRow<V>[], to: V): BulkStep<V>[] => rows.map((row) => ({ row, to }));

export type BulkOutcome<V> =
  | { kind: 'done'; row: BulkRow<V>; to: V }
  | { kind: 'unchanged'; row: BulkRow<V> }
  | { kind: 'refused'; row: BulkRow<V>; reason: string };

export interface BulkSummary<V> {
  done: BulkStep<V>[];
  unchanged: BulkRow<V>[];
  refused: { row: BulkRow<V>; reason: string }[];
}

export function summarise<V>(outcomes: readonly BulkOutcome<V>[]): BulkSummary<V> {
  const summary: BulkSummary<V> = { done: [], unchanged: [], refused: [] };
  for (const outcome of outcomes) {
    if (outcome.kind === 'done') summary.done.push({ row: outcome.row, to: outcome.to });
    else if (outcome.kind === 'unchanged') summary.unchanged.push(outcome.row);
    else summary.refused.push({ row: outcome.row, reason: outcome.reason });
  }
  return summary;
}

/** A row already at the target is left alone: no command, no event, nothing to undo. */
export const needsChange = <V>({ row, to }: BulkStep<V>) => row.from !== to;

/**
 * What Undo sends: each row the action changed, back to where it was, and only those (rows it
 * left alone or that were refused stay as they are).
 */
export function undoPlan<V>(summary: BulkSummary<V>): BulkStep<V>[] {
  return summary.done.map(({ row, to }) => ({ row: { id: row.id, name: row.name, from: to }, to: row.from }));
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * "Moved 3 deals to Tour Booked" / "2 refused" with each refusal's row and reason, one per line
 * (`verb`: 'Moved', `target`: 'to Tour Booked').
 */
export function summaryWords<V>(summary: BulkSummary<V>, noun: string, verb: string, target: string): { title: string; details: string[] } {
  const parts = [`${verb} ${count(summary.done.length, noun)} ${target}`];
  if (summary.unchanged.length) parts.push(`${summary.unchanged.length} already ${target.replace(/^to /, '')}`);
  if (summary.refused.length) parts.push(`${summary.refused.length} refused`);
  return { title: parts.join(' · '), details: summary.refused.map(({ row, reason }) => `${row.name}: ${reason}`) };
}
