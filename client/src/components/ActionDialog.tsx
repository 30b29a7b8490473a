import type { ReactNode } from 'react';
import { Button } from './ui/Button';
import { Dialog } from './ui/Dialog';

/**
 * What every office and member dialog takes from its page: only how to close. Each dialog keeps
 * its own errors, so they never outlive it or show up in the next dialog opened.
 */
export interface ActionDialogProps {
  onClose: () => void;
}

/** The footer's main button: it either submits the form with id `form` or calls `onClick`. */
export interface PrimaryAction {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  form?: string;
  onClick?: () => void;
  /** 'danger' for an action that destroys something (Delete). */
  variant?: 'primary' | 'danger';
}

/**
 * An always-open dialog that closes through its own dismissal or a Cancel button, with an optional
 * primary action. `notice` shows above the content: the dialog's failure or a change under it.
 */
export function ActionDialog({
  title,
  description,
  onClose,
  primary,
  closeLabel = 'Cancel',
  notice,
  className,
  children,
}: ActionDialogProps & {
  title: string;
  description?: ReactNode;
  primary?: PrimaryAction;
  closeLabel?: string;
  notice?: ReactNode;
  /** Widens the dialog for longer forms (max-w-3xl). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      className={className}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {closeLabel}
          </Button>
          {primary && (
            <Button
              variant={primary.variant ?? 'primary'}
              {...(primary.form ? { type: 'submit', form: primary.form } : { onClick: primary.onClick })}
              disabled={primary.busy || primary.disabled}
            >
              {primary.busy ? primary.busyLabel : primary.label}
            </Button>
          )}
        </>
      }
    >
      {notice && <div className="mb-4 space-y-3">{notice}</div>}
      {children}
    </Dialog>
  );
}
