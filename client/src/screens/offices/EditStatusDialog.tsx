import { useState } from 'react';
import { toast } from 'sonner';
import { OFFICE_STATUSES, type OfficeStatus } from '../../../../shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field, Select } from '../../components/ui/Field';
import { markOwnChange } from '../../live/highlight';
import { DialogError, type DialogProps } from './officeDialogParts';

export function EditStatusDialog({ office, onClose, onError, error, onDismissError }: DialogProps) {
  const [status, setStatus] = useState<OfficeStatus>(office.status);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      markOwnChange(office.id);
      await endpoints.changeOfficeStatus(office.id, status);
      toast.success(`Office ${office.office_number} is now ${status}`);
      onClose();
    } catch (e) {
      onError('Failed to update office status', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Office Status"
      description={`Office ${office.office_number} · ${office.location_name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={busy}>
            {busy ? 'Saving...' : 'Update Status'}
          </Button>
        </>
      }
    >
      <DialogError error={error} onDismiss={onDismissError} />
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
    </Dialog>
  );
}
