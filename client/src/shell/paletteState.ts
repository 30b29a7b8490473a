import { useEffect } from 'react';
import { atom, useSetAtom } from '../state/jotai';

/** Whether the palette is open: the shell's button and Ctrl/Cmd+K open it from any screen. */
export const paletteOpenAtom = atom(false);

/**
 * Ctrl+K (Cmd+K on a Mac) anywhere: toggles the palette, even while typing in a field. Lives apart
 * from the palette so the key works before the palette's own code has been fetched.
 */
export function usePaletteShortcut() {
  const setOpen = useSetAtom(paletteOpenAtom);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      setOpen((open) => !open);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);
}

/** What is typed in the palette: kept here so keys typed while its code is still arriving count. */
export const paletteTextAtom = atom('');
