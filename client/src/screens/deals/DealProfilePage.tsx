import { useState } from 'react';
import { useParams } from 'react-router';
import { Briefcase } from 'lucide-react';
import { DEAL_STAGE_LABELS, dealValue } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { endpoints } from '../../api/endpoints';
import { ActivityTimeline } from '../../components/ActivityTimeline';
import { LoadFailed } from '../../components/LoadFailed';
import { UpdatedBy } from '../../components/LiveMark';
import { ProfileTop, ProfileUnavailable } from '../../components/ProfileParts';
import { Card } from '../../components/ui/Card';
import { Tabs } from '../../components/ui/Tabs';
import { useLiveRow } from '../../live/useLiveRow';
import { useNow } from '../../lib/useNow';
import { useAtomValue } from '../../state/jotai';
import { officesAtom } from '../offices/atoms';
import { formatDate } from '../offices/officeUi';
import { useLiveQuery } from '../../live/useLiveQuery';
import { dealsAtom } from './atoms';
import { staleDays } from './boardModel';
import { AGREEMENT_LABELS, formatCurrency, formatProbability, formatTerm } from './dealFormat';
import { StageBadge } from './dealUi';
import { AgreementPanel } from './AgreementPanel';
import { SignatureBadge } from './SignatureBadge';
import { SigningLinkDialog } from './SigningLinkDialog';
import { ExecutedAgreement, NeedsAttention } from './DealSigning';

type DealTab = 'overview' | 'contact' | 'terms' | 'history';
const TABS: { key: DealTab; label: string }[] = [
  { key: 'overview', label: 'Overview' },
  { key: 'contact', label: 'Contact & Company' },
  { key: 'terms', label: 'Terms & Pricing' },
  { key: 'history', label: 'History' },
];
const BACK = { to: '/crm/deals', label: 'Back to deals' };

