import { Link, useParams } from 'react-router';
import { Building2, Globe } from 'lucide-react';
import { isHttpUrl } from '@shared/schemas/strings';
import { endpoints } from '../../api/endpoints';
import { ActivityTimeline } from '../../components/ActivityTimeline';
import { LoadFailed } from '../../components/LoadFailed';
import { Detail, EmptyNote, ProfileUnavailable } from '../../components/ProfileParts';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useLiveRow } from '../../live/useLiveRow';
import { useAtomValue } from '../../state/jotai';
import { formatCurrency } from '../deals/dealFormat';
import { contactsAtom } from './atoms';
import { CompanyProfileEditor } from './CompanyProfileEditor';
import { CrmOverview } from './CrmOverview';
import { CrmProfileFrame } from './CrmProfileFrame';
import { EmailHistoryPanel, PhoneLink, StatusBadge } from './crmParts';
import { RelatedDeals, useRelatedDeals } from './RelatedDeals';

type Tab = 'overview' | 'contacts' | 'emails' | 'deals' | 'activity';
const BACK = { to: '/crm/companies', label: 'Back to companies' };

/** /crm/companies/:id: a company's details, contacts, e-mails, deals and history, kept live. */
export default function CompanyProfilePage() {
  const { id } = useParams();
  const { row: company, ...live } = useLiveRow('companies', id, endpoints.company);
  const contactsQuery = useLiveQuery('contacts', `company:${id}`, () => endpoints.contacts({ company_id: id }), (c) => c.company_id === id);
  const contacts = rowsOf(useAtomValue(contactsAtom)).filter((c) => c.company_id === id);
  const related = useRelatedDeals({ company_id: id ?? '' });

  if (!id || live.missing || !company) return <ProfileUnavailable hasId={!!id} live={live} noun="Company" failedTitle="Failed to load companies data" back={BACK} />;

  const tabs: { key: Tab; label: string }[] = [
    { key: 'overview', label: 'Overview' },
    { key: 'contacts', label: `Contacts (${company.contact_count})` },
    { key: 'emails', label: 'Emails' },
    { key: 'deals', label: `Deals (${company.deal_count})` },
    { key: 'activity', label: 'Activity' },
  ];
  const main = contacts.find((c) => c.id === company.main_contact_id);
  return (
    <CrmProfileFrame
      kind="company"
      row={company}
      back={BACK}
      icon={<Building2 className="h-6 w-6" />}
      subtitle={company.industry ?? 'No industry'}
      links={
        <>
          {/* A website stored before only http(s) was taken is shown as text, never as a link. */}
          {company.website && !isHttpUrl(company.website) && <span className="text-slate-600">{company.website}</span>}
          {company.website && isHttpUrl(company.website) && (
            <a href={company.website} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline">
              <Globe className="h-4 w-4" aria-hidden /> {company.website}
            </a>
          )}
          {company.phone && <PhoneLink phone={company.phone} />}
        </>
      }
      aside={
        <div className="text-right">
          <p className="text-xs text-slate-500">Total deal value</p>
          <p className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="company-total">
            {formatCurrency(company.total_deal_value)}
          </p>
        </div>
      }
      tabs={tabs}
      editor={(done) => <CompanyProfileEditor company={company} onDone={done} />}
      panels={{
        overview: (
          <CrmOverview
            sections={[
              [
                'Company information',
                <>
                  <Detail label="Industry">{company.industry ?? '—'}</Detail>
                  <Detail label="Address">{company.address ?? '—'}</Detail>
                  <Detail label="Employees">{company.employee_count?.toLocaleString('en-US') ?? '—'}</Detail>
                  <Detail label="Annual revenue">{company.annual_revenue === null ? '—' : formatCurrency(company.annual_revenue)}</Detail>
                  <Detail label="Main contact">{main ? main.name : '—'}</Detail>
                  <Detail label="Lead source">{company.lead_source ?? '—'}</Detail>
                </>,
              ],
              [
                'Deal performance',
                <>
                  <Detail label="Active deals">{company.active_deal_count}</Detail>
                  <Detail label="Won deals">{company.won_deal_count}</Detail>
                  <Detail label="Total deal value">{formatCurrency(company.total_deal_value)}</Detail>
                  <Detail label="Average deal size">{formatCurrency(company.average_deal_value)}</Detail>
                  <Detail label="Deals">{company.deal_count}</Detail>
                  <Detail label="Contacts">{company.contact_count}</Detail>
                </>,
              ],
            ]}
            notes={company.notes}
          />
        ),
        contacts:
          contactsQuery.status === 'error' ? (
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
          ),
        emails: <EmailHistoryPanel companyId={company.id} />,
        deals: <RelatedDeals related={related} />,
        activity: <ActivityTimeline entityId={company.id} refreshKey={company.version} />,
      }}
    />
  );
}
