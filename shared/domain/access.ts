import type { Role } from '../constants';

/** The parts of a user that decide what it may see and do. */
export interface Actor {
  id: string;
  role: Role;
  locations: string[];
}

/** Admins see every location; others see their list, where an empty list means all. */
export function canAccessLocation(actor: Actor, locationId: string): boolean {
  if (actor.role === 'admin') return true;
  return actor.locations.length === 0 || actor.locations.includes(locationId);
}

/** True when the actor sees every location, present and future. */
export function seesAllLocations(actor: Actor): boolean {
  return actor.role === 'admin' || actor.locations.length === 0;
}
