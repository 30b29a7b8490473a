import { useMemo } from 'react';
import type { LiveEntity } from '@shared/realtime';
import { atom, useAtomValue } from '../state/jotai';
import type { Touch } from './collection';
import { liveCollection } from './registry';

/**
 * The latest live change of one row (for its "Updated by" mark), read by the row's own component:
 * a push re-renders the row it touched, not every row of a list that would otherwise take the
 * whole `touched` record as a prop.
 */
export function useRowTouch(entity: LiveEntity, id: string): Touch | undefined {
  const touchOf = useMemo(() => atom((get) => get(liveCollection(entity)).touched[id]), [entity, id]);
  return useAtomValue(touchOf);
}
