import { useCallback, useState } from 'react';
import { Building2, Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { may } from '@shared/policy';
import type { Contact } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { rowsOf } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { contactsAtom } from './atoms';
import { ContactDialog, DeleteDialog } from './CrmDialogs';
import { ImportButton } from '../imports/ImportButton';
import { CrmListPage } from './CrmListPage';
import { EmailHistoryDialog, StatusBadge, StatusSelect } from './crmParts';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete' | 'email'; contact: Contact } | null;

const matches = (c: Contact, text: string) => [c.name, c.email, c.title ?? ''].some((v) => v.toLowerCase().includes(text));

/** /crm/contacts: every contact, searchable by name, e-mail or title, live. */
export default function ContactsPage() {
  const user = useUser();
  const navigate = useNavigate();
  const canWrite = may(user, 'contact.update');
  const query = useLiveQuery('contacts', 'all', () => endpoints.contacts());
  const contacts = rowsOf(useAtomValue(contactsAtom)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);

  return (
    <>
      <CrmListPage<Contact>
        title="Contacts"
        subtitle="People at prospects and member companies"
        noun="Contact"
        plural="contacts"
        rows={contacts}
        query={query}
        matches={matches}
        searchLabel="Search contacts by name, email or title"
        canAdd={may(user, 'contact.create')}
        onAdd={() => setOpen({ kind: 'add' })}
        actions={<ImportButton kind="contacts" />}
        card={(contact) => (
          <Card className="flex h-full flex-col gap-3 p-4 hover:shadow-md" data-testid="contact-card" data-contact-id={contact.id}>
            <button type="button" className="text-left" onClick={() => void navigate(`/crm/contacts/${contact.id}`)}>
              <span className="flex items-start justify-between gap-2">
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-slate-900">{contact.name}</span>
                  <span className="block truncate text-sm text-slate-600">{contact.title ?? 'No title'}</span>
                </span>
                <StatusBadge status={contact.status} />
              </span>
              <span className="mt-2 flex items-center gap-1.5 text-sm text-slate-700">
                <Mail className="h-3.5 w-3.5 text-slate-400" aria-hidden />
                <span className="truncate">{contact.email}</span>
              </span>
              {contact.phone && (
                <span className="flex items-center gap-1.5 text-sm text-slate-700">
                  <Phone className="h-3.5 w-3.5 text-slate-400" aria-hidden />
                  {contact.phone}
                </span>
              )}
              <span className="flex items-center gap-1.5 text-sm text-slate-700">
                <Building2 className="h-3.5 w-3.5 text-slate-400" aria-hidden />
                {contact.company_name ?? 'No company'}
              </span>
            </button>
            <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
              <StatusSelect
                status={contact.status}
                label={`Status of ${contact.name}`}
                disabled={!canWrite}
                onChange={(status) =>
                  sendCommand({ entity: 'contacts', id: contact.id, version: contact.version, optimistic: (c) => ({ ...c, status }), send: (meta) => endpoints.setContactStatus(contact.id, status, meta) })
                }
              />
              <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'email', contact })}>
                <Mail className="h-4 w-4" aria-hidden /> Emails
              </Button>
              {canWrite && (
                <>
                  <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'edit', contact })} aria-label={`Edit ${contact.name}`}>
                    <Pencil className="h-4 w-4" aria-hidden /> Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setOpen({ kind: 'delete', contact })} aria-label={`Delete ${contact.name}`}>
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </Button>
                </>
              )}
            </div>
          </Card>
        )}
      />
      {open?.kind === 'add' && <ContactDialog onClose={close} />}
      {open?.kind === 'edit' && <ContactDialog contact={open.contact} onClose={close} />}
      {open?.kind === 'delete' && <DeleteDialog kind="contact" row={open.contact} onClose={close} />}
      {open?.kind === 'email' && <EmailHistoryDialog name={open.contact.name} contactId={open.contact.id} onClose={close} />}
    </>
  );
}
