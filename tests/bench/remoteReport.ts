import { figure, status } from './figures';
import type { RemoteOptions, RemoteResult, RemoteRun } from './remote';
import { count, ms, ratio, table } from './report';

/** One frame at 60 Hz: what a remote move may cost an open board. */
const FRAME_MS = 16.7;
const TARGET = 1;

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** A 3,000-deal board and a 180-deal one; shorter runs through the environment while developing. */
export const REMOTE: RemoteOptions = {
  sizes: { large: envNumber('REMOTE_LARGE', 3_000), small: envNumber('REMOTE_SMALL', 180) },
  moves: envNumber('REMOTE_MOVES', 10),
  spacingMs: envNumber('REMOTE_SPACING_MS', 1_000),
  reducedMotion: process.env.REMOTE_REDUCED_MOTION === '1',
  ...(process.env.REMOTE_PROFILE ? { profile: process.env.REMOTE_PROFILE } : {}),
};

export function printRemote(result: RemoteResult) {
  const row = (label: string, run: RemoteRun, of: 'move' | 'idle') => [label, ms(run[of].task), ms(run[of].script), ms(run[of].layout), ms(run[of].style)];
  const rows = (run: RemoteRun) => [
    row(`${count(run.deals)} deals (${run.cardsInDom} cards in the DOM): per move`, run, 'move'),
    row(`${count(run.deals)} deals: idle, per ${result.spacingMs} ms without a move`, run, 'idle'),
  ];
  console.log(
    table(
      [`Main thread of a browser showing the board, another user moving a card through the API (${result.moves} moves, ${result.spacingMs} ms apart)`, 'task', 'script', 'layout', 'style'],
      [...rows(result.large), ...rows(result.small)],
    ),
  );
  for (const size of ['large', 'small'] as const) {
    const run = result[size];
    const board = `${count(run.deals)}-deal board`;
    const moved = figure({
      part: 'remote',
      name: `main-thread time per remote move, ${board}`,
      value: run.move.task,
      unit: 'ms',
      reference: { name: 'one frame', value: FRAME_MS },
      target: ['<=', TARGET],
    });
    figure({ part: 'remote', name: `main-thread time per ${result.spacingMs} ms idle, ${board}`, value: run.idle.task, unit: 'ms' });
    console.log(`Per remote move / one frame (${FRAME_MS} ms), ${board}: ${ratio(moved.ratio!)} (target <= ${TARGET}: ${status(moved)})`);
  }
}
