import { useState } from 'react';
import { Phone } from 'lucide-react';
import { toast } from 'sonner';
import { CRM_STATUSES, type CrmStatus } from '@shared/schemas/crm';
import { CRM_STATUS_TONE } from '../../components/statusTones';
import { Badge } from '../../components/ui/Badge';
import { reasonOf } from '../../lib/errorText';
import { cn } from '../../lib/cn';

export function StatusBadge({ status }: { status: CrmStatus }) {
  return <Badge tone={CRM_STATUS_TONE[status]}>{status}</Badge>;
}

/** A status changed right on the card: shown at once, put back with the server's reason if refused. */
export function StatusSelect({ status, label, disabled, onChange }: { status: CrmStatus; label: string; disabled?: boolean; onChange: (status: CrmStatus) => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <select
      aria-label={label}
      value={status}
      disabled={disabled || busy}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => {
        setBusy(true);
        onChange(e.target.value as CrmStatus)
          .catch((error: unknown) => toast.error(`Failed to update status: ${reasonOf(error)}`))
          .finally(() => setBusy(false));
      }}
      className={cn('h-8 rounded-lg border border-slate-300 bg-white px-2 text-xs text-slate-800', disabled && 'bg-slate-50')}
    >
      {CRM_STATUSES.map((s) => (
        <option key={s}>{s}</option>
      ))}
    </select>
  );
}

/** The e-mail history of a contact or company, from the user's own connected Gmail. */
export { EmailHistoryDialog, EmailHistoryPanel } from '../gmail/EmailHistory';

/** A phone number to call, on a contact's or company's profile. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone}`} className="inline-flex items-center gap-1.5 text-brand-700 hover:underline">
      <Phone className="h-4 w-4" aria-hidden /> {phone}
    </a>
  );
}
