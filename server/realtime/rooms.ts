import { seesAllLocations, type Actor } from '@shared/domain/access';
import type { EventScope } from '../../events/store/types';

/**
 * Rooms are the gateway's permission boundary: a socket joins only the rooms its user may see,
 * and each event goes only to the rooms its scope names.
 */
const ALL_LOCATIONS_ROOM = 'locations:all';
/** Every signed-in socket: for rows that belong to no location and everyone reads. */
const EVERYONE_ROOM = 'everyone';
const ADMINS_ROOM = 'admins';
const locationRoom = (id: string) => `location:${id}`;
const userRoom = (id: string) => `user:${id}`;

export function roomsFor(actor: Actor): string[] {
  const rooms = [userRoom(actor.id), EVERYONE_ROOM];
  if (actor.role === 'admin') rooms.push(ADMINS_ROOM);
  if (seesAllLocations(actor)) rooms.push(ALL_LOCATIONS_ROOM);
  else rooms.push(...actor.locations.map(locationRoom));
  return rooms;
}

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
