import { useCallback, useState } from 'react';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useShortcuts } from './useShortcuts';

/** The shell's keyboard shortcuts and their `?` list. */
export function Shortcuts() {
  const [open, setOpen] = useState(false);
  const openHelp = useCallback(() => setOpen(true), []);
  useShortcuts(openHelp);
  return <ShortcutsDialog open={open} onOpenChange={setOpen} />;
}
