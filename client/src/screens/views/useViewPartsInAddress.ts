import { useViewInAddress } from './useViewInAddress';
import type { ViewCodec } from './viewQuery';

/** Each part of a screen's view as its value and its setter: a `useAtom` pair, or a preference's. */
export type ViewParts<S> = { [K in keyof S]: readonly [S[K], (value: S[K]) => void] };

/**
 * A screen's view kept in the address (useViewInAddress), from the parts it is made of: the view
 * is their values (returned, for a saved view), and a view from the address sets each of them.
 */
export function useViewPartsInAddress<S extends object>(codec: ViewCodec<S>, parts: ViewParts<S>): S {
  const keys = Object.keys(parts) as (keyof S)[];
  const state = {} as S;
  for (const key of keys) state[key] = parts[key][0];
  const apply = (next: S) => {
    for (const key of keys) parts[key][1](next[key]);
  };
  useViewInAddress(codec, state, apply);
  return state;
}
