import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field, Select } from '../../components/ui/Field';
import { reasonOf } from '../../lib/errorText';
import { rowsOf } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { membersAtom } from '../members/atoms';
import type { DialogProps } from './officeDialogParts';
import { logFailure } from '../../lib/logFailure';

export function AssignCompanyDialog({ office, onClose }: DialogProps) {
  const query = useLiveQuery('members', office.location_name, () => endpoints.members(office.location_name), (m) => m.location_id === office.location_id);
  const members = useAtomValue(membersAtom);
  const [memberId, setMemberId] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const candidates = useMemo(
    () =>
      rowsOf(members)
        .filter((m) => m.location_id === office.location_id && !m.office_id)
        .sort((a, b) => a.company_name.localeCompare(b.company_name)),
    [members, office.location_id],
  );
  const current = office.member_id ? (members.byId[office.member_id]?.company_name ?? office.tenant) : office.tenant;

  const assign = async () => {
    if (!memberId) return;
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand({ entity: 'members', id: memberId, send: (meta) => endpoints.assignMemberOffice(memberId, office.id, meta) });
      toast.success(`Office ${office.office_number} assigned`);
      onClose();
    } catch (e) {
      logFailure('Failed to assign member to office', e);
      setFailure({ title: 'Failed to assign member to office', reason: reasonOf(e) });
    } finally {
      setBusy(false);
    }
  };
  const unassign = async () => {
    if (!office.member_id) return;
    setBusy(true);
    setFailure(null);
    try {
      const memberId = office.member_id;
      // This office, which may not be the company's own (a signed deal leases it several).
      await sendCommand({ entity: 'members', id: memberId, send: (meta) => endpoints.assignMemberOffice(memberId, null, meta, office.id) });
      toast.success(`Office ${office.office_number} is now vacant`);
    } catch (e) {
      logFailure('Failed to unassign member from office', e);
      setFailure({ title: 'Failed to unassign member from office', reason: reasonOf(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      title="Assign Member Company"
      description={`Office ${office.office_number} · ${office.location_name}`}
      onClose={onClose}
      notice={failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
      primary={{ onClick: assign, label: 'Assign Company', busyLabel: 'Saving...', busy, disabled: !memberId }}
    >
      <div className="space-y-4">
        {office.member_id || office.tenant ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
            <div className="text-sm">
              <p className="text-xs text-slate-500">Currently assigned</p>
              <p className="font-medium text-slate-900">{current}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={unassign} disabled={busy || !office.member_id}>
              Unassign
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">No company is assigned to this office.</p>
        )}
        <Field label="Member company">
          {(control) => (
            <Select {...control} value={memberId} onChange={(e) => setMemberId(e.target.value)} disabled={query.status === 'loading' && candidates.length === 0}>
              <option value="">{query.status === 'loading' && candidates.length === 0 ? 'Loading companies...' : 'Select a company'}</option>
              {candidates.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.company_name} ({m.membership_type})
                </option>
              ))}
            </Select>
          )}
        </Field>
        {query.status === 'error' && <LoadFailed compact title="Failed to load members" error={query.error} onRetry={query.retry} />}
        {query.status === 'ready' && candidates.length === 0 && (
          <p className="text-sm text-slate-500">Every member company at {office.location_name} already has an office.</p>
        )}
        <p className="text-xs text-slate-500">Assigning a company makes the office LEASED with that company as tenant.</p>
      </div>
    </ActionDialog>
  );
}
