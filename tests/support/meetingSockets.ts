import { BOARD_SCREEN, type MeetingEndedMessage, type MeetingMessage, type MeetingPointerMessage, type MeetingsMessage } from '@shared/realtime';
import { listen, type Listener } from './sockets';

/** A board tab of a meeting test: what it was told of meetings, and how to send it what a browser would (or never would). */
export interface MeetingTab extends Listener {
  offers: MeetingsMessage[];
  states: MeetingMessage[];
  pointers: MeetingPointerMessage[];
  ended: MeetingEndedMessage[];
  /** Resolves when `predicate` holds for this tab's meeting messages so far. */
  when(predicate: (tab: MeetingTab) => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Emits a client-to-server meeting message; `unknown` so tests can send nonsense. */
  send(event: 'meeting:start' | 'meeting:view' | 'meeting:join' | 'meeting:leave' | 'meeting:lead' | 'meeting:end' | 'meeting:pointer', message: unknown): void;
  /** The latest meeting message. */
  last(): MeetingMessage | undefined;
}

/** Connects a tab of the user holding `token` and puts it on the deal board (or on `screen`). */
export async function meetingTab(url: string, token: string, screen: string = BOARD_SCREEN): Promise<MeetingTab> {
  const listener = listen(url, { token });
  const tab = listener as MeetingTab;
  tab.offers = [];
  tab.states = [];
  tab.pointers = [];
  tab.ended = [];
  const checks = new Set<() => void>();
  const notify = () => {
    for (const check of checks) check();
  };
  listener.socket.on('meetings', (m) => (tab.offers.push(m), notify()));
  listener.socket.on('meeting', (m) => (tab.states.push(m), notify()));
  listener.socket.on('meeting:pointer', (m) => (tab.pointers.push(m), notify()));
  listener.socket.on('meeting:ended', (m) => (tab.ended.push(m), notify()));
  tab.when = (predicate, what, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        checks.delete(check);
        reject(new Error(`timed out waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        if (!predicate(tab)) return;
        clearTimeout(timer);
        checks.delete(check);
        resolve();
      };
      checks.add(check);
      check();
    });
  tab.send = (event, message) => listener.socket.emit(event, message as never);
  tab.last = () => tab.states.at(-1);
  await listener.ready;
  listener.announce({ screen });
  await listener.untilPresence((m) => m.some((x) => x.screen === screen), `presence on ${screen}`);
  return tab;
}

/** The board as a presenter might show it. */
export const boardView = (over: Record<string, unknown> = {}) => ({
  location: 'All Locations',
  stage: 'all',
  search: '',
  view: 'pipeline',
  deal_id: null,
  card_id: null,
  ...over,
});
