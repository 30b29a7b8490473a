import { ALL_LOCATIONS, type Role } from '@shared/constants';
import { canAccessLocation, seesAllLocations, type Actor } from '@shared/domain/access';
import { MEETING_HIDDEN_CARD_Y, type MeetingMessage, type MeetingOffer, type MeetingPointerMessage, type MeetingView } from '@shared/realtime';

/**
 * What each node holds of one meeting on the deal board. The owner (the node holding the
 * presenter's socket) looks the open deal and the card in view up once, so every node can scope
 * them per follower without a read of its own.
 */
export interface MeetingState {
  id: string;
  /** Grows with every change; a node keeps the highest it heard (ties: the higher owner id). */
  revision: number;
  /** The node holding the presenter's socket. */
  owner: string;
  started_at: string;
  presenter: { id: string; name: string; role: Role; locations: string[] };
  view: MeetingView;
  /** The location of `view.deal_id` and of `view.card_id`; null when there is none. */
  deal_location: string | null;
  card_location: string | null;
}

/** True when `next` replaces `held` (a later revision, or the same one from a higher owner). */
export function isNewer(next: MeetingState, held: MeetingState | undefined): boolean {
  if (!held) return true;
  return next.revision > held.revision || (next.revision === held.revision && next.owner > held.owner);
}

/** The location a board shows is one the user may see (All Locations: its own, whichever they are). */
const showsSeen = (user: Actor, location: string) => location === ALL_LOCATIONS || canAccessLocation(user, location);

/** A user may follow a meeting whose board shows a location it may see. Pure. */
export function mayFollow(user: Actor, meeting: MeetingState): boolean {
  return meeting.presenter.id !== user.id && showsSeen(user, meeting.view.location);
}

/** The meetings `user` may follow, oldest first. Pure. */
export function offersFor(user: Actor, meetings: Iterable<MeetingState>): MeetingOffer[] {
  return [...meetings]
    .filter((m) => mayFollow(user, m))
    .sort((a, b) => a.started_at.localeCompare(b.started_at) || a.id.localeCompare(b.id))
    .map((m) => ({ meeting_id: m.id, presenter_id: m.presenter.id, presenter_name: m.presenter.name, started_at: m.started_at }));
}

/** Some location the presenter sees is not one the user sees. */
function seesLess(user: Actor, presenter: MeetingState['presenter']): boolean {
  if (seesAllLocations(user)) return false;
  if (seesAllLocations({ id: presenter.id, role: presenter.role, locations: presenter.locations })) return true;
  return presenter.locations.some((l) => !user.locations.includes(l));
}

const seen = (user: Actor, location: string | null) => location !== null && canAccessLocation(user, location);

/**
 * The meeting as `user` may see it: the presenter's filters, with the deal open and the card in
 * view only when they are the user's to see (their ids are never sent otherwise). Pure.
 */
export function viewFor(user: Actor, meeting: MeetingState, role: MeetingMessage['role']): MeetingMessage {
  const { view } = meeting;
  const dealSeen = view.deal_id === null || seen(user, meeting.deal_location);
  const cardSeen = view.card_id === null || seen(user, meeting.card_location);
  const locationSeen = showsSeen(user, view.location);
  return {
    meeting_id: meeting.id,
    role,
    presenter_id: meeting.presenter.id,
    presenter_name: meeting.presenter.name,
    started_at: meeting.started_at,
    view: { ...view, deal_id: dealSeen ? view.deal_id : null, card_id: cardSeen ? view.card_id : null },
    narrower: {
      locations: view.location === ALL_LOCATIONS && seesLess(user, meeting.presenter),
      location: !locationSeen,
      deal: !dealSeen,
    },
  };
}

/**
 * A pointer as `user` may see it: over a card of a location it does not see, only its column (the
 * offset was the card's, which says where the card is: near the column's top instead). Pure.
 */
export function pointerFor(user: Actor, message: MeetingPointerMessage, cardLocation: string | null): MeetingPointerMessage {
  const { pointer } = message;
  if (!pointer || pointer.card_id === null || seen(user, cardLocation)) return message;
  return { ...message, pointer: { ...pointer, card_id: null, y: MEETING_HIDDEN_CARD_Y } };
}

/** The key of what a user may see: users with the same key get the same scoped message. */
export const scopeKey = (user: Actor) => `${user.role}|${seesAllLocations(user) ? '*' : [...user.locations].sort().join(',')}`;
