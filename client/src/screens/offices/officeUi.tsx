import type { OfficeStatus } from '@shared/schemas/offices';
import { OFFICE_STATUS_TONE } from '../../components/statusTones';
import { Badge } from '../../components/ui/Badge';
import type { LeaseEndTone } from '@shared/domain/lease';


export function StatusBadge({ status }: { status: OfficeStatus }) {
  return (
    <Badge tone={OFFICE_STATUS_TONE[status] ?? 'grey'} data-status={status}>
      {status}
    </Badge>
  );
}

export const LEASE_END_TEXT: Record<LeaseEndTone, string> = {
  red: 'text-red-700',
  amber: 'text-amber-700',
  grey: 'text-slate-500',
};

/** 'Jun 15, 2025' for a YYYY-MM-DD date; an em dash when missing. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return value;
  return new Date(y, m - 1, d).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
