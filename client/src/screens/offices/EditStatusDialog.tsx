import { useState } from 'react';
import { toast } from 'sonner';
import { OFFICE_STATUSES, type OfficeStatus } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Field, Select } from '../../components/ui/Field';
import { keepTyped } from '../../forms/keepTyped';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { OFFICE_FIELD_LABELS, type DialogProps } from './officeDialogParts';
import { logFailure } from '../../lib/logFailure';

export function EditStatusDialog({ office, onClose }: DialogProps) {
  const edited = useEditedRow('offices', office, { noun: 'office', labels: OFFICE_FIELD_LABELS, fetchRow: endpoints.office });
  const [status, setStatus] = useState<OfficeStatus>(office.status);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand({
        entity: 'offices',
        id: office.id,
        version: edited.base.version,
        optimistic: (o) => ({ ...o, status }),
        send: (meta) => endpoints.changeOfficeStatus(office.id, status, meta),
      });
      toast.success(`Office ${office.office_number} is now ${status}`);
      onClose();
    } catch (e) {
      logFailure('Failed to update office status', e);
      if (!edited.takeConflict(e)) setFailure({ title: 'Failed to update office status', reason: reasonOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const reload = () =>
    edited
      .reload((latest, opened) => setStatus(keepTyped({ status: opened.status }, { status }, { status: latest.status }).status))
      .catch((e: unknown) => setFailure({ title: 'Failed to reload the office', reason: reasonOf(e) }));

  return (
    <ActionDialog
      title="Edit Office Status"
      description={`Office ${office.office_number} · ${office.location_name}`}
      onClose={onClose}
      primary={{ onClick: save, label: 'Update Status', busyLabel: 'Saving...', busy }}
      notice={
        (edited.notice || failure) && (
          <>
            {edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />}
            {failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
          </>
        )
      }
    >
      <Field label="Status">
        {(control) => (
          <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as OfficeStatus)}>
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
