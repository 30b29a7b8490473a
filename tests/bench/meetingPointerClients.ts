import type { Socket } from 'socket.io-client';
import type { MeetingMessage, MeetingPointerMessage } from '@shared/realtime';
import { percentiles } from './live';
import { connectSocket } from './meetingServer';

/**
 * The pointer bench's people, run as a child process (meetingPointers.ts forks it), so their
 * sockets' CPU is never charged to the node measured. Every member of a meeting (or of the bare
 * relay) moves its pointer at `hz`; each pointer carries its sender and sequence number in its
 * offsets (x, y are fractions), so every receiver can tell how late it arrived.
 */
export type PointerCommand =
  | { kind: 'connect'; mode: 'meeting'; url: string; presenterToken: string; followerTokens: string[] }
  | { kind: 'connect'; mode: 'bare'; url: string; members: number }
  | { kind: 'move'; hz: number; seconds: number }
  | { kind: 'close' };

export type PointerReply =
  | { kind: 'connected' }
  | { kind: 'moved'; sent: number; received: number; p50: number; p99: number; seconds: number }
  | { kind: 'closed' }
  | { kind: 'failed'; message: string };

const SEQUENCE_SPAN = 1_000_000;
const BARE_MEETING = '00000000-0000-4000-8000-000000000000';
let members: Socket[] = [];
let mode: 'meeting' | 'bare' = 'meeting';
let meetingId = '';
const sentAt = new Map<string, number>();
let delays: number[] = [];
let received = 0;

const reply = (message: PointerReply) => process.send!(message);

function heard(x: number, y: number) {
  const at = sentAt.get(`${Math.round(x * 1000)}:${Math.round(y * SEQUENCE_SPAN)}`);
  received++;
  if (at !== undefined) delays.push(performance.now() - at);
}

async function connect(command: Extract<PointerCommand, { kind: 'connect' }>) {
  mode = command.mode;
  if (command.mode === 'bare') {
    members = await Promise.all(Array.from({ length: command.members }, () => connectSocket(command.url)));
    for (const socket of members) socket.on('pointer', (m: MeetingPointerMessage) => m.pointer && heard(m.pointer.x, m.pointer.y));
    return;
  }
  const presenter = await connectSocket(command.url, { token: command.presenterToken });
  const started = new Promise<MeetingMessage>((resolve) => presenter.once('meeting', resolve));
  presenter.emit('meeting:start', { view: { location: 'All Locations', stage: 'all', search: '', view: 'pipeline', deal_id: null, card_id: null } });
  meetingId = (await started).meeting_id;
  const followers = await Promise.all(
    command.followerTokens.map(async (token) => {
      const socket = await connectSocket(command.url, { token });
      const joined = new Promise((resolve) => socket.once('meeting', resolve));
      socket.emit('meeting:join', { meeting_id: meetingId });
      await joined;
      return socket;
    }),
  );
  members = [presenter, ...followers];
  for (const socket of members) socket.on('meeting:pointer', (m: MeetingPointerMessage) => m.pointer && heard(m.pointer.x, m.pointer.y));
}

async function move(hz: number, seconds: number) {
  delays = [];
  received = 0;
  sentAt.clear();
  let sent = 0;
  const started = performance.now();
  const timers = members.map((socket, index) => {
    let sequence = 0;
    const tick = () => {
      sequence = (sequence + 1) % SEQUENCE_SPAN;
      const pointer = { stage: 'tour_booked', card_id: null, x: index / 1000, y: sequence / SEQUENCE_SPAN };
      sentAt.set(`${index}:${sequence}`, performance.now());
      sent++;
      // The bare relay passes on what it is sent: the message a meeting's receivers get, so both cost the people alike.
      if (mode === 'bare') socket.volatile.emit('pointer', { meeting_id: BARE_MEETING, user_id: `bench-user-${index}`, name: `Pointer Viewer ${index}`, pointer });
      else socket.volatile.emit('meeting:pointer', { meeting_id: meetingId, pointer });
    };
    // Spread over the interval, as people's pointers are.
    return setTimeout(() => {
      tick();
      timers[index] = setInterval(tick, 1000 / hz);
    }, (index * 1000) / hz / members.length) as ReturnType<typeof setInterval>;
  });
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  for (const timer of timers) clearInterval(timer);
  // The last ones in flight.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { p50, p99 } = percentiles(delays);
  return { sent, received, p50, p99, seconds: (performance.now() - started) / 1000 };
}

process.on('message', (command: PointerCommand) => {
  const run = async (): Promise<PointerReply> => {
    switch (command.kind) {
      case 'connect':
        await connect(command);
        return { kind: 'connected' };
      case 'move':
        return { kind: 'moved', ...(await move(command.hz, command.seconds)) };
      case 'close':
        for (const socket of members) socket.close();
        members = [];
        return { kind: 'closed' };
    }
  };
  run().then(reply, (error: unknown) => reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }));
});
