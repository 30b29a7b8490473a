import { useState, type ReactNode } from 'react';
import { reasonOf } from '../lib/errorText';
import { ActionDialog, type ActionDialogProps } from './ActionDialog';
import { ErrorBanner, type Failure } from './ui/Banner';
import { logFailure } from '../lib/logFailure';

/**
 * Asks before deleting; `remove` does it (and closes the dialog). A refusal stays in the dialog
 * under `failureTitle` with the server's reason, and the question can be answered again.
 */
export function ConfirmDeleteDialog({
  title,
  confirmLabel,
  failureTitle,
  remove,
  onClose,
  children,
}: ActionDialogProps & { title: string; confirmLabel: string; failureTitle: string; remove: () => Promise<void>; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await remove();
    } catch (e) {
      logFailure(failureTitle, e);
      setFailure({ title: failureTitle, reason: reasonOf(e) });
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      notice={failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
      primary={{ onClick: confirm, label: confirmLabel, busyLabel: 'Deleting...', busy, variant: 'danger' }}
    >
      {children}
    </ActionDialog>
  );
}
