import { useCallback, useMemo, useState } from 'react';
import { Building2, Crown, MapPin, Plus, Users } from 'lucide-react';
import { toast } from 'sonner';
import { may } from '@shared/policy';
import type { Member } from '@shared/schemas/members';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { PageHeader } from '../../components/PageHeader';
import { ImportButton } from '../imports/ImportButton';
import { SearchInput } from '../../components/SearchInput';
import { Badge } from '../../components/ui/Badge';
import { LoadFailed } from '../../components/LoadFailed';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadingNote } from '../../components/ui/Spinner';
import { StatTile } from '../../components/ui/StatTile';
import { rowsOf } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { reasonOf } from '../../lib/errorText';
import { useLiveQuery } from '../../live/useLiveQuery';
import { locationsAtom } from '../../shell/locationAtoms';
import { useSelectedLocation } from '../../shell/useSelectedLocation';
import { useAtom, useAtomValue } from '../../state/jotai';
import { memberSearchAtom, membersAtom } from './atoms';
import { MemberRow, type MemberRowDialog } from './MemberRow';
import { AddCompanyDialog, AddEmployeeDialog, AssignOfficeDialog } from './MemberDialogs';
import { logFailure } from '../../lib/logFailure';

/** Search over company name, primary contact name, and employees' names and e-mails. */
export function searchMembers(members: readonly Member[], query: string): Member[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...members];
  return members.filter((m) =>
    [m.company_name, m.primary_contact?.name ?? m.contact_name ?? '', ...(m.employees ?? []).flatMap((e) => [e.name, e.email])].some((text) =>
      (text ?? '').toLowerCase().includes(q),
    ),
  );
}

export default function MembersPage() {
  const selected = useSelectedLocation();
  return <MembersScreen key={selected.value} locationId={selected.location?.id ?? null} locationName={selected.name} />;
}

type OpenDialog = { kind: 'add' } | { kind: 'employee' | 'assign'; memberId: string } | null;

function MembersScreen({ locationId, locationName }: { locationId: string | null; locationName: string }) {
  const user = useUser();
  const writer = may(user, 'member.update');
  // Failures of actions taken on the page itself (a row's Unassign); dialogs keep their own.
  const [banner, setBanner] = useState<Failure | null>(null);
  const fail = useCallback((title: string, error: unknown) => {
    logFailure(title, error);
    setBanner({ title, reason: reasonOf(error) });
  }, []);
  const query = useLiveQuery('members', locationName, () => endpoints.members(locationName), (m) => !locationId || m.location_id === locationId);
  const collection = useAtomValue(membersAtom);
  const locationsCollection = useAtomValue(locationsAtom);
  const locations = useMemo(() => rowsOf(locationsCollection).sort((a, b) => a.name.localeCompare(b.name)), [locationsCollection]);
  const [search, setSearch] = useAtom(memberSearchAtom);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const all = useMemo(
    () => rowsOf(collection).filter((m) => !locationId || m.location_id === locationId).sort((a, b) => a.company_name.localeCompare(b.company_name)),
    [collection, locationId],
  );
  const shown = useMemo(() => searchMembers(all, search), [all, search]);
  const employees = all.reduce((n, m) => n + (m.employees?.length ?? 0), 0);
  const premium = all.filter((m) => m.membership_type === 'Premium').length;
  const loading = query.status === 'loading' && all.length === 0;
  const dialogMember = dialog && dialog.kind !== 'add' ? (collection.byId[dialog.memberId] ?? null) : null;
  const dialogProps = { onClose: () => setDialog(null) };

  const toggle = useCallback((id: string) => setExpanded((e) => ({ ...e, [id]: !e[id] })), []);
  const openDialog = useCallback((kind: MemberRowDialog, memberId: string) => setDialog({ kind, memberId }), []);
  const unassign = useCallback(async (member: Member) => {
    setBanner(null);
    try {
      await sendCommand({
        entity: 'members',
        id: member.id,
        version: member.version,
        optimistic: (m) => ({ ...m, office_id: null, office_number: null, offices: (m.offices ?? []).filter((o) => o.id !== m.office_id) }),
        send: (meta) => endpoints.assignMemberOffice(member.id, null, meta),
      });
      toast.success(`${member.company_name} no longer has an office`);
    } catch (e) {
      fail('Failed to unassign member', e);
    }
  }, [fail]);

  return (
    <div className="mx-auto max-w-screen-xl space-y-6">
      <PageHeader title="Member Directory" subtitle={locationId ? `Member companies at ${locationName}` : 'Member companies, their employees and offices'}>
        {locationId && (
          <Badge tone="blue" className="gap-1 px-2.5 py-1 text-sm">
            <MapPin className="h-3.5 w-3.5" aria-hidden />
            {locationName}
          </Badge>
        )}
        <ImportButton kind="members" />
        {writer && (
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <Plus className="h-4 w-4" aria-hidden /> Add Company
          </Button>
        )}
      </PageHeader>

      {banner && <ErrorBanner title={banner.title} message={banner.reason} onDismiss={() => setBanner(null)} />}

      {query.status === 'error' ? (
        <LoadFailed title="Failed to load members" error={query.error} onRetry={query.retry} />
      ) : (
        <>
          <section aria-label="Summary" className="grid gap-3 sm:grid-cols-3">
            <StatTile label="Member Companies" value={loading ? null : all.length} icon={<Building2 className="h-5 w-5" />} accent="blue" />
            <StatTile label="Total Employees" value={loading ? null : employees} icon={<Users className="h-5 w-5" />} accent="green" />
            <StatTile label="Premium Members" value={loading ? null : premium} icon={<Crown className="h-5 w-5" />} accent="purple" />
          </section>

          <SearchInput label="Search members" placeholder="Search companies, contacts, employees..." value={search} onChange={setSearch} />

          {loading ? (
            <LoadingNote text="Loading members..." label="Loading members" />
          ) : shown.length === 0 ? (
            <Card className="px-6 py-16 text-center text-slate-600">{all.length === 0 ? 'No member companies yet.' : 'No members found matching your search.'}</Card>
          ) : (
            <Card className="divide-y divide-slate-100 overflow-hidden" data-testid="member-list">
              {shown.map((m) => (
                <MemberRow
                  key={m.id}
                  member={m}
                  open={!!expanded[m.id]}
                  touch={collection.touched[m.id]}
                  writer={writer}
                  showLocation={!locationId}
                  onToggle={toggle}
                  onUnassign={unassign}
                  onDialog={openDialog}
                />
              ))}
            </Card>
          )}
        </>
      )}

      {dialog?.kind === 'add' && writer && <AddCompanyDialog {...dialogProps} locations={locations} defaultLocationId={locationId ?? ''} />}
      {dialogMember && dialog?.kind === 'employee' && writer && <AddEmployeeDialog {...dialogProps} member={dialogMember} />}
      {dialogMember && dialog?.kind === 'assign' && writer && <AssignOfficeDialog {...dialogProps} member={dialogMember} />}
    </div>
  );
}
