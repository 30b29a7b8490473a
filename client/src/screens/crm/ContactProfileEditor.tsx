import { toast } from 'sonner';
import type { Contact } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { ProfileEditForm } from '../../components/ProfileEditForm';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { logFailure } from '../../lib/logFailure';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { ContactFields } from './ContactFields';
import { CONTACT_FIELD_LABELS, EditContactForm, contactValues } from './crmForms';

/**
 * The contact profile in edit mode, in place of its overview. Like the member and office
 * profiles, it edits from the row as editing began: its version goes with Save, a change by
 * someone else meanwhile is named, and Reload takes it keeping what was typed.
 */
export function ContactProfileEditor({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const edited = useEditedRow('contacts', contact, { noun: 'contact', labels: CONTACT_FIELD_LABELS, fetchRow: endpoints.contact });
  const { form, onSubmit } = useSchemaForm(EditContactForm, contactValues(contact));
  const { formState } = form;

  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'contacts', id: contact.id, version: edited.base.version, send: (meta) => endpoints.updateContact(contact.id, body, meta) });
      toast.success('Contact saved');
      onDone();
    } catch (e) {
      logFailure('Failed to update contact', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = reloadKeepingTyped(edited, form, contactValues);

  return (
    <ProfileEditForm id="contact-profile-form" label="Edit contact" onSubmit={submit} edited={edited} onReload={reload} formState={formState} failureTitle="Failed to update contact" onCancel={onDone}>
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactFields form={form} />
      </div>
    </ProfileEditForm>
  );
}
