import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Building2, Globe, Phone, Trash2 } from 'lucide-react';
import { may } from '@shared/policy';
import { isHttpUrl } from '@shared/schemas/strings';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { ActivityTimeline } from '../../components/ActivityTimeline';
import { LoadFailed } from '../../components/LoadFailed';
import { BackLink, Detail, EditButton, EmptyNote, NotFound, ProfileLoading } from '../../components/ProfileParts';
import { UpdatedBy } from '../../components/LiveMark';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Tabs } from '../../components/ui/Tabs';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useLiveRow } from '../../live/useLiveRow';
import { useAtomValue } from '../../state/jotai';
import { formatCurrency } from '../deals/dealFormat';
import { companiesAtom, contactsAtom } from './atoms';
import { DeleteDialog } from './CrmDialogs';
import { CompanyProfileEditor } from './CompanyProfileEditor';
import { EmailHistoryPanel, StatusBadge } from './crmParts';
import { RelatedDeals, useRelatedDeals } from './RelatedDeals';

type Tab = 'overview' | 'contacts' | 'emails' | 'deals' | 'activity';
const BACK = { to: '/crm/companies', label: 'Back to companies' };

/** /crm/companies/:id: a company's details, contacts, e-mails, deals and history, kept live. */
export default function CompanyProfilePage() {
  const { id } = useParams();
  const user = useUser();
  const navigate = useNavigate();
  const { row: company, missing, failed, error, retry } = useLiveRow('companies', id, endpoints.company);
  const touch = useAtomValue(companiesAtom).touched[id ?? ''];
  const contactsQuery = useLiveQuery('contacts', `company:${id}`, () => endpoints.contacts({ company_id: id }), (c) => c.company_id === id);
  const contacts = rowsOf(useAtomValue(contactsAtom)).filter((c) => c.company_id === id);
  const related = useRelatedDeals({ company_id: id ?? '' });
  const [tab, setTab] = useState<Tab>('overview');
  const [open, setOpen] = useState<'delete' | null>(null);
  const [editing, setEditing] = useState(false);

  if (!id) return <NotFound message="No company ID provided" back={BACK.to} backLabel={BACK.label} />;
  if (missing) return <NotFound message="Company not found" back={BACK.to} backLabel={BACK.label} />;
  if (!company) return failed ? <LoadFailed title="Failed to load companies data" error={error} onRetry={retry} back={BACK} /> : <ProfileLoading text="Loading company..." />;

  const canWrite = may(user, 'company.update');
  const tabs: { key: Tab; label: string }[] = [
    { key: 'overview', label: 'Overview' },
    { key: 'contacts', label: `Contacts (${company.contact_count})` },
    { key: 'emails', label: 'Emails' },
    { key: 'deals', label: `Deals (${company.deal_count})` },
    { key: 'activity', label: 'Activity' },
  ];
  const main = contacts.find((c) => c.id === company.main_contact_id);
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <BackLink to={BACK.to} label={BACK.label} />
      <Card className="flex flex-wrap items-start gap-4 p-5">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700" aria-hidden>
          <Building2 className="h-6 w-6" />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{company.name}</h1>
            <StatusBadge status={company.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">{company.industry ?? 'No industry'}</p>
          <p className="mt-2 flex flex-wrap gap-4 text-sm">
            {/* A website stored before only http(s) was taken is shown as text, never as a link. */}
            {company.website && !isHttpUrl(company.website) && <span className="text-slate-600">{company.website}</span>}
            {company.website && isHttpUrl(company.website) && (
              <a href={company.website} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline">
                <Globe className="h-4 w-4" aria-hidden /> {company.website}
              </a>
            )}
            {company.phone && (
              <a href={`tel:${company.phone}`} className="inline-flex items-center gap-1.5 text-brand-700 hover:underline">
                <Phone className="h-4 w-4" aria-hidden /> {company.phone}
              </a>
            )}
          </p>
          <UpdatedBy touch={touch} className="mt-1" />
        </div>
        <div className="text-right">
          <p className="text-xs text-slate-500">Total deal value</p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="company-total">
            {formatCurrency(company.total_deal_value)}
          </p>
        </div>
        {canWrite && (
          <div className="flex w-full justify-end gap-2">
            {!editing && (
              <EditButton
                onEdit={() => {
                  setEditing(true);
                  setTab('overview');
                }}
              />
            )}
            <Button variant="secondary" onClick={() => setOpen('delete')}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          </div>
        )}
      </Card>
      <Card className="p-5">
        <Tabs tabs={tabs} value={tab} onChange={setTab} label="Company sections">
          {editing && tab === 'overview' && <CompanyProfileEditor company={company} onDone={() => setEditing(false)} />}
          {!editing && tab === 'overview' && (
            <div className="grid gap-6 md:grid-cols-2">
              <section className="space-y-2">
                <h2 className="text-sm font-semibold text-slate-900">Company information</h2>
                <dl className="grid gap-3 sm:grid-cols-2">
                  <Detail label="Industry">{company.industry ?? '—'}</Detail>
                  <Detail label="Address">{company.address ?? '—'}</Detail>
                  <Detail label="Employees">{company.employee_count?.toLocaleString('en-US') ?? '—'}</Detail>
                  <Detail label="Annual revenue">{company.annual_revenue === null ? '—' : formatCurrency(company.annual_revenue)}</Detail>
                  <Detail label="Main contact">{main ? main.name : '—'}</Detail>
                  <Detail label="Lead source">{company.lead_source ?? '—'}</Detail>
                </dl>
              </section>
              <section className="space-y-2">
                <h2 className="text-sm font-semibold text-slate-900">Deal performance</h2>
                <dl className="grid gap-3 sm:grid-cols-2">
                  <Detail label="Active deals">{company.active_deal_count}</Detail>
                  <Detail label="Won deals">{company.won_deal_count}</Detail>
                  <Detail label="Total deal value">{formatCurrency(company.total_deal_value)}</Detail>
                  <Detail label="Average deal size">{formatCurrency(company.average_deal_value)}</Detail>
                  <Detail label="Deals">{company.deal_count}</Detail>
                  <Detail label="Contacts">{company.contact_count}</Detail>
                </dl>
              </section>
              <section className="md:col-span-2">
                <h2 className="mb-1 text-sm font-semibold text-slate-900">Notes</h2>
                <p className="text-sm whitespace-pre-wrap text-slate-700">{company.notes ?? 'No notes.'}</p>
              </section>
            </div>
          )}
          {tab === 'contacts' &&
            (contactsQuery.status === 'error' ? (
              <LoadFailed compact title="Failed to load related information" error={contactsQuery.error} onRetry={contactsQuery.retry} />
            ) : contacts.length === 0 ? (
              <EmptyNote>{contactsQuery.status === 'loading' ? 'Loading contacts…' : 'No contacts yet.'}</EmptyNote>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="company-contacts">
                {contacts.map((c) => (
                  <li key={c.id}>
                    <Link to={`/crm/contacts/${c.id}`} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5 text-sm hover:bg-slate-50">
                      <span>
                        <span className="block font-medium text-slate-900">{c.name}</span>
                        <span className="block text-xs text-slate-600">{[c.title, c.email].filter(Boolean).join(' · ')}</span>
                      </span>
                      <StatusBadge status={c.status} />
                    </Link>
                  </li>
                ))}
              </ul>
            ))}
          {tab === 'emails' && <EmailHistoryPanel companyId={company.id} />}
          {tab === 'deals' && <RelatedDeals related={related} />}
          {tab === 'activity' && <ActivityTimeline entityId={company.id} refreshKey={company.version} />}
        </Tabs>
      </Card>
      {open === 'delete' && <DeleteDialog kind="company" row={company} onClose={() => setOpen(null)} onDeleted={() => void navigate(BACK.to)} />}
    </div>
  );
}