function Rows({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-3 gap-4 py-2.5 text-sm">
          <dt className="text-slate-500">{label}</dt>
          <dd className="col-span-2 text-slate-900">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The offices of the deal with their marketed rates (from the offices the user may see). */
function DealOffices({ deal }: { deal: Deal }) {
  const query = useLiveQuery('offices', `deal:${deal.location_name}`, () => endpoints.offices(deal.location_name), (o) => o.location_id === deal.location_id);
  const offices = useAtomValue(officesAtom).byId;
  if (deal.office_ids.length === 0) return <p className="text-sm text-slate-600">No offices on this deal.</p>;
  if (query.status === 'error') return <LoadFailed compact title="Failed to load offices" error={query.error} onRetry={query.retry} />;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
      {deal.office_ids.map((id) => {
        const office = offices[id];
        return (
          <li key={id} className="flex items-center justify-between gap-3 px-3 py-2">
            <span>{office ? `Office ${office.office_number}` : query.status === 'loading' ? 'Loading...' : 'Office not available'}</span>
            {office && (
              <span className="text-slate-600 tabular-nums">
                {office.status} · {formatCurrency(office.marketed_rates?.monthly ?? 0)}/mo
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** /crm/deals/:id: the read-only deal profile with the spec's three tabs, kept live. */
export default function DealProfilePage() {
  const { id } = useParams();
  const now = useNow();
  const { row: deal, ...live } = useLiveRow('deals', id, endpoints.deal);
  const touch = useAtomValue(dealsAtom).touched[id ?? ''];
  const [tab, setTab] = useState<DealTab>('overview');

  if (!id || live.missing || !deal) return <ProfileUnavailable hasId={!!id} live={live} noun="Deal" failedTitle="Failed to load deal" back={BACK} />;

  const stale = staleDays(deal, now);
  const monthly = deal.offered_price;
  const difference = deal.market_rate === null ? null : monthly - deal.market_rate;
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <ProfileTop back={BACK} icon={<Briefcase className="h-6 w-6" />}>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{deal.deal_name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StageBadge stage={deal.stage} /> {deal.company_name} · {deal.location_name}
            {stale !== null && <span className="font-medium text-amber-700">· stale {stale} days</span>}
          </p>
          <UpdatedBy touch={touch} className="mt-1" unnamed={deal.signed_by ? 'hide' : undefined} />
          <NeedsAttention deal={deal} className="mt-2" retry />
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-500">Deal value</p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums">{formatCurrency(deal.deal_value)}</p>
        </div>
      </ProfileTop>
      <AgreementPanel deal={deal} />
      <SigningLinkDialog />
      <Card className="p-5">
        <Tabs tabs={TABS} value={tab} onChange={setTab} label="Deal sections">
          {tab === 'overview' && (
            <div className="grid gap-6 md:grid-cols-2">
              <section>
                <h2 className="mb-1 text-sm font-semibold text-slate-900">Deal information</h2>
                <Rows
                  rows={[
                    ['Stage', DEAL_STAGE_LABELS[deal.stage]],
                    ['Probability', formatProbability(deal.probability)],
                    ['Agreement type', AGREEMENT_LABELS[deal.agreement_type] ?? deal.agreement_type],
                    ['Membership', deal.membership_type],
                    ['Source', deal.source || '—'],
                    ['Assigned to', deal.assigned_to || '—'],
                    ['Signature', <SignatureBadge key="signature" status={deal.signature_status} />],
                    ['Notes', deal.notes ? <span className="whitespace-pre-wrap">{deal.notes}</span> : '—'],
                  ]}
                />
              </section>
              <section>
                <h2 className="mb-1 text-sm font-semibold text-slate-900">Location and timing</h2>
                <Rows
                  rows={[
                    ['Location', deal.location_name],
                    ['Contract location', deal.contract_location || '—'],
                    ['Start date', formatDate(deal.start_date)],
                    ['Term', formatTerm(deal.term_months, deal.term_days)],
                    ['Notice by', deal.notice_by || '—'],
                    ['In stage since', formatDate(deal.stage_changed_at)],
                    ['Created', formatDate(deal.created_at)],
                    ['Last updated', formatDate(deal.updated_at)],
                  ]}
                />
              </section>
            </div>
          )}
          {tab === 'contact' && (
            <div className="grid gap-6 md:grid-cols-2">
              <section>
                <h2 className="mb-1 text-sm font-semibold text-slate-900">Contact</h2>
                <Rows
                  rows={[
                    ['Name', deal.contact?.name],
                    ['Email', deal.contact?.email ? <a className="text-brand-700 hover:underline" href={`mailto:${deal.contact.email}`}>{deal.contact.email}</a> : '—'],
                    ['Phone', deal.contact?.phone || '—'],
                    ['Title', deal.contact?.title || '—'],
                  ]}
                />
              </section>
              <section>
                <h2 className="mb-1 text-sm font-semibold text-slate-900">Company</h2>
                <Rows rows={[['Name', deal.company_name]]} />
              </section>
            </div>
          )}
          {tab === 'terms' && (
            <div className="space-y-5">
              <Rows
                rows={[
                  ['Offered price', `${formatCurrency(monthly)} per month`],
                  ['Market rate', deal.market_rate === null ? '—' : `${formatCurrency(deal.market_rate)} per month`],
                  ['Against market', difference === null ? '—' : `${difference >= 0 ? '+' : '-'}${formatCurrency(Math.abs(difference))} per month`],
                  ['Term', formatTerm(deal.term_months, deal.term_days)],
                  ['Deal value', formatCurrency(deal.deal_value ?? dealValue(monthly, deal.term_months, deal.term_days))],
                  ['Weighted value', formatCurrency((deal.deal_value * deal.probability) / 100)],
                ]}
              />
              <section>
                <h2 className="mb-2 text-sm font-semibold text-slate-900">Offices</h2>
                <DealOffices deal={deal} />
              </section>
              <section>
                <h2 className="mb-2 text-sm font-semibold text-slate-900">Agreement</h2>
                <ExecutedAgreement deal={deal} />
              </section>
            </div>
          )}
          {tab === 'history' && <ActivityTimeline entityId={deal.id} refreshKey={deal.version} />}
        </Tabs>
      </Card>
    </div>
  );
}
