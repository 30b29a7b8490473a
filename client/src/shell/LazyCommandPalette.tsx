import { useAtomValue } from '../state/jotai';
import { lazyPart } from './loadOnFirstUse';
import { paletteOpenAtom } from './paletteState';

/** The palette (cmdk and the search) is fetched the first time it opens, not with the shell. */
export const palette = lazyPart('search', () => import('./CommandPalette'));

/** Renders the palette once it has been opened and its code has arrived; it then opens itself. */
export function LazyCommandPalette() {
  const open = useAtomValue(paletteOpenAtom);
  const loaded = palette.useLoaded(open);
  return loaded ? <loaded.CommandPalette /> : null;
}
