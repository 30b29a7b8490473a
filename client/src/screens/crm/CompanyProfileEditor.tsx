import { toast } from 'sonner';
import { CRM_STATUSES, type Company } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { ChangeNotice } from '../../components/ChangeNotice';
import { EditFormActions } from '../../components/ProfileParts';
import { ErrorBanner } from '../../components/ui/Banner';
import { Field, Select, Textarea } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { keepTyped } from '../../forms/keepTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { reasonOf } from '../../lib/errorText';
import { rowsOf } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { contactsAtom } from './atoms';
import { COMPANY_FIELD_LABELS, EditCompanyForm, companyValues } from './crmForms';

/**
 * The company profile in edit mode, in place of its overview (as the member and office profiles
 * edit): the version as editing began goes with Save; a change by someone else meanwhile is
 * named, and Reload takes it keeping what was typed. The main contact is one of the contacts
 * without a company, or this company's own (as in the dialog).
 */
export function CompanyProfileEditor({ company, onDone }: { company: Company; onDone: () => void }) {
  useLiveQuery('contacts', 'all', () => endpoints.contacts());
  const contacts = rowsOf(useAtomValue(contactsAtom))
    .filter((c) => c.company_id === null || c.company_id === company.id)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const edited = useEditedRow('companies', company, { noun: 'company', labels: COMPANY_FIELD_LABELS, fetchRow: endpoints.company });
  const { form, onSubmit } = useSchemaForm(EditCompanyForm, companyValues(company));
  const { register, formState } = form;
  const { errors } = formState;

  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'companies', id: company.id, version: edited.base.version, send: (meta) => endpoints.updateCompany(company.id, body, meta) });
      toast.success('Company saved');
      onDone();
    } catch (e) {
      console.error('Failed to update company', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = () =>
    edited
      .reload((latest, opened) => form.reset(keepTyped(companyValues(opened), form.getValues(), companyValues(latest))))
      .catch((e: unknown) => form.setError('root.server', { type: 'server', message: reasonOf(e) }));

  return (
    <form id="company-profile-form" onSubmit={submit} noValidate className="space-y-5" aria-label="Edit company">
      {edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />}
      {errors.root?.server?.message && <ErrorBanner title="Failed to update company" message={errors.root.server.message} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Company name" className="sm:col-span-2" error={errors.name?.message}>
          {(c) => <Input {...c} autoComplete="organization" {...register('name')} />}
        </Field>
        <Field label="Industry" hint="(optional)" error={errors.industry?.message}>
          {(c) => <Input {...c} {...register('industry')} />}
        </Field>
        <Field label="Website" hint="(optional)" error={errors.website?.message}>
          {(c) => <Input {...c} type="url" {...register('website')} />}
        </Field>
        <Field label="Phone" hint="(optional)" error={errors.phone?.message}>
          {(c) => <Input {...c} type="tel" {...register('phone')} />}
        </Field>
        <Field label="Address" hint="(optional)" error={errors.address?.message}>
          {(c) => <Input {...c} {...register('address')} />}
        </Field>
        <Field label="Employees" hint="(optional)" error={errors.employee_count?.message}>
          {(c) => <Input {...c} type="number" min={0} step={1} inputMode="numeric" {...register('employee_count')} />}
        </Field>
        <Field label="Annual revenue" hint="(optional)" error={errors.annual_revenue?.message}>
          {(c) => <Input {...c} type="number" min={0} step="any" inputMode="decimal" {...register('annual_revenue')} />}
        </Field>
        <Field label="Main contact" error={errors.main_contact_id?.message}>
          {(c) => (
            <Select {...c} {...register('main_contact_id')}>
              <option value="">No Main Contact</option>
              {contacts.map((contact) => (
                <option key={contact.id} value={contact.id}>
                  {contact.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Status" error={errors.status?.message}>
          {(c) => (
            <Select {...c} {...register('status')}>
              {CRM_STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Lead source" hint="(optional)" error={errors.lead_source?.message}>
          {(c) => <Input {...c} {...register('lead_source')} />}
        </Field>
        <Field label="Notes" hint="(optional)" className="sm:col-span-2" error={errors.notes?.message}>
          {(c) => <Textarea {...c} rows={3} {...register('notes')} />}
        </Field>
      </div>
      <EditFormActions saving={formState.isSubmitting} onCancel={onDone} />
    </form>
  );
}
