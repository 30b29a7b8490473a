import { useState } from 'react';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'react-router';
import { CRM_STATUSES, type CrmStatus } from '@shared/schemas/crm';
import { ActionDialog } from '../../components/ActionDialog';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { reasonOf } from '../../lib/errorText';
import { cn } from '../../lib/cn';

export const STATUS_TONE: Record<CrmStatus, BadgeTone> = { Prospect: 'blue', Member: 'green', 'Former Member': 'grey' };

export function StatusBadge({ status }: { status: CrmStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{status}</Badge>;
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

/** The e-mail history of a contact or company: until a mail account is connected, says where to connect one. */
export function EmailHistoryPanel() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center" data-testid="email-history">
      <Mail className="h-6 w-6 text-slate-400" aria-hidden />
      <p className="text-sm font-medium text-slate-900">Email is not connected</p>
      <p className="text-sm text-slate-600">
        Connect a Gmail account in{' '}
        <Link to="/settings" className="font-medium text-brand-700 hover:underline">
          Settings → Integrations
        </Link>{' '}
        to see the messages exchanged with this contact.
      </p>
    </div>
  );
}

export function EmailHistoryDialog({ name, onClose }: { name: string; onClose: () => void }) {
  return (
    <ActionDialog title="Email History" description={name} onClose={onClose} closeLabel="Close">
      <EmailHistoryPanel />
    </ActionDialog>
  );
}
