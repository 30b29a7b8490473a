import { useRef, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { focusMainContent } from '../lib/focusMain';
import { Sidebar } from './Sidebar';

/** The sidebar as a drawer on small screens, opened from the top bar's menu button. */
export function NavigationDrawer({ open, onOpenChange, menuButton }: { open: boolean; onOpenChange: (open: boolean) => void; menuButton: RefObject<HTMLButtonElement | null> }) {
  const navigated = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 lg:hidden"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Radix gives the focus back only to its own Trigger, and the drawer opens from the top
            // bar's button. After choosing a screen the focus goes to it; otherwise back to the button.
            if (navigated.current) focusMainContent();
            else menuButton.current?.focus();
            navigated.current = false;
          }}
        >
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <Sidebar
            onNavigate={() => {
              navigated.current = true;
              onOpenChange(false);
            }}
          />
          <Dialog.Close asChild>
            <button type="button" className="absolute top-4 -right-11 rounded-lg bg-white p-1.5 text-slate-700 shadow" aria-label="Close navigation">
              <X className="h-5 w-5" aria-hidden />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
