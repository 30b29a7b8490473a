import { MEETING_POINTER_INTERVAL_MS, type MeetingPointer, type MeetingPointerMessage, type MeetingView } from '@shared/realtime';
import { appStore, atom } from '../state/jotai';
import type { LiveSocket } from './liveSocket';
import { meetingReducer, NO_MEETING, type MeetingAction, type MeetingClientState } from './meetingState';

/**
 * The meeting this tab is in, kept for the tab's life (sessionStorage): a reload presents or
 * follows it again, within the server's grace for a presenter.
 */
const REMEMBERED = 'meeting';
interface Remembered {
  meeting_id: string;
  role: 'presenter' | 'follower';
  view: MeetingView | null;
}
const remember = (value: Remembered | null) => {
  try {
    if (value) sessionStorage.setItem(REMEMBERED, JSON.stringify(value));
    else sessionStorage.removeItem(REMEMBERED);
  } catch {
    // Storage refused (private mode): a reload then starts outside the meeting.
  }
};
const remembered = (): Remembered | null => {
  try {
    const text = sessionStorage.getItem(REMEMBERED);
    return text ? (JSON.parse(text) as Remembered) : null;
  } catch {
    return null;
  }
};

/** The tab's meeting: offers, the meeting it presents or follows, the one that just ended. */
export const meetingAtom = atom<MeetingClientState>(NO_MEETING);

const dispatch = (action: MeetingAction) => {
  const before = appStore.get(meetingAtom);
  const after = meetingReducer(before, action);
  if (after !== before) appStore.set(meetingAtom, after);
};

type PointerListener = (message: MeetingPointerMessage) => void;
type CardListener = (cardId: string) => void;

/**
 * A pointer's latest position at most every `interval` ms: the first at once, the latest when
 * the interval is up. A pointer leaving the board (null) is sent once.
 */
export function createPointerThrottle(send: (pointer: MeetingPointer | null) => void, interval = MEETING_POINTER_INTERVAL_MS, now = () => performance.now()) {
  let lastSent = -Infinity;
  let pending: MeetingPointer | null | undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The last one sent was "gone": another is worth nothing. */
  let gone = true;
  const flush = () => {
    timer = null;
    if (pending === undefined) return;
    const next = pending;
    pending = undefined;
    lastSent = now();
    gone = next === null;
    send(next);
  };
  return (pointer: MeetingPointer | null) => {
    if (pointer === null && gone && pending === undefined) return;
    pending = pointer;
    const wait = lastSent + interval - now();
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
  };
}

/**
 * The meeting part of the tab's socket. What the board needs many times a second (the others'
 * pointers, the card the presenter scrolled to) goes to listeners that move DOM elements
 * directly; only what changes what the board shows goes into `meetingAtom`.
 */
class MeetingLink {
  private socket: LiveSocket | null = null;
  private pointerListeners = new Set<PointerListener>();
  private cardListeners = new Set<CardListener>();
  /** The presenter's last view, sent again on reconnecting (which resumes the meeting). */
  private lastView: MeetingView | null = null;
  private lastCard: string | null = null;
  private sendPointer = createPointerThrottle((pointer) => {
    const current = appStore.get(meetingAtom).current;
    if (current && this.socket?.connected) this.socket.volatile.emit('meeting:pointer', { meeting_id: current.meeting_id, pointer });
  });

  bind(socket: LiveSocket) {
    this.socket = socket;
    socket.on('meetings', ({ meetings }) => dispatch({ type: 'offers', meetings }));
    socket.on('meeting', (message) => {
      if (message.role === 'follower' && message.view.card_id && message.view.card_id !== this.lastCard) {
        for (const listener of this.cardListeners) listener(message.view.card_id);
      }
      this.lastCard = message.view.card_id;
      if (message.role === 'presenter' && !this.lastView) this.lastView = message.view;
      if (message.role === 'follower') this.lastView = null;
      remember({ meeting_id: message.meeting_id, role: message.role, view: this.lastView });
      dispatch({ type: 'meeting', message });
    });
    socket.on('meeting:pointer', (message) => {
      for (const listener of this.pointerListeners) listener(message);
    });
    socket.on('meeting:ended', (message) => {
      if (appStore.get(meetingAtom).current?.meeting_id === message.meeting_id) this.lastView = null;
      if (remembered()?.meeting_id === message.meeting_id) remember(null);
      dispatch({ type: 'ended', message });
    });
    // Back after a drop: a presenter resumes its meeting (within the server's grace), a follower joins again.
    // A reload does the same from what the tab remembered.
    socket.on('ready', () => {
      const current = appStore.get(meetingAtom).current ?? remembered();
      if (!current) return;
      const view = this.lastView ?? (current.role === 'presenter' ? (remembered()?.view ?? null) : null);
      if (current.role === 'presenter' && view) {
        this.lastView = view;
        socket.emit('meeting:start', { view, meeting_id: current.meeting_id });
      } else if (current.role === 'follower') socket.emit('meeting:join', { meeting_id: current.meeting_id });
    });
  }

  unbind() {
    this.socket = null;
    this.lastView = null;
    appStore.set(meetingAtom, NO_MEETING);
  }

  start(view: MeetingView) {
    this.lastView = view;
    dispatch({ type: 'asked', pending: { kind: 'start' } });
    this.socket?.emit('meeting:start', { view });
  }

  /** The presenter's board changed: sent when it differs from the last one sent. */
  view(view: MeetingView) {
    const current = appStore.get(meetingAtom).current;
    if (current?.role !== 'presenter') return;
    const last = this.lastView;
    if (last && JSON.stringify(last) === JSON.stringify(view)) return;
    this.lastView = view;
    remember({ meeting_id: current.meeting_id, role: 'presenter', view });
    this.socket?.emit('meeting:view', { meeting_id: current.meeting_id, view });
  }

  join(meetingId: string) {
    dispatch({ type: 'asked', pending: { kind: 'join', meeting_id: meetingId } });
    this.socket?.emit('meeting:join', { meeting_id: meetingId });
  }

  leave() {
    const current = appStore.get(meetingAtom).current;
    if (!current) return;
    if (current.role === 'presenter') return this.end();
    this.socket?.emit('meeting:leave', { meeting_id: current.meeting_id });
    remember(null);
    dispatch({ type: 'left' });
  }

  lead() {
    const current = appStore.get(meetingAtom).current;
    if (current?.role === 'follower') this.socket?.emit('meeting:lead', { meeting_id: current.meeting_id });
  }

  end() {
    const current = appStore.get(meetingAtom).current;
    if (current?.role === 'presenter') this.socket?.emit('meeting:end', { meeting_id: current.meeting_id });
  }

  dismiss() {
    dispatch({ type: 'dismissed' });
  }

  pointer(pointer: MeetingPointer | null) {
    this.sendPointer(pointer);
  }

  onPointer(listener: PointerListener) {
    this.pointerListeners.add(listener);
    return () => void this.pointerListeners.delete(listener);
  }

  onCard(listener: CardListener) {
    this.cardListeners.add(listener);
    return () => void this.cardListeners.delete(listener);
  }
}

export const meetings = new MeetingLink();
