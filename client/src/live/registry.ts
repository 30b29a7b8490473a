import type { LiveEntity, LiveRows } from '@shared/realtime';
import { atom, type PrimitiveAtom } from '../state/jotai';
import { emptyCollection, type LiveCollection } from './collection';

export type CollectionAtom<E extends LiveEntity> = PrimitiveAtom<LiveCollection<LiveRows[E]>>;

const atoms = new Map<LiveEntity, CollectionAtom<LiveEntity>>();

/**
 * The atom holding one entity's rows. A screen defines it next to itself
 * (`export const officesAtom = liveCollection('offices')`); the live layer finds it here to
 * merge pushed rows, whichever screen is open.
 */
export function liveCollection<E extends LiveEntity>(entity: E): CollectionAtom<E> {
  let existing = atoms.get(entity);
  if (!existing) {
    existing = atom(emptyCollection<LiveRows[LiveEntity]>()) as CollectionAtom<LiveEntity>;
    atoms.set(entity, existing);
  }
  return existing as unknown as CollectionAtom<E>;
}

export function collectionFor(entity: LiveEntity): CollectionAtom<LiveEntity> | undefined {
  return atoms.get(entity);
}

/** Every registered collection, for a full reset on sign-out. */
export function allCollections(): CollectionAtom<LiveEntity>[] {
  return [...atoms.values()];
}
