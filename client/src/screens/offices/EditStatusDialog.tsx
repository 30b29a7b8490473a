import { useState } from 'react';
import { toast } from 'sonner';
import { OFFICE_STATUSES, type OfficeStatus } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { Field, Select } from '../../components/ui/Field';
import { sendCommand } from '../../live/command';
import type { DialogProps } from './officeDialogParts';

export function EditStatusDialog({ office, onClose, onError, error, onDismissError }: DialogProps) {
  const [status, setStatus] = useState<OfficeStatus>(office.status);
  // The version the user saw when opening: a change by someone else meanwhile is a conflict, not overwritten.
  const [openedVersion] = useState(office.version);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await sendCommand({
        entity: 'offices',
        id: office.id,
        version: openedVersion,
        optimistic: (o) => ({ ...o, status }),
        send: (meta) => endpoints.changeOfficeStatus(office.id, status, meta),
      });
      toast.success(`Office ${office.office_number} is now ${status}`);
      onClose();
    } catch (e) {
      onError('Failed to update office status', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title="Edit Office Status"
      description={`Office ${office.office_number} · ${office.location_name}`}
      onClose={onClose}
      error={error}
      onDismissError={onDismissError}
      primary={{ onClick: save, label: 'Update Status', busyLabel: 'Saving...', busy }}
    >
      <Field label="Status">
        {(id) => (
          <Select id={id} value={status} onChange={(e) => setStatus(e.target.value as OfficeStatus)}>
            {OFFICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </ActionDialog>
  );
}
