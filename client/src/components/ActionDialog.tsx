import type { ReactNode } from 'react';
import { ErrorBanner } from './ui/Banner';
import { Button } from './ui/Button';
import { Dialog } from './ui/Dialog';

/** What every office and member dialog takes from its page. */
export interface ActionDialogProps {
  onClose: () => void;
  /** Shows the spec's banner (on the page, and here while the dialog is open). */
  onError: (message: string, error: unknown) => void;
  error: string | null;
  onDismissError: () => void;
}

/** The footer's main button: it either submits the form with id `form` or calls `onClick`. */
export interface PrimaryAction {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  form?: string;
  onClick?: () => void;
}

/** The page's error banner, repeated at the top of an open dialog (the page's own is behind the overlay). */
function DialogError({ error, onDismiss }: { error: string | null; onDismiss: () => void }) {
  return error ? (
    <div className="mb-4">
      <ErrorBanner message={error} onDismiss={onDismiss} />
    </div>
  ) : null;
}

/** An always-open dialog that closes through its own dismissal or a Cancel button, with an optional primary action. */
export function ActionDialog({
  title,
  description,
  onClose,
  error,
  onDismissError,
  primary,
  closeLabel = 'Cancel',
  children,
}: Pick<ActionDialogProps, 'onClose' | 'error' | 'onDismissError'> & {
  title: string;
  description?: ReactNode;
  primary?: PrimaryAction;
  closeLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {closeLabel}
          </Button>
          {primary && (
            <Button {...(primary.form ? { type: 'submit', form: primary.form } : { onClick: primary.onClick })} disabled={primary.busy || primary.disabled}>
              {primary.busy ? primary.busyLabel : primary.label}
            </Button>
          )}
        </>
      }
    >
      <DialogError error={error} onDismiss={onDismissError} />
      {children}
    </Dialog>
  );
}
