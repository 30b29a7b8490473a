import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Building2 } from 'lucide-react';
import { toast } from 'sonner';
import { may } from '@shared/policy';
import { leaseEndDate, profileLeaseStatus, DEFAULT_TERM_MONTHS } from '@shared/domain/lease';
import { formatCurrency, formatCurrencyDelta } from '@shared/domain/money';
import { signedVsMarketed } from '@shared/domain/officeFigures';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { Badge } from '../../components/ui/Badge';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Card } from '../../components/ui/Card';
import { Tabs } from '../../components/ui/Tabs';
import { sendCommand } from '../../live/command';
import { reasonOf } from '../../lib/errorText';
import { useNow } from '../../lib/useNow';
import { useAtomValue } from '../../state/jotai';
import { officesAtom } from './atoms';
import { useLiveRow } from '../../live/useLiveRow';
import { departureOf, departuresAtom } from '../../live/departures';
import { movedAwayText } from './movedAway';
import { AssignmentCard, BackLink, Detail, EditButton, EmptyNote, NotFound, ProfileHeader, ProfileUnavailable } from '../../components/ProfileParts';
import type { OfficeTab } from './officeForms';
import { ActivityTimeline } from '../../components/ActivityTimeline';
import { OfficeProfileEditor } from './OfficeProfileEditor';
import { StatusBadge, formatDate } from './officeUi';
import { OfficeTasks } from '../tasks/OfficeTasks';
import { logFailure } from '../../lib/logFailure';

const LEASE_TONE = { 'No Lease': 'grey', Expired: 'red', 'Expiring Soon': 'amber', Active: 'green' } as const;

