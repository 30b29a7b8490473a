import { memo } from 'react';
import { Building2, Mail, Pencil, Phone, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Contact } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { sendCommand } from '../../live/command';
import { StatusBadge, StatusSelect } from './crmParts';

export type ContactDialogKind = 'edit' | 'delete' | 'email';

/**
 * One contact in the list: name, title, status, e-mail, phone, company, and its actions.
 * Memoised on the contact and stable callbacks: a pushed contact re-renders its own card only.
 */
export const ContactCard = memo(function ContactCard({
  contact,
  canWrite,
  onOpen,
}: {
  contact: Contact;
  canWrite: boolean;
  onOpen: (kind: ContactDialogKind, contact: Contact) => void;
}) {
  const navigate = useNavigate();
  return (
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
        <Button variant="ghost" size="sm" onClick={() => onOpen('email', contact)}>
          <Mail className="h-4 w-4" aria-hidden /> Emails
        </Button>
        {canWrite && (
          <>
            <Button variant="ghost" size="sm" onClick={() => onOpen('edit', contact)} aria-label={`Edit ${contact.name}`}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onOpen('delete', contact)} aria-label={`Delete ${contact.name}`}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          </>
        )}
      </div>
    </Card>
  );
});
