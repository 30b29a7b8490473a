import { seesAllLocations, type Actor } from '@shared/domain/access';
import { KINDS_IN_USE, type VisibilityKind } from '@shared/visibility';
import type { EventScope } from '../../events/store/types';

/**
 * Rooms are the gateway's permission boundary: a socket joins only the rooms its user may see,
 * and each event goes only to the rooms its scope names. Both follow the kinds of visibility
 * rows are declared with (shared/visibility.ts), whose event scopes events/eventScope.ts writes.
 */
const ALL_LOCATIONS_ROOM = 'locations:all';
/** Every signed-in socket: for rows that belong to no location and everyone reads. */
const EVERYONE_ROOM = 'everyone';
const ADMINS_ROOM = 'admins';
const locationRoom = (id: string) => `location:${id}`;
const userRoom = (id: string) => `user:${id}`;

const adminsRoom = (actor: Actor) => (actor.role === 'admin' ? [ADMINS_ROOM] : []);

/** The rooms a user joins to hear of the rows of each kind it may see. */
const JOINS: { [K in VisibilityKind]: (actor: Actor) => string[] } = {
  location: (actor) => (seesAllLocations(actor) ? [ALL_LOCATIONS_ROOM] : actor.locations.map(locationRoom)),
  everyone: () => [EVERYONE_ROOM],
  admins: adminsRoom,
  self: (actor) => [userRoom(actor.id), ...adminsRoom(actor)],
  owner: (actor) => [userRoom(actor.id)],
};

export function roomsFor(actor: Actor): string[] {
  return [...new Set(KINDS_IN_USE.flatMap((kind) => JOINS[kind](actor)))];
}

/** The rooms an event's scope reaches: those whose members `JOINS` let in for that kind. */
export function roomsForScope(scope: EventScope): string[] {
  if (scope.private) return (scope.users ?? []).map(userRoom);
  const rooms = scope.everyone
    ? [EVERYONE_ROOM]
    : scope.locations.length > 0
      ? [ALL_LOCATIONS_ROOM, ...scope.locations.map(locationRoom)]
      : [ADMINS_ROOM];
  return [...rooms, ...(scope.users ?? []).map(userRoom)];
}

export { userRoom, EVERYONE_ROOM };
