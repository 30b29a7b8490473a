import { useRef, useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { focusMainContent } from '../../lib/focusMain';

/** The first control a person fills in: where a dialog puts the focus when it opens. */
const FIRST_FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal dialog: focus trapped, Escape and the close button dismiss it, the title names it.
 * It opens with the focus on its first field (not on the close button; with no field, on the
 * dialog itself, so its title is read out) and, once closed, gives
 * the focus back to the control that opened it. Radix does that only for its own Trigger, and
 * our dialogs open from page state, so the opener is remembered here. On a phone it fills the
 * width and scrolls inside.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  const content = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // Whatever had the focus when the dialog opened (read before the dialog takes it).
  const [opened, setOpened] = useState(() => ({ open, opener: open ? document.activeElement : null }));
  if (opened.open !== open) setOpened({ open, opener: open ? document.activeElement : opened.opener });

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          ref={content}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (body.current?.querySelector<HTMLElement>(FIRST_FIELD) ?? content.current)?.focus();
          }}
          onEscapeKeyDown={(event) => {
            // Escape in an open suggestion list closes the list, not the dialog (Radix hears it first).
            if (event.target instanceof Element && event.target.closest('[role="combobox"][aria-expanded="true"]')) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Radix gives the focus back a tick after the dialog is gone: if the user has already
            // put it somewhere (a shortcut focused the search meanwhile), it stays there.
            const active = document.activeElement;
            if (active instanceof HTMLElement && active !== document.body && active.isConnected) return;
            const opener = opened.opener;
            if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) opener.focus();
            else focusMainContent();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>}
            </div>
            <RadixDialog.Close asChild>
              <button type="button" className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label="Close">
                <X className="h-5 w-5" aria-hidden />
              </button>
            </RadixDialog.Close>
          </div>
          <div ref={body} className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
            {children}
          </div>
          {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
