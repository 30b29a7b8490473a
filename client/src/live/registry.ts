import type { LiveEntity, LiveRows } from '@shared/realtime';
import { appStore, atom, type PrimitiveAtom } from '../state/jotai';
import { emptyCollection, type LiveCollection } from './collection';

export type CollectionAtom<E extends LiveEntity> = PrimitiveAtom<LiveCollection<LiveRows[E]>>;

/** Each entity's atom, typed for its own rows. */
let atoms: { readonly [E in LiveEntity]?: CollectionAtom<E> } = {};
/** One per registered atom: sets it back to empty. */
const emptiers: (() => void)[] = [];

/**
 * The atom holding one entity's rows. A screen defines it next to itself
 * (`export const officesAtom = liveCollection('offices')`); the live layer finds it here to
 * merge pushed rows, whichever screen is open.
 */
export function liveCollection<E extends LiveEntity>(entity: E): CollectionAtom<E> {
  const existing = atoms[entity];
  if (existing) return existing;
  const created: CollectionAtom<E> = atom(emptyCollection<LiveRows[E]>());
  atoms = { ...atoms, [entity]: created };
  emptiers.push(() => appStore.set(created, emptyCollection<LiveRows[E]>()));
  return created;
}

export function collectionFor<E extends LiveEntity>(entity: E): CollectionAtom<E> | undefined {
  return atoms[entity];
}

/** Empties every registered collection: nothing of one session may show in the next. */
export function emptyCollections(): void {
  for (const empty of emptiers) empty();
}
