import { appStore, atom } from '../../../state/jotai';

/**
 * When the meeting on the deal board began (an ISO instant), or null when there is none. The
 * meeting code sets it (`setMeetingStartedAt`, or the atom through the store) when a meeting
 * starts or is joined, and clears it when the meeting ends; the Since control then offers
 * "Start of the meeting", and picks it by itself while the panel is open on it.
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

/** The board as it stood at this instant (ISO), read only; null: the live board. */
export const asOfAtom = atom<string | null>(null);
