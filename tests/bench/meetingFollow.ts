import type { Socket } from 'socket.io-client';
import { MEETING_FOLLOW_MS, type MeetingMessage } from '@shared/realtime';
import type { BenchDatabase } from './database';
import { figure, status } from './figures';
import { percentiles } from './live';
import { connectSocket, startBareRelay, startMeetingServer } from './meetingServer';
import { count, ms, table, type Progress } from './report';

/**
 * A presenter changes its board's filters while `followers` follow it: each change timed from the
 * presenter's emit until the last follower's socket has it. Beside it, in the same run, a bare
 * socket.io server passing one socket's message on to `followers` others as it came.
 */
export const MEETING_FOLLOW = {
  followers: Number(process.env.BENCH_MEETING_FOLLOWERS ?? 50),
  changes: Number(process.env.BENCH_MEETING_CHANGES ?? 200),
  warmup: 10,
  /** A presenter types, picks, scrolls: a change every so often, not a flood. */
  betweenMs: 20,
};

const view = (search: string) => ({ location: 'All Locations', stage: 'all', search, view: 'pipeline', deal_id: null, card_id: null });
const TIMEOUT_MS = 10_000;

/**
 * Times `changes` rounds: `send(key)` once, then waits until every socket in `followers` heard
 * `key` (`keyOf` reads it from what each one received). The last follower's delay per round, ms.
 */
async function timeRounds<M>(followers: Socket[], event: string, keyOf: (message: M) => string | null, send: (key: string) => void, rounds: number, warmup: number): Promise<number[]> {
  let pending: { key: string; left: number; done: () => void } | null = null;
  for (const socket of followers) {
    socket.on(event, (message: M) => {
      if (pending && keyOf(message) === pending.key && --pending.left === 0) pending.done();
    });
  }
  const delays: number[] = [];
  for (let i = 0; i < warmup + rounds; i++) {
    const key = `round-${i}-${Math.random().toString(36).slice(2, 8)}`;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`meeting follow bench: ${key} reached ${followers.length - pending!.left} of ${followers.length}`)), TIMEOUT_MS);
      pending = {
        key,
        left: followers.length,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      send(key);
    });
    if (i >= warmup) delays.push(performance.now() - started);
    pending = null;
    await new Promise((resolve) => setTimeout(resolve, MEETING_FOLLOW.betweenMs));
  }
  return delays;
}

export async function benchMeetingFollow(database: BenchDatabase, progress: Progress) {
  const { followers: size, changes, warmup } = MEETING_FOLLOW;
  const server = await startMeetingServer(database);
  const sockets: Socket[] = [];
  try {
    progress(`meeting follow: ${size} followers (half viewers of every location, half managers of one)`);
    const [first] = await server.api<{ id: string }[]>('GET', '/api/locations');
    const users = [...(await server.users(Math.ceil(size / 2), 'Follow Viewer', 'viewer', [])), ...(await server.users(Math.floor(size / 2), 'Follow Manager', 'manager', [first!.id]))];
    const presenter = await connectSocket(server.url, { token: server.adminToken });
    sockets.push(presenter);
    const started = new Promise<MeetingMessage>((resolve) => presenter.once('meeting', resolve));
    presenter.emit('meeting:start', { view: view('') });
    const meetingId = (await started).meeting_id;
    const followers = await Promise.all(
      users.map(async ({ token }) => {
        const socket = await connectSocket(server.url, { token });
        sockets.push(socket);
        const joined = new Promise((resolve) => socket.once('meeting', resolve));
        socket.emit('meeting:join', { meeting_id: meetingId });
        await joined;
        return socket;
      }),
    );
    progress(`meeting follow: ${changes} filter changes to ${size} followers`);
    const meeting = await timeRounds(followers, 'meeting', (m: MeetingMessage) => m.view.search, (key) => presenter.emit('meeting:view', { meeting_id: meetingId, view: view(key) }), changes, warmup);

    progress(`meeting follow: the same through a bare socket.io broadcast`);
    const bare = await startBareRelay('view', false);
    const bareSockets: Socket[] = [];
    try {
      const sender = await connectSocket(bare.url);
      bareSockets.push(sender);
      const receivers = await Promise.all(Array.from({ length: size }, () => connectSocket(bare.url)));
      bareSockets.push(...receivers);
      const reference = await timeRounds(receivers, 'view', (m: { search: string }) => m.search, (key) => sender.emit('view', view(key)), changes, warmup);
      return { followers: size, changes, meeting: percentiles(meeting), bare: percentiles(reference) };
    } finally {
      for (const socket of bareSockets) socket.close();
      await bare.close();
    }
  } finally {
    for (const socket of sockets) socket.close();
    await server.close();
  }
}

export function printMeetingFollow(result: Awaited<ReturnType<typeof benchMeetingFollow>>) {
  const name = (p: string) => `a presenter's filter change until ${result.followers} followers' sockets have it, ${p}`;
  const reference = (p: string) => `a bare socket.io broadcast to ${result.followers} sockets, ${p}`;
  figure({ part: 'meeting', name: name('p50'), value: result.meeting.p50, unit: 'ms', reference: { name: reference('p50'), value: result.bare.p50 } });
  const p99 = figure({ part: 'meeting', name: name('p99'), value: result.meeting.p99, unit: 'ms', reference: { name: reference('p99'), value: result.bare.p99 } });
  const within = figure({ part: 'meeting', name: `${name('p99')}, against the ${MEETING_FOLLOW_MS} ms a follower's screen may take`, value: result.meeting.p99, unit: 'ms', target: ['<=', MEETING_FOLLOW_MS] });
  console.log('');
  console.log(
    table(
      [`A presenter's filter change, ${count(result.changes)} changes: emit until the last of ${result.followers} followers has it`, 'p50', 'p95', 'p99', 'p99 / bare'],
      [
        ['meeting (validated, scoped per follower, in order)', ms(result.meeting.p50), ms(result.meeting.p95), ms(result.meeting.p99), p99.ratio!.toFixed(2)],
        ['bare socket.io broadcast (reference)', ms(result.bare.p50), ms(result.bare.p95), ms(result.bare.p99), ''],
      ],
    ),
  );
  console.log(`Follow p99 within ${MEETING_FOLLOW_MS} ms: ${status(within)}`);
}
