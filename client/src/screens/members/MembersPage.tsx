import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Building2, ChevronDown, ChevronRight, Crown, Eye, Mail, MapPin, Phone, Plus, UserPlus, Users, DoorOpen, Unlink } from 'lucide-react';
import { toast } from 'sonner';
import { may } from '@shared/policy';
import type { Member } from '@shared/schemas/members';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { PageHeader } from '../../components/PageHeader';
import { ImportButton } from '../imports/ImportButton';
import { SearchInput } from '../../components/SearchInput';
import { Avatar } from '../../components/ui/Avatar';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
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
import { officesLabel, officesOf } from './memberOffices';
import { AddCompanyDialog, AddEmployeeDialog, AssignOfficeDialog } from './MemberDialogs';
import { logFailure } from '../../lib/logFailure';

export const MEMBERSHIP_TONE: Record<string, BadgeTone> = { Premium: 'purple', Standard: 'blue', Basic: 'grey' };

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

  const unassign = async (member: Member) => {
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
  };

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
              {shown.map((m) => {
                const open = !!expanded[m.id];
                const panelId = `member-${m.id}-details`;
                return (
                  <div key={m.id} className="relative" data-member-id={m.id} data-member-name={m.company_name}>
                    <LiveAccent touch={collection.touched[m.id]} edge />
                    <div className="flex flex-wrap items-center gap-3 px-3 py-3 sm:flex-nowrap sm:px-4">
                      <button
                        type="button"
                        aria-expanded={open}
                        aria-controls={panelId}
                        onClick={() => setExpanded((e) => ({ ...e, [m.id]: !open }))}
                        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left"
                      >
                        {open ? <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden /> : <ChevronRight className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />}
                        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600" aria-hidden>
                          <Building2 className="h-5 w-5" />
                        </div>
                        <span className="min-w-0">
                          <span className="flex flex-wrap items-center gap-2">
                            <span className="truncate font-semibold text-slate-900">{m.company_name}</span>
                            <Badge tone={MEMBERSHIP_TONE[m.membership_type] ?? 'grey'}>{m.membership_type}</Badge>
                          </span>
                          <span className="block truncate text-xs text-slate-500">
                            {m.primary_contact?.name ?? m.contact_name} · {m.employees?.length ?? 0} {(m.employees?.length ?? 0) === 1 ? 'employee' : 'employees'}
                            {!locationId && ` · ${m.location_name}`}
                          </span>
                        </span>
                      </button>
                      <div className="flex w-full flex-wrap items-center justify-between gap-2 pl-7 sm:w-auto sm:justify-end sm:pl-0">
                        <UpdatedBy touch={collection.touched[m.id]} />
                        {officesOf(m).length > 0 ? (
                          <Badge tone="green" className="gap-1">
                            <DoorOpen className="h-3 w-3" aria-hidden /> {officesLabel(officesOf(m))}
                          </Badge>
                        ) : (
                          <Badge tone="grey">No office</Badge>
                        )}
                        <div className="flex flex-wrap items-center justify-end gap-1">
                          {writer &&
                            (m.office_id ? (
                              <Button variant="ghost" size="sm" onClick={() => unassign(m)} aria-label={`Unassign office from ${m.company_name}`}>
                                <Unlink className="h-4 w-4" aria-hidden /> Unassign
                              </Button>
                            ) : (
                              <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'assign', memberId: m.id })} aria-label={`Assign office to ${m.company_name}`}>
                                <DoorOpen className="h-4 w-4" aria-hidden /> Assign Office
                              </Button>
                            ))}
                          {writer && (
                            <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'employee', memberId: m.id })} aria-label={`Add employee to ${m.company_name}`}>
                              <UserPlus className="h-4 w-4" aria-hidden /> Add Employee
                            </Button>
                          )}
                          <Link
                            to={`/members/${m.id}`}
                            aria-label={`View ${m.company_name}`}
                            className="inline-flex h-8 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                          >
                            <Eye className="h-4 w-4" aria-hidden /> View
                          </Link>
                        </div>
                      </div>
                    </div>
                    {open && (
                      <div id={panelId} className="grid gap-4 bg-slate-50/70 px-4 py-4 sm:px-6 md:grid-cols-3">
                        <div>
                          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Primary contact</h3>
                          <p className="mt-1 text-sm font-medium text-slate-900">{m.primary_contact?.name ?? m.contact_name}</p>
                          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                            <Mail className="h-3.5 w-3.5" aria-hidden />
                            <a href={`mailto:${m.primary_contact?.email ?? m.contact_email}`} className="hover:underline">
                              {m.primary_contact?.email ?? m.contact_email}
                            </a>
                          </p>
                          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                            <Phone className="h-3.5 w-3.5" aria-hidden />
                            {m.primary_contact?.phone ?? m.contact_phone ?? 'No phone'}
                          </p>
                        </div>
                        <div>
                          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Office assignment</h3>
                          {officesOf(m).length > 0 ? (
                            <ul className="mt-1 space-y-1">
                              {officesOf(m).map((o) => (
                                <li key={o.id}>
                                  <Link to={`/offices/${o.id}`} className="inline-block text-sm font-medium text-brand-700 hover:underline">
                                    Office {o.office_number} · {m.location_name}
                                  </Link>
                                </li>
                              ))}
                            </ul>
                          ) : (
                            <p className="mt-1 text-sm text-slate-500">No office assigned</p>
                          )}
                        </div>
                        <div>
                          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Employees ({m.employees?.length ?? 0})</h3>
                          {(m.employees?.length ?? 0) === 0 ? (
                            <p className="mt-1 text-sm text-slate-500">No employees yet</p>
                          ) : (
                            <ul className="mt-2 space-y-2">
                              {m.employees.map((e) => (
                                <li key={e.id} className="flex items-center gap-2">
                                  <Avatar name={e.name} id={e.id} className="h-7 w-7 text-[11px] ring-0" />
                                  <span className="min-w-0 text-sm">
                                    <span className="block truncate font-medium text-slate-900">
                                      {e.name}
                                      {e.role && <span className="font-normal text-slate-500"> · {e.role}</span>}
                                    </span>
                                    <span className="block truncate text-xs text-slate-500">{e.email}</span>
                                  </span>
                                </li>
                              ))}
                            </ul>
                          )}
                        </div>
                      </div>
                    )}
                  </div>
                );
              })}
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
