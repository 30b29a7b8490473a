import type { BenchDatabase } from './database';
import { figure, status } from './figures';
import { percentiles } from './live';
import { benchMeeting } from './meeting';
import { benchMeetingFollow, printMeetingFollow } from './meetingFollow';
import { benchMeetingPointers, printMeetingPointers } from './meetingPointers';
import { benchMeetingPointerBrowser, printMeetingPointerBrowser } from './meetingPointerBrowser';
import { count, ms, table, type Progress } from './report';

/** `npm run bench -- meeting`: browsers on one board, following a presenter, and pointers. */

/**
 * A sales meeting: 8 browsers on one board of 180 deals while another client moves deals through
 * the API; the PATCH's answer until every browser shows the card in its new column. The same
 * with 2 browsers is printed beside it, for how the time grows with the browsers on the board.
 */
const MEETING = {
  deals: Number(process.env.BENCH_MEETING_DEALS ?? 180),
  browsers: [2, Number(process.env.BENCH_MEETING_BROWSERS ?? 8)],
  moves: Number(process.env.BENCH_MEETING_MOVES ?? 30),
  warmup: 3,
};
const MEETING_TARGET_MS = 250;

export async function benchMeetingBoardPart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  progress(`meeting: the server on a fresh database, ${database.name}`);
  const result = await benchMeeting(database, MEETING, progress);
  console.log('');
  if (!result) {
    console.log('Meeting: skipped (no Chromium at /usr/bin/chromium or no client build).');
    return;
  }
  const rows = result.runs.map((run) => {
    const last = percentiles(run.lastBrowser);
    const each = percentiles(run.everyBrowser);
    const most = run.browsers === Math.max(...MEETING.browsers);
    const named = `${run.browsers} browsers`;
    figure({ part: 'meeting', name: `a deal moved through the API until ${named} show it in its new column, p50`, value: last.p50, unit: 'ms' });
    const p95 = figure({
      part: 'meeting',
      name: `a deal moved through the API until ${named} show it in its new column, p95`,
      value: last.p95,
      unit: 'ms',
      ...(most ? { target: ['<=', MEETING_TARGET_MS] as ['<=', number] } : {}),
    });
    return [`${named}${most ? '' : ' (for comparison)'}`, ms(last.p50), ms(last.p95), ms(last.p99), ms(each.p50), ms(each.p95), String(run.lastBrowser.length), most ? `<= ${MEETING_TARGET_MS} ms: ${status(p95)}` : ''];
  });
  console.log(
    table(
      [`A deal moved through the API, ${count(result.deals)} deals on the board: PATCH answer until every browser shows it`, 'p50', 'p95', 'p99', 'each p50', 'each p95', 'moves', 'target (p95)'],
      rows,
    ),
  );
}

/**
 * Meeting mode: a presenter's filter change until 50 followers have it, and pointers of 50
 * followers at 20 Hz each (the node's CPU, the delay), each beside a bare socket.io server doing
 * the same in the same run; a follower's main thread per pointer update beside one frame.
 */
export async function benchMeetingFollowPart(database: BenchDatabase, progress: Progress): Promise<void> {
  console.log('');
  printMeetingFollow(await benchMeetingFollow(database, progress));
  printMeetingPointers(await benchMeetingPointers(database, progress));
  printMeetingPointerBrowser(await benchMeetingPointerBrowser(database, progress));
}
