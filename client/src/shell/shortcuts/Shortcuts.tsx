import { useCallback, useState } from 'react';
import { lazyPart } from '../loadOnFirstUse';
import { useShortcuts } from './useShortcuts';

/** The `?` list (a Radix dialog) is fetched the first time it is asked for; the keys work from the start. */
const help = lazyPart('shortcut list', () => import('./ShortcutsDialog'));

/** The shell's keyboard shortcuts and their `?` list. */
export function Shortcuts() {
  const [open, setOpen] = useState(false);
  const openHelp = useCallback(() => setOpen(true), []);
  useShortcuts(openHelp);
  const loaded = help.useLoaded(open);
  return loaded ? <loaded.ShortcutsDialog open={open} onOpenChange={setOpen} /> : null;
}
