import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Building2 } from 'lucide-react';
import { toast } from 'sonner';
import { isAdmin } from '@shared/domain/access';
import { leaseEndDate, profileLeaseStatus, DEFAULT_TERM_MONTHS } from '@shared/domain/lease';
import { formatCurrency, formatCurrencyDelta } from '@shared/domain/money';
import { signedVsMarketed } from '@shared/domain/officeFigures';
import type { Office } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { Badge } from '../../components/ui/Badge';
import { LoadFailed } from '../../components/LoadFailed';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { Tabs } from '../../components/ui/Tabs';
import { sendCommand } from '../../live/command';
import { reasonOf } from '../../lib/errorText';
import { useNow } from '../../lib/useNow';
import { useAtomValue } from '../../state/jotai';
import { officesAtom } from './atoms';
import { numberOrNull } from './officeDialogParts';
import { useLiveRow } from '../../live/useLiveRow';
import { AssignmentCard, BackLink, Detail, EditActions, EmptyNote, NotFound, ProfileHeader, ProfileLoading } from '../../components/ProfileParts';
import { StatusBadge, formatDate } from './officeUi';

interface Draft {
  office_number: string;
  type: string;
  desks: string;
  floor: string;
  windowed: boolean;
  monthly: string;
  six_month: string;
  twelve_month: string;
  signed_rate: string;
  term_months: string;
  start_date: string;
}

function draftOf(office: Office): Draft {
  const rates = office.market_rates ?? office.marketed_rates ?? { monthly: 0, six_month: 0, twelve_month: 0 };
  const signed = office.lease_info?.signed_rate ?? office.signed_rate;
  return {
    office_number: office.office_number,
    type: office.type,
    desks: String(office.desks),
    floor: String(office.floor),
    windowed: office.windowed,
    monthly: String(rates.monthly ?? 0),
    six_month: String(rates.six_month ?? 0),
    twelve_month: String(rates.twelve_month ?? 0),
    signed_rate: signed === null || signed === undefined ? '' : String(signed),
    term_months: office.lease_info?.term_months ? String(office.lease_info.term_months) : '',
    start_date: office.lease_info?.start_date?.slice(0, 10) ?? '',
  };
}

type Tab = 'overview' | 'pricing' | 'assignment';
const LEASE_TONE = { 'No Lease': 'grey', Expired: 'red', 'Expiring Soon': 'amber', Active: 'green' } as const;

