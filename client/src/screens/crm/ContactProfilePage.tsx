import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Mail, Phone, Trash2, UserRound } from 'lucide-react';
import { may } from '@shared/policy';
import { dealStatistics } from '@shared/domain/dealStatistics';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { ActivityTimeline } from '../../components/ActivityTimeline';
import { LoadFailed } from '../../components/LoadFailed';
import { BackLink, Detail, EditButton, NotFound, ProfileLoading } from '../../components/ProfileParts';
import { UpdatedBy } from '../../components/LiveMark';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Tabs } from '../../components/ui/Tabs';
import { useLiveRow } from '../../live/useLiveRow';
import { useAtomValue } from '../../state/jotai';
import { formatCurrency } from '../deals/dealFormat';
import { contactsAtom } from './atoms';
import { DeleteDialog } from './CrmDialogs';
import { ContactProfileEditor } from './ContactProfileEditor';
import { EmailHistoryPanel, StatusBadge } from './crmParts';
import { RelatedDeals, useRelatedDeals } from './RelatedDeals';

type Tab = 'overview' | 'emails' | 'deals' | 'activity';
const BACK = { to: '/crm/contacts', label: 'Back to contacts' };

/** /crm/contacts/:id: a contact's details, e-mails, deals and history, kept live. */
export default function ContactProfilePage() {
  const { id } = useParams();
  const user = useUser();
  const navigate = useNavigate();
  const { row: contact, missing, failed, error, retry } = useLiveRow('contacts', id, endpoints.contact);
  const touch = useAtomValue(contactsAtom).touched[id ?? ''];
  const related = useRelatedDeals({ contact_id: id ?? '' });
  const [tab, setTab] = useState<Tab>('overview');
  const [open, setOpen] = useState<'delete' | null>(null);
  const [editing, setEditing] = useState(false);

  if (!id) return <NotFound message="No contact ID provided" back={BACK.to} backLabel={BACK.label} />;
  if (missing) return <NotFound message="Contact not found" back={BACK.to} backLabel={BACK.label} />;
  if (!contact) return failed ? <LoadFailed title="Failed to load contacts data" error={error} onRetry={retry} back={BACK} /> : <ProfileLoading text="Loading contact..." />;

  const canWrite = may(user, 'contact.update');
  const tabs: { key: Tab; label: string }[] = [
    { key: 'overview', label: 'Overview' },
    { key: 'emails', label: 'Emails' },
    { key: 'deals', label: `Deals (${related.deals.length})` },
    { key: 'activity', label: 'Activity' },
  ];
  // Of the deals this user sees (the deal list is already only those of their locations).
  const statistics = dealStatistics(related.deals);
  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <BackLink to={BACK.to} label={BACK.label} />
      <Card className="flex flex-wrap items-start gap-4 p-5">
        <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700" aria-hidden>
          <UserRound className="h-6 w-6" />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{contact.name}</h1>
            <StatusBadge status={contact.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {contact.title ?? 'No title'}
            {contact.company_id && (
              <>
                {' · '}
                <Link to={`/crm/companies/${contact.company_id}`} className="font-medium text-brand-700 hover:underline">
                  {contact.company_name}
                </Link>
              </>
            )}
          </p>
          <p className="mt-2 flex flex-wrap gap-4 text-sm">
            <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline">
              <Mail className="h-4 w-4" aria-hidden /> {contact.email}
            </a>
            {contact.phone && (
              <a href={`tel:${contact.phone}`} className="inline-flex items-center gap-1.5 text-brand-700 hover:underline">
                <Phone className="h-4 w-4" aria-hidden /> {contact.phone}
              </a>
            )}
          </p>
          <UpdatedBy touch={touch} className="mt-1" />
        </div>
        {canWrite && (
          <div className="flex gap-2">
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
        <Tabs tabs={tabs} value={tab} onChange={setTab} label="Contact sections">
          {editing && tab === 'overview' && <ContactProfileEditor contact={contact} onDone={() => setEditing(false)} />}
          {!editing && tab === 'overview' && (
            <div className="grid gap-6 md:grid-cols-2">
              <section className="space-y-2">
                <h2 className="text-sm font-semibold text-slate-900">Contact information</h2>
                <dl className="grid gap-3 sm:grid-cols-2">
                  <Detail label="Email">{contact.email}</Detail>
                  <Detail label="Phone">{contact.phone ?? '—'}</Detail>
                  <Detail label="Title">{contact.title ?? '—'}</Detail>
                  <Detail label="Lead source">{contact.lead_source ?? '—'}</Detail>
                </dl>
              </section>
              <section className="space-y-2">
                <h2 className="text-sm font-semibold text-slate-900">Company and deals</h2>
                <dl className="grid gap-3 sm:grid-cols-2">
                  <Detail label="Company">{contact.company_name ?? 'No company'}</Detail>
                  <Detail label="Active deals">{statistics.active}</Detail>
                  <Detail label="Won deals">{statistics.won}</Detail>
                  <Detail label="Deals">{related.deals.length}</Detail>
                  <Detail label="Total deal value">{formatCurrency(statistics.total_value)}</Detail>
                </dl>
              </section>
              <section className="md:col-span-2">
                <h2 className="mb-1 text-sm font-semibold text-slate-900">Notes</h2>
                <p className="text-sm whitespace-pre-wrap text-slate-700">{contact.notes ?? 'No notes.'}</p>
              </section>
            </div>
          )}
          {tab === 'emails' && <EmailHistoryPanel contactId={contact.id} />}
          {tab === 'deals' && <RelatedDeals related={related} />}
          {tab === 'activity' && <ActivityTimeline entityId={contact.id} refreshKey={contact.version} />}
        </Tabs>
      </Card>
      {open === 'delete' && <DeleteDialog kind="contact" row={contact} onClose={() => setOpen(null)} onDeleted={() => void navigate(BACK.to)} />}
    </div>
  );
}
