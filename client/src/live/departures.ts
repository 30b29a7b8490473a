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

/** The departures of each entity, by row id, in the order they happened. */
export type Departures = { readonly [E in LiveEntity]?: Readonly<Record<string, Departure<E>>> };

export const departuresAtom = atom<Departures>({});

/** Records a departure (the row as it was before its removal). */
export function addDeparture<E extends LiveEntity>(departures: Departures, departure: Departure<E>): Departures {
  const { entity, id } = departure;
  return { ...departures, [entity]: { ...departures[entity], [id]: departure } };
}

/** Forgets one: dismissed, or the row came back into view. Same object when there was none. */
export function dropDeparture(departures: Departures, entity: LiveEntity, id: string): Departures {
  const ofEntity = departures[entity];
  if (!ofEntity || !(id in ofEntity)) return departures;
  const { [id]: _gone, ...rest } = ofEntity;
  return { ...departures, [entity]: rest };
}

export function departureOf<E extends LiveEntity>(departures: Departures, entity: E, id: string | undefined): Departure<E> | null {
  return id ? (departures[entity]?.[id] ?? null) : null;
}

/** The departures of one entity, oldest first. */
export function departuresOf<E extends LiveEntity>(departures: Departures, entity: E): Departure<E>[] {
  return Object.values(departures[entity] ?? {});
}
