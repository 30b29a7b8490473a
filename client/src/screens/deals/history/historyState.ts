import { appStore, atom } from '../../../state/jotai';

/**
 * When the meeting on the deal board began (an ISO instant), or null when there is none. The
 * meeting code sets it (`setMeetingStartedAt(at)`, or the atom through the store) when a meeting
 * starts or is joined, and clears it (`setMeetingStartedAt(null)`) when the meeting ends. The
 * Since control then offers "Since the meeting began"; to open the changes panel on it at once,
 * set `sinceChoiceAtom` to `{ kind: 'meeting' }` (`showChangesSinceMeeting()`).
 */
export const meetingStartedAtAtom = atom<string | null>(null);
export const setMeetingStartedAt = (at: string | null) => appStore.set(meetingStartedAtAtom, at);

/** Since when the board marks what changed: off, the user's last visit, the meeting's start, a day, an instant. */
export type SinceChoice =
  | { kind: 'off' }
  | { kind: 'last_visit' }
  | { kind: 'meeting' }
  | { kind: 'day'; day: string }
  | { kind: 'instant'; at: string };
export const sinceChoiceAtom = atom<SinceChoice>({ kind: 'off' });
/** Opens the changes panel on the meeting's start (the meeting summary's "what changed"). */
export const showChangesSinceMeeting = () => appStore.set(sinceChoiceAtom, { kind: 'meeting' });

/** The board as it stood at this instant (ISO), read only; null: the live board. */
export const asOfAtom = atom<string | null>(null);
