import { fork } from 'node:child_process';
import { MEETING_POINTER_INTERVAL_MS } from '@shared/realtime';
import { processCpu } from './cpu';
import type { BenchDatabase } from './database';
import { figure } from './figures';
import { startBareRelay, startMeetingServer } from './meetingServer';
import type { PointerCommand, PointerReply } from './meetingPointerClients';
import { count, ms, table, type Progress } from './report';

/**
 * Pointers in a meeting of a presenter and `followers`, every one of them moving at 20 Hz (the
 * most a tab sends): each pointer goes to everyone else. The node's CPU over the run (its
 * process alone: the people are a child process) and each pointer's delay from its sender's emit
 * to each receiver, beside a bare socket.io server relaying the same pointers to the same sockets.
 */
export const MEETING_POINTERS = {
  followers: Number(process.env.BENCH_MEETING_FOLLOWERS ?? 50),
  seconds: Number(process.env.BENCH_MEETING_POINTER_SECONDS ?? 5),
  hz: 1000 / MEETING_POINTER_INTERVAL_MS,
};

interface Run {
  sent: number;
  received: number;
  p50: number;
  p99: number;
  /** The node's CPU over the run, in % of one core. */
  cpu: number;
}

function people() {
  const child = fork(new URL('./meetingPointerClients.ts', import.meta.url).pathname, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const send = <R extends PointerReply['kind']>(command: PointerCommand) =>
    new Promise<Extract<PointerReply, { kind: R }>>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the pointer bench's people exited (${code}) during ${command.kind}`));
      child.once('exit', exited);
      child.once('message', (reply: PointerReply) => {
        child.off('exit', exited);
        if (reply.kind === 'failed') reject(new Error(`pointer bench: ${reply.message}`));
        else resolve(reply as never);
      });
      child.send(command);
    });
  return {
    send,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

async function moveMeasured(crowd: ReturnType<typeof people>): Promise<Run> {
  const { hz, seconds } = MEETING_POINTERS;
  const cpuBefore = processCpu();
  const wallBefore = performance.now();
  const moved = await crowd.send<'moved'>({ kind: 'move', hz, seconds });
  const cpu = ((processCpu() - cpuBefore) / 1000 / (performance.now() - wallBefore)) * 100;
  return { sent: moved.sent, received: moved.received, p50: moved.p50, p99: moved.p99, cpu };
}

export async function benchMeetingPointers(database: BenchDatabase, progress: Progress) {
  const { followers } = MEETING_POINTERS;
  const crowd = people();
  try {
    const server = await startMeetingServer(database);
    let meeting: Run;
    try {
      const users = await server.users(followers, 'Pointer Viewer', 'viewer', []);
      progress(`meeting pointers: a presenter and ${followers} followers, each moving at ${MEETING_POINTERS.hz} Hz for ${MEETING_POINTERS.seconds} s`);
      await crowd.send<'connected'>({ kind: 'connect', mode: 'meeting', url: server.url, presenterToken: server.adminToken, followerTokens: users.map((u) => u.token) });
      meeting = await moveMeasured(crowd);
      await crowd.send<'closed'>({ kind: 'close' });
    } finally {
      await server.close();
    }
    progress('meeting pointers: the same through a bare socket.io relay');
    const bare = await startBareRelay('pointer', true);
    try {
      await crowd.send<'connected'>({ kind: 'connect', mode: 'bare', url: bare.url, members: followers + 1 });
      const reference = await moveMeasured(crowd);
      await crowd.send<'closed'>({ kind: 'close' });
      return { followers, seconds: MEETING_POINTERS.seconds, hz: MEETING_POINTERS.hz, meeting, bare: reference };
    } finally {
      await bare.close();
    }
  } finally {
    await crowd.stop();
  }
}

export function printMeetingPointers(result: Awaited<ReturnType<typeof benchMeetingPointers>>) {
  const who = `${result.followers} followers and the presenter at ${result.hz} Hz each`;
  const bareName = (what: string) => `a bare socket.io relay of the same pointers, ${what}`;
  figure({ part: 'meeting', name: `pointers of ${who}: the node's CPU, % of one core`, value: result.meeting.cpu, unit: '%', reference: { name: bareName("the relay's CPU"), value: result.bare.cpu } });
  figure({ part: 'meeting', name: `pointers of ${who}: emit until each other member has it, p99`, value: result.meeting.p99, unit: 'ms', reference: { name: bareName('p99'), value: result.bare.p99 } });
  console.log('');
  console.log(
    table(
      [`Pointers of ${who}, ${result.seconds} s`, 'sent', 'received', 'node CPU', 'p50', 'p99'],
      [
        ['meeting (validated, 20/s per tab enforced, scoped, volatile)', count(result.meeting.sent), count(result.meeting.received), `${result.meeting.cpu.toFixed(0)} %`, ms(result.meeting.p50), ms(result.meeting.p99)],
        ['bare socket.io relay (reference)', count(result.bare.sent), count(result.bare.received), `${result.bare.cpu.toFixed(0)} %`, ms(result.bare.p50), ms(result.bare.p99)],
      ],
    ),
  );
}