export default function OfficeProfilePage() {
  const { id } = useParams();
  const user = useUser();
  const canEdit = may(user, 'officeProfile.edit');
  const canUnassign = may(user, 'officeProfile.unassign');
  const now = useNow();
  const { row: office, ...live } = useLiveRow('offices', id, endpoints.office);
  const touched = useAtomValue(officesAtom).touched;
  // It moved to a location this user does not manage while the page was open: say where.
  const departure = departureOf(useAtomValue(departuresAtom), 'offices', id);
  const [tab, setTab] = useState<OfficeTab>('overview');
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState<Failure | null>(null);

  if (live.missing && departure) return <NotFound message={movedAwayText(departure.row, departure.movedTo)} back="/offices" backLabel="Back to offices" />;
  if (!id || live.missing || !office) return <ProfileUnavailable hasId={!!id} live={live} noun="Office" failedTitle="Failed to load office" back={{ to: '/offices', label: 'Back to offices' }} />;

  const rates = office.market_rates ?? office.marketed_rates;
  const signed = office.lease_info?.signed_rate ?? office.signed_rate;
  const leaseStatus = profileLeaseStatus(office.lease_info ?? { start_date: null, term_months: null }, now);
  // The lease's own end when it has one (start + months + days), else start + 12 months (spec).
  const end = office.lease_info?.end_date ?? leaseEndDate(office.lease_info?.start_date, office.lease_info?.term_months ?? DEFAULT_TERM_MONTHS);
  const difference = signedVsMarketed(signed, rates?.monthly);

  const unassign = async () => {
    if (!office.member_id) return;
    try {
      const memberId = office.member_id;
      // This office, which may not be the company's own (a signed deal leases it several).
      await sendCommand({ entity: 'members', id: memberId, send: (meta) => endpoints.assignMemberOffice(memberId, null, meta, office.id) });
      toast.success(`Office ${office.office_number} is now vacant`);
    } catch (e) {
      logFailure('Failed to unassign member', e);
      setBanner({ title: 'Failed to unassign member', reason: reasonOf(e) });
    }
  };

  const assignment = (
    <div className="space-y-4">
      {office.tenant ? (
        <AssignmentCard icon={<Building2 className="h-5 w-5" />} label="Assigned member company" onUnassign={canUnassign && office.member_id ? unassign : undefined}>
          {office.member_id ? (
            <Link to={`/members/${office.member_id}`} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
              {office.tenant}
            </Link>
          ) : (
            <p className="font-semibold text-slate-900">{office.tenant}</p>
          )}
        </AssignmentCard>
      ) : (
        <EmptyNote>No company assigned</EmptyNote>
      )}
    </div>
  );

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <BackLink to="/offices" label="Back to offices" />
      <ProfileHeader
        touch={touched[office.id]}
        eyebrow={
          <>
            {office.type} · {office.location_name}
          </>
        }
        title={
          <>
            Office {office.office_number} <StatusBadge status={office.status} />
          </>
        }
      >
        {canEdit && !editing && (
          <EditButton
            onEdit={() => {
              setBanner(null);
              setEditing(true);
              if (tab === 'assignment' || tab === 'activity') setTab('overview');
            }}
          />
        )}
      </ProfileHeader>

      {banner && <ErrorBanner title={banner.title} message={banner.reason} onDismiss={() => setBanner(null)} />}

      <Card className="p-4 sm:p-6">
        <Tabs
          label="Office sections"
          value={tab}
          onChange={setTab}
          tabs={[
            { key: 'overview', label: 'Overview' },
            { key: 'pricing', label: 'Pricing' },
            { key: 'assignment', label: 'Assignment' },
            { key: 'activity', label: 'Activity' },
          ]}
        >
          {editing ? (
            <OfficeProfileEditor office={office} tab={tab} onTab={setTab} onDone={() => setEditing(false)} readOnly={assignment} />
          ) : tab === 'overview' ? (
            <dl className="grid gap-5 sm:grid-cols-3">
              <Detail label="Office number">{office.office_number}</Detail>
              <Detail label="Type">{office.type}</Detail>
              <Detail label="Location">{office.location_name}</Detail>
              <Detail label="Desks">{office.desks}</Detail>
              <Detail label="Floor">{office.floor}</Detail>
              <Detail label="Light">{office.windowed ? 'Windowed' : 'Interior'}</Detail>
              <Detail label="Status">
                <StatusBadge status={office.status} />
              </Detail>
              <Detail label="Contacts">{office.contacts?.length ?? 0}</Detail>
              <Detail label="Last updated">{new Date(office.updated_at).toLocaleString('en-US')}</Detail>
            </dl>
          ) : tab === 'activity' ? (
            <ActivityTimeline entityId={office.id} refreshKey={office.version} />
          ) : tab === 'pricing' ? (
            <div className="space-y-6">
              <section>
                <h2 className="mb-3 text-sm font-semibold text-slate-900">Market rates</h2>
                <dl className="grid grid-cols-3 gap-3">
                  {(
                    [
                      ['Monthly', rates?.monthly],
                      ['6-month', rates?.six_month],
                      ['12-month', rates?.twelve_month],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label} className="rounded-lg border border-slate-200 p-3">
                      <dt className="text-xs text-slate-500">{label}</dt>
                      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{formatCurrency(value)}</dd>
                    </div>
                  ))}
                </dl>
              </section>
              <section>
                <h2 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
                  Lease <Badge tone={LEASE_TONE[leaseStatus]}>{leaseStatus}</Badge>
                </h2>
                <dl className="grid gap-5 sm:grid-cols-4">
                  <Detail label="Signed rate">
                    {signed === null || signed === undefined ? '—' : formatCurrency(signed)}
                    {difference !== null && <span className="ml-1 text-xs text-slate-500"> {formatCurrencyDelta(difference)} vs monthly</span>}
                  </Detail>
                  <Detail label="Term">{office.lease_info?.term_months ? `${office.lease_info.term_months} months` : '—'}</Detail>
                  <Detail label="Start">{formatDate(office.lease_info?.start_date)}</Detail>
                  <Detail label="End">{office.lease_info?.start_date ? formatDate(end) : '—'}</Detail>
                </dl>
              </section>
            </div>
          ) : (
            assignment
          )}
        </Tabs>
      </Card>

      <OfficeTasks office={office} />
    </div>
  );
}
