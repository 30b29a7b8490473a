import type { LiveEntity, LiveRows } from '@shared/realtime';
import { atom } from '../state/jotai';

/**
 * A row that left this user's view live because it moved to a location the user may not see:
 * the row as the user last saw it (they saw it, so nothing leaks) and the name of where it went,
 * so screens can say so instead of letting it vanish.
 */
export interface Departure<E extends LiveEntity = LiveEntity> {
  entity: E;
  id: string;
  row: LiveRows[E];
  movedTo: string;
}

export type Departures = Readonly<Record<string, Departure>>;

export const departuresAtom = atom<Departures>({});

const key = (entity: LiveEntity, id: string) => `${entity}:${id}`;

/** Records a departure (the row as it was before its removal). */
export function addDeparture<E extends LiveEntity>(departures: Departures, departure: Departure<E>): Departures {
  return { ...departures, [key(departure.entity, departure.id)]: departure };
}

/** Forgets one: dismissed, or the row came back into view. Same object when there was none. */
export function dropDeparture(departures: Departures, entity: LiveEntity, id: string): Departures {
  const k = key(entity, id);
  if (!(k in departures)) return departures;
  const { [k]: _gone, ...rest } = departures;
  return rest;
}

export function departureOf<E extends LiveEntity>(departures: Departures, entity: E, id: string | undefined): Departure<E> | null {
  return id ? ((departures[key(entity, id)] as Departure<E> | undefined) ?? null) : null;
}

/** The departures of one entity, oldest first. */
export function departuresOf<E extends LiveEntity>(departures: Departures, entity: E): Departure<E>[] {
  return Object.values(departures).filter((d): d is Departure<E> => d.entity === entity);
}
