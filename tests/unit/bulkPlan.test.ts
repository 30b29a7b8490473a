import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../client/src/api/client';
import { stepsTo, summarise, summaryWords, undoPlan } from '../../client/src/screens/selection/bulkPlan';
import { runBulk } from '../../client/src/screens/selection/runBulk';

const rows = [
  { id: '1', name: 'Acme', from: 'tour_booked' },
  { id: '2', name: 'Globex', from: 'form_submitted' },
  { id: '3', name: 'Initech', from: 'form_submitted' },
  { id: '4', name: 'Hooli', from: 'agreement_signed' },
];

describe('a bulk action', () => {
  it('given rows, one already at the target and one refused, when run, then one command per changed row in order, the refusal kept with its reason', async () => {
    const sent: string[] = [];
    const progress: number[] = [];
    const summary = await runBulk(
      stepsTo(rows, 'tour_booked'),
      async ({ row }) => {
        sent.push(row.id);
        if (row.id === '4') throw new ApiError(409, 'Signed and lost deals cannot be moved');
      },
      (finished) => progress.push(finished),
    );
    expect(sent).toEqual(['2', '3', '4']);
    expect(progress).toEqual([1, 2, 3, 4]);
    expect(summary.done.map((s) => s.row.id)).toEqual(['2', '3']);
    expect(summary.unchanged.map((r) => r.id)).toEqual(['1']);
    expect(summary.refused).toEqual([{ row: rows[3], reason: 'Signed and lost deals cannot be moved' }]);
    expect(summaryWords(summary, 'deal', 'Moved', 'to Tour Booked')).toEqual({
      title: 'Moved 2 deals to Tour Booked · 1 already Tour Booked · 1 refused',
      details: ['Hooli: Signed and lost deals cannot be moved'],
    });
  });

  it('given a row refused for a conflict, then it is not logged as an error (the summary names it); another failure is', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await runBulk(stepsTo(rows.slice(1, 3), 'tour_booked'), async ({ row }) => {
        throw row.id === '2' ? new ApiError(409, 'Jordan Lee changed this deal since you opened it.') : new ApiError(500, 'Internal error');
      }, () => undefined);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged.mock.calls[0]?.[0]).toContain('Initech');
    } finally {
      logged.mockRestore();
    }
  });

  it('given a run, when undone, then only the rows it changed go back, each to its own value', () => {
    const summary = summarise([
      { kind: 'done', row: rows[1]!, to: 'tour_booked' },
      { kind: 'unchanged', row: rows[0]! },
      { kind: 'done', row: rows[2]!, to: 'tour_booked' },
      { kind: 'refused', row: rows[3]!, reason: 'no' },
    ]);
    expect(undoPlan(summary)).toEqual([
      { row: { id: '2', name: 'Globex', from: 'tour_booked' }, to: 'form_submitted' },
      { row: { id: '3', name: 'Initech', from: 'tour_booked' }, to: 'form_submitted' },
    ]);
  });

  it('given one row done, then the words are singular', () => {
    const summary = summarise([{ kind: 'done', row: rows[0]!, to: 'VACANT' }]);
    expect(summaryWords(summary, 'office', 'Changed', 'to VACANT').title).toBe('Changed 1 office to VACANT');
  });
});
