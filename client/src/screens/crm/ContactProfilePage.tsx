import { Link, useParams } from 'react-router';
import { Mail, UserRound } from 'lucide-react';
import { dealStatistics } from '@shared/domain/dealStatistics';
import { endpoints } from '../../api/endpoints';
import { ActivityTimeline } from '../../components/ActivityTimeline';
import { Detail, ProfileUnavailable } from '../../components/ProfileParts';
import { useLiveRow } from '../../live/useLiveRow';
import { formatCurrency } from '../deals/dealFormat';
import { ContactProfileEditor } from './ContactProfileEditor';
import { CrmOverview } from './CrmOverview';
import { CrmProfileFrame } from './CrmProfileFrame';
import { EmailHistoryPanel, PhoneLink } from './crmParts';
import { RelatedDeals, useRelatedDeals } from './RelatedDeals';

type Tab = 'overview' | 'emails' | 'deals' | 'activity';
const BACK = { to: '/crm/contacts', label: 'Back to contacts' };

/** /crm/contacts/:id: a contact's details, e-mails, deals and history, kept live. */
export default function ContactProfilePage() {
  const { id } = useParams();
  const { row: contact, ...live } = useLiveRow('contacts', id, endpoints.contact);
  const related = useRelatedDeals({ contact_id: id ?? '' });

  if (!id || live.missing || !contact) return <ProfileUnavailable hasId={!!id} live={live} noun="Contact" failedTitle="Failed to load contacts data" back={BACK} />;

  const tabs: { key: Tab; label: string }[] = [
    { key: 'overview', label: 'Overview' },
    { key: 'emails', label: 'Emails' },
    { key: 'deals', label: `Deals (${related.deals.length})` },
    { key: 'activity', label: 'Activity' },
  ];
  // Of the deals this user sees (the deal list is already only those of their locations).
  const statistics = dealStatistics(related.deals);
  return (
    <CrmProfileFrame
      kind="contact"
      row={contact}
      back={BACK}
      icon={<UserRound className="h-6 w-6" />}
      subtitle={
        <>
          {contact.title ?? 'No title'}
          {contact.company_id && (
            <>
              {' · '}
              <Link to={`/crm/companies/${contact.company_id}`} className="font-medium text-brand-700 hover:underline">
                {contact.company_name}
              </Link>
            </>
          )}
        </>
      }
      links={
        <>
          <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline">
            <Mail className="h-4 w-4" aria-hidden /> {contact.email}
          </a>
          {contact.phone && <PhoneLink phone={contact.phone} />}
        </>
      }
      tabs={tabs}
      editor={(done) => <ContactProfileEditor contact={contact} onDone={done} />}
      panels={{
        overview: (
          <CrmOverview
            sections={[
              [
                'Contact information',
                <>
                  <Detail label="Email">{contact.email}</Detail>
                  <Detail label="Phone">{contact.phone ?? '—'}</Detail>
                  <Detail label="Title">{contact.title ?? '—'}</Detail>
                  <Detail label="Lead source">{contact.lead_source ?? '—'}</Detail>
                </>,
              ],
              [
                'Company and deals',
                <>
                  <Detail label="Company">{contact.company_name ?? 'No company'}</Detail>
                  <Detail label="Active deals">{statistics.active}</Detail>
                  <Detail label="Won deals">{statistics.won}</Detail>
                  <Detail label="Deals">{related.deals.length}</Detail>
                  <Detail label="Total deal value">{formatCurrency(statistics.total_value)}</Detail>
                </>,
              ],
            ]}
            notes={contact.notes}
          />
        ),
        emails: <EmailHistoryPanel contactId={contact.id} />,
        deals: <RelatedDeals related={related} />,
        activity: <ActivityTimeline entityId={contact.id} refreshKey={contact.version} />,
      }}
    />
  );
}