export default function OfficeProfilePage() {
  const { id } = useParams();
  const user = useUser();
  const admin = isAdmin(user);
  const now = useNow();
  const { row: office, missing, failed, error, retry } = useLiveRow('offices', id, endpoints.office);
  const touched = useAtomValue(officesAtom).touched;
  const [tab, setTab] = useState<Tab>('overview');
  const [editing, setEditing] = useState<{ draft: Draft; version: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<Failure | null>(null);

  if (!id) return <NotFound message="No office ID provided" back="/offices" backLabel="Back to offices" />;
  if (missing) return <NotFound message="Office not found" back="/offices" backLabel="Back to offices" />;
  if (!office) {
    return failed ? (
      <LoadFailed title="Failed to load office" error={error} onRetry={retry} back={{ to: '/offices', label: 'Back to offices' }} />
    ) : (
      <ProfileLoading text="Loading office..." />
    );
  }

  const draft = editing?.draft;
  const set = (patch: Partial<Draft>) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, ...patch } } : e));
  const rates = office.market_rates ?? office.marketed_rates;
  const signed = office.lease_info?.signed_rate ?? office.signed_rate;
  const leaseStatus = profileLeaseStatus(office.lease_info ?? { start_date: null, term_months: null }, now);
  const end = leaseEndDate(office.lease_info?.start_date, office.lease_info?.term_months ?? DEFAULT_TERM_MONTHS);
  const difference = signedVsMarketed(signed, rates?.monthly);

  const save = async () => {
    if (!editing) return;
    const d = editing.draft;
    const numbers = [d.desks, d.floor, d.monthly, d.six_month, d.twelve_month, d.signed_rate, d.term_months].map(numberOrNull);
    if (!d.office_number.trim()) return setBanner({ title: 'Failed to update office', reason: 'Office number is required' });
    if (numbers.some((n) => n !== null && Number.isNaN(n))) return setBanner({ title: 'Failed to update office', reason: 'Desks, floor, rates and term must be numbers' });
    const term = numbers[6] ?? null;
    const start = d.start_date || null;
    setSaving(true);
    try {
      const market = { monthly: numbers[2] ?? 0, six_month: numbers[3] ?? 0, twelve_month: numbers[4] ?? 0 };
      const changes = {
        office_number: d.office_number.trim(),
        type: d.type.trim() || office.type,
        desks: numbers[0] ?? office.desks,
        floor: numbers[1] ?? office.floor,
        windowed: d.windowed,
        market_rates: market,
        signed_rate: numbers[5],
        lease_info: { term_months: term, start_date: start, end_date: leaseEndDate(start, term), signed_rate: numbers[5] },
      };
      await sendCommand({ entity: 'offices', id: office.id, version: editing.version, send: (meta) => endpoints.updateOffice(office.id, changes, meta) });
      setEditing(null);
      setBanner(null);
      toast.success('Office saved');
    } catch (e) {
      console.error('Failed to update office', e);
      setBanner({ title: 'Failed to update office', reason: reasonOf(e) });
    } finally {
      setSaving(false);
    }
  };

  const unassign = async () => {
    if (!office.member_id) return;
    try {
      const memberId = office.member_id;
      await sendCommand({ entity: 'members', id: memberId, send: (meta) => endpoints.assignMemberOffice(memberId, null, meta) });
      toast.success(`Office ${office.office_number} is now vacant`);
    } catch (e) {
      console.error('Failed to unassign member', e);
      setBanner({ title: 'Failed to unassign member', reason: reasonOf(e) });
    }
  };

  const num = (key: keyof Draft, label: string, extra?: object) => (
    <Field label={label}>
      {(control) => <Input {...control} type="number" step="any" inputMode="decimal" value={String(draft![key])} onChange={(e) => set({ [key]: e.target.value } as Partial<Draft>)} {...extra} />}
    </Field>
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
        {admin && (
          <EditActions
            editing={!!editing}
            saving={saving}
            onCancel={() => setEditing(null)}
            onSave={save}
            onEdit={() => setEditing({ draft: draftOf(office), version: office.version })}
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
          ]}
        >
          {tab === 'overview' &&
            (draft ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Office number">{(control) => <Input {...control} value={draft.office_number} onChange={(e) => set({ office_number: e.target.value })} />}</Field>
                <Field label="Type">{(control) => <Input {...control} value={draft.type} onChange={(e) => set({ type: e.target.value })} />}</Field>
                {num('desks', 'Desks', { min: 0, step: 1 })}
                {num('floor', 'Floor', { step: 1 })}
                <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
                  <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={draft.windowed} onChange={(e) => set({ windowed: e.target.checked })} />
                  Windowed
                </label>
              </div>
            ) : (
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
            ))}
          {tab === 'pricing' &&
            (draft ? (
              <div className="space-y-5">
                <div className="grid gap-4 sm:grid-cols-3">
                  {num('monthly', 'Monthly rate', { min: 0 })}
                  {num('six_month', '6-month rate', { min: 0 })}
                  {num('twelve_month', '12-month rate', { min: 0 })}
                </div>
                <div className="grid gap-4 sm:grid-cols-3">
                  {num('signed_rate', 'Signed rate', { min: 0, placeholder: 'Not signed' })}
                  {num('term_months', 'Lease term (months)', { min: 1, step: 1 })}
                  <Field label="Lease start">{(control) => <Input {...control} type="date" value={draft.start_date} onChange={(e) => set({ start_date: e.target.value })} />}</Field>
                </div>
                {draft.start_date && numberOrNull(draft.term_months) ? (
                  <p className="text-sm text-slate-600">End date: {formatDate(leaseEndDate(draft.start_date, numberOrNull(draft.term_months)))}</p>
                ) : null}
              </div>
            ) : (
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
                      {difference !== null && <span className="ml-2 text-xs text-slate-500">{formatCurrencyDelta(difference)} vs monthly</span>}
                    </Detail>
                    <Detail label="Term">{office.lease_info?.term_months ? `${office.lease_info.term_months} months` : '—'}</Detail>
                    <Detail label="Start">{formatDate(office.lease_info?.start_date)}</Detail>
                    <Detail label="End">{office.lease_info?.start_date ? formatDate(end) : '—'}</Detail>
                  </dl>
                </section>
              </div>
            ))}
          {tab === 'assignment' && (
            <div className="space-y-4">
              {office.tenant ? (
                <AssignmentCard icon={<Building2 className="h-5 w-5" />} label="Assigned member company" onUnassign={admin && office.member_id ? unassign : undefined}>
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
          )}
        </Tabs>
      </Card>
    </div>
  );
}
