import { useState } from 'react';
import { Mail, Phone, Star, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { REQUIRED_CONTACT } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { Badge } from '../../components/ui/Badge';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field, FormError } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import type { DialogProps } from './officeDialogParts';
import { CONTACT_REQUIRED, ContactForm, type ContactValues } from './officeForms';
import { logFailure } from '../../lib/logFailure';

const EMPTY_CONTACT: ContactValues = { name: '', email: '', phone: '', role: '', is_primary: false };

export function ContactsDialog({ office, onClose, readOnly }: DialogProps & { readOnly: boolean }) {
  const { form, onSubmit } = useSchemaForm(ContactForm, EMPTY_CONTACT);
  const { register, reset, formState } = form;
  const { errors } = formState;
  const [removing, setRemoving] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const contacts = office.contacts ?? [];

  const submit = onSubmit(async (body) => {
    setFailure(null);
    try {
      await sendCommand({ entity: 'offices', id: office.id, send: (meta) => endpoints.addOfficeContact(office.id, body, meta) });
      toast.success(`Contact ${body.name} added`);
      reset();
    } catch (e) {
      logFailure('Failed to add contact', e);
      showServerError(form, e);
    }
  });
  const remove = async (contactId: string) => {
    setRemoving(contactId);
    setFailure(null);
    try {
      await sendCommand({
        entity: 'offices',
        id: office.id,
        optimistic: (o) => ({ ...o, contacts: o.contacts.filter((c) => c.id !== contactId) }),
        send: (meta) => endpoints.removeOfficeContact(office.id, contactId, meta),
      });
      toast.success('Contact removed');
    } catch (e) {
      logFailure('Failed to remove contact', e);
      setFailure({ title: 'Failed to remove contact', reason: reasonOf(e) });
    } finally {
      setRemoving(null);
    }
  };
  const missing = requiredSummary(errors, CONTACT_REQUIRED, REQUIRED_CONTACT);

  return (
    <ActionDialog
      title="Manage Contacts"
      description={`Office ${office.office_number} · ${office.location_name}`}
      onClose={onClose}
      closeLabel="Close"
      notice={failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
    >
      <div className="space-y-5">
        <section aria-label="Contacts">
          {contacts.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">No contacts yet.</p>
          ) : (
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" data-testid="contact-list">
              {contacts.map((c) => (
                <li key={c.id} className="flex items-start justify-between gap-3 px-3 py-2.5" data-contact-id={c.id}>
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {c.name}
                      {c.is_primary && (
                        <Badge tone="blue">
                          <Star className="mr-1 h-3 w-3" aria-hidden />
                          Primary
                        </Badge>
                      )}
                      {c.role && <span className="text-xs font-normal text-slate-500">{c.role}</span>}
                    </p>
                    <p className="flex items-center gap-1.5 truncate text-slate-600">
                      <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
                      <a className="truncate hover:underline" href={`mailto:${c.email}`}>
                        {c.email}
                      </a>
                    </p>
                    {c.phone && (
                      <p className="flex items-center gap-1.5 text-slate-600">
                        <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden />
                        {c.phone}
                      </p>
                    )}
                  </div>
                  {!readOnly && (
                    <Button variant="ghost" size="icon" aria-label={`Remove ${c.name}`} onClick={() => remove(c.id)} disabled={removing === c.id}>
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        {!readOnly && (
          <form onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 p-3" noValidate aria-label="Add contact">
            <h3 className="text-sm font-semibold text-slate-900">Add contact</h3>
            {errors.root?.server?.message && <ErrorBanner title="Failed to add contact" message={errors.root.server.message} />}
            <FormError message={missing} />
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Name" error={errors.name?.message}>
                {(control) => <Input {...control} {...register('name')} />}
              </Field>
              <Field label="Email" error={errors.email?.message}>
                {(control) => <Input {...control} type="email" {...register('email')} />}
              </Field>
              <Field label="Phone" hint="(optional)" error={errors.phone?.message}>
                {(control) => <Input {...control} type="tel" {...register('phone')} />}
              </Field>
              <Field label="Role" hint="(optional)" error={errors.role?.message}>
                {(control) => <Input {...control} {...register('role')} />}
              </Field>
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...register('is_primary')} />
              Primary contact
            </label>
            <div className="flex justify-end">
              <Button type="submit" size="sm" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Adding...' : 'Add Contact'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </ActionDialog>
  );
}
