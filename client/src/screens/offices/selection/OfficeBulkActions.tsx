import { useState } from 'react';
import { Check } from 'lucide-react';
import { OFFICE_STATUSES, type Office, type OfficeStatus } from '@shared/schemas/offices';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Field';
import { useBulkOfficeStatus } from './useBulkOfficeStatus';

/** The office grid's bulk action: every ticked office to one status. */
export function OfficeBulkActions({ offices, onDone }: { offices: readonly Office[]; onDone: () => void }) {
  const [status, setStatus] = useState<OfficeStatus>('VACANT');
  const { changeAll, busy } = useBulkOfficeStatus();
  const change = async () => {
    await changeAll(offices, status);
    onDone();
  };
  return (
    <>
      <Select aria-label="New status for the selected offices" className="h-8 w-40 py-0 text-sm" value={status} onChange={(e) => setStatus(e.target.value as OfficeStatus)} disabled={busy}>
        {OFFICE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      <Button size="sm" onClick={() => void change()} disabled={busy || offices.length === 0}>
        <Check className="h-4 w-4" aria-hidden />
        {busy ? 'Changing…' : `Set status of ${offices.length}`}
      </Button>
    </>
  );
}
