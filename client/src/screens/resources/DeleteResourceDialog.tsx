import { useState } from 'react';
import { toast } from 'sonner';
import type { Resource } from '@shared/schemas/resources';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { logFailure } from '../../lib/logFailure';

/** Asks before deleting a document; a refusal stays in the dialog with the server's reason. */
export function DeleteResourceDialog({ resource, onClose }: ActionDialogProps & { resource: Resource }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand({ entity: 'resources', id: resource.id, version: resource.version, deletes: true, send: (meta) => endpoints.deleteResource(resource.id, meta) });
      toast.success(`Document ${resource.name} deleted`);
      onClose();
    } catch (e) {
      logFailure('Failed to delete document', e);
      setFailure({ title: 'Failed to delete document', reason: reasonOf(e) });
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title="Delete Document"
      onClose={onClose}
      notice={failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
      primary={{ onClick: remove, label: 'Delete Document', busyLabel: 'Deleting...', busy, variant: 'danger' }}
    >
      <p className="text-sm text-slate-700">
        Delete <span className="font-semibold text-slate-900">{resource.name}</span> ({resource.category})? Its file is removed and nobody can download it any more. This cannot be undone.
      </p>
    </ActionDialog>
  );
}
