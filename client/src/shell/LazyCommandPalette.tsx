import { Search } from 'lucide-react';
import { Spinner } from '../components/ui/Spinner';
import { useAtom, useAtomValue, useSetAtom } from '../state/jotai';
import { lazyPart } from './loadOnFirstUse';
import { PALETTE_CONTENT, PALETTE_INPUT, PALETTE_OVERLAY, PALETTE_PLACEHOLDER } from './paletteLook';
import { paletteOpenAtom, paletteTextAtom } from './paletteState';

/** The palette (cmdk and the search) is fetched the first time it opens, not with the shell. */
export const palette = lazyPart('search', () => import('./CommandPalette'));

/**
 * Renders the palette once it has been opened and its code has arrived; it then opens itself.
 * Until then a stand-in with the palette's field takes what is typed, so Ctrl/Cmd+K and typing
 * straight away loses nothing.
 */
export function LazyCommandPalette() {
  const open = useAtomValue(paletteOpenAtom);
  const loaded = palette.useLoaded(open);
  if (loaded) return <loaded.CommandPalette />;
  return open ? <PaletteLoading /> : null;
}

function PaletteLoading() {
  const [text, setText] = useAtom(paletteTextAtom);
  const setOpen = useSetAtom(paletteOpenAtom);
  const close = () => {
    setOpen(false);
    setText('');
  };
  return (
    <>
      <div className={PALETTE_OVERLAY} onClick={close} />
      <div role="dialog" aria-modal="true" aria-label="Find anything" aria-busy="true" className={PALETTE_CONTENT}>
        <div className="flex items-center gap-2 px-4">
          <Search className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          <input
            // The palette opens with its field focused, as the loaded one does.
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && close()}
            placeholder={PALETTE_PLACEHOLDER}
            aria-label="Find anything"
            className={PALETTE_INPUT}
          />
          <Spinner className="h-4 w-4" label="Loading" />
        </div>
      </div>
    </>
  );
}
