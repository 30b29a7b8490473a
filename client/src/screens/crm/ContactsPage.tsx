import { useCallback, useMemo, useState } from 'react';
import { may } from '@shared/policy';
import type { Contact } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { contactsAtom } from './atoms';
import { ContactCard, type ContactDialogKind } from './ContactCard';
import { ContactDialog, DeleteDialog } from './CrmDialogs';
import { ImportButton } from '../imports/ImportButton';
import { CrmListPage } from './CrmListPage';
import { EmailHistoryDialog } from './crmParts';

type Open = { kind: 'add' } | { kind: ContactDialogKind; contact: Contact } | null;

const matches = (c: Contact, text: string) => [c.name, c.email, c.title ?? ''].some((v) => v.toLowerCase().includes(text));

/** /crm/contacts: every contact, searchable by name, e-mail or title, live. */
export default function ContactsPage() {
  const user = useUser();
  const canWrite = may(user, 'contact.update');
  const query = useLiveQuery('contacts', 'all', () => endpoints.contacts());
  const collection = useAtomValue(contactsAtom);
  const contacts = useMemo(() => rowsOf(collection).sort((a, b) => a.name.localeCompare(b.name, 'en')), [collection]);
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const onOpen = useCallback((kind: ContactDialogKind, contact: Contact) => setOpen({ kind, contact }), []);

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
        card={(contact) => <ContactCard contact={contact} canWrite={canWrite} onOpen={onOpen} />}
      />
      {open?.kind === 'add' && <ContactDialog onClose={close} />}
      {open?.kind === 'edit' && <ContactDialog contact={open.contact} onClose={close} />}
      {open?.kind === 'delete' && <DeleteDialog kind="contact" row={open.contact} onClose={close} />}
      {open?.kind === 'email' && <EmailHistoryDialog name={open.contact.name} contactId={open.contact.id} onClose={close} />}
    </>
  );
}
