import { useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { CRM_STATUSES, COMPANY_REQUIRED, CONTACT_REQUIRED, type Company, type Contact } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { ErrorBanner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Field, Select, Textarea } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { formNotice } from '../../forms/formNotice';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { reasonOf } from '../../lib/errorText';
import { rowsOf } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { companiesAtom, contactsAtom } from './atoms';
import {
  COMPANY_REQUIRED_FIELDS,
  CONTACT_REQUIRED_FIELDS,
  CompanyForm,
  ContactForm,
  EditCompanyForm,
  EditContactForm,
  companyValues,
  contactValues,
} from './crmForms';
import { logFailure } from '../../lib/logFailure';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'en');

/** Every company, for choosing one (live). */
export function useCompanies(): Company[] {
  useLiveQuery('companies', 'all', () => endpoints.companies());
  return rowsOf(useAtomValue(companiesAtom)).sort(byName);
}

/**
 * Add Contact (no `contact`) or Edit Contact. The company is chosen from the list ('No Company'
 * by default) or created on the spot in the nested Create New Company dialog, which selects it.
 */
export function ContactDialog({ contact, onClose }: ActionDialogProps & { contact?: Contact }) {
  const companies = useCompanies();
  const { form, onSubmit } = useSchemaForm(contact ? EditContactForm : ContactForm, contactValues(contact));
  const { register, formState, setValue } = form;
  const { errors, isSubmitting } = formState;
  const [creatingCompany, setCreatingCompany] = useState(false);
  const submit = onSubmit(async (body) => {
    try {
      if (contact) {
        await sendCommand({ entity: 'contacts', id: contact.id, version: contact.version, send: (meta) => endpoints.updateContact(contact.id, body, meta) });
        toast.success('Contact saved');
      } else {
        await sendCommand({ entity: 'contacts', send: (meta) => endpoints.createContact(body as Parameters<typeof endpoints.createContact>[0], meta) });
        toast.success('Contact added');
      }
      onClose();
    } catch (e) {
      logFailure(contact ? 'Failed to update contact' : 'Failed to add contact', e);
      showServerError(form, e);
    }
  });
  const missing = requiredSummary(errors, CONTACT_REQUIRED_FIELDS, CONTACT_REQUIRED);
  const id = contact ? 'edit-contact-form' : 'add-contact-form';
  return (
    <>
      <ActionDialog
        title={contact ? 'Edit Contact' : 'Add Contact'}
        onClose={onClose}
        primary={{ form: id, label: contact ? 'Save Changes' : 'Add Contact', busyLabel: 'Saving...', busy: isSubmitting }}
        notice={formNotice({ failureTitle: contact ? 'Failed to update contact' : 'Failed to add contact', failure: errors.root?.server?.message, missing })}
      >
        <form id={id} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message}>
            {(c) => <Input {...c} autoComplete="name" {...register('name')} />}
          </Field>
          <Field label="Email" error={errors.email?.message}>
            {(c) => <Input {...c} type="email" autoComplete="email" {...register('email')} />}
          </Field>
          <Field label="Phone" hint="(optional)" error={errors.phone?.message}>
            {(c) => <Input {...c} type="tel" {...register('phone')} />}
          </Field>
          <Field label="Title" hint="(optional)" error={errors.title?.message}>
            {(c) => <Input {...c} {...register('title')} />}
          </Field>
          <div className="space-y-1.5 sm:col-span-2">
            <Field label="Company" error={errors.company_id?.message}>
              {(c) => (
                <div className="flex gap-2">
                  <Select {...c} {...register('company_id')}>
                    <option value="">No Company</option>
                    {companies.map((co) => (
                      <option key={co.id} value={co.id}>
                        {co.name}
                      </option>
                    ))}
                  </Select>
                  <Button variant="secondary" onClick={() => setCreatingCompany(true)} className="shrink-0">
                    <Plus className="h-4 w-4" aria-hidden />
                    Create New Company
                  </Button>
                </div>
              )}
            </Field>
          </div>
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
        </form>
      </ActionDialog>
      {creatingCompany && (
        <CompanyDialog
          quick
          onClose={() => setCreatingCompany(false)}
          // After the next render: the select's option for the new company must exist before it
          // can be chosen (the field is a native select that react-hook-form sets directly).
          onCreated={(company) => setTimeout(() => setValue('company_id', company.id, { shouldDirty: true }))}
        />
      )}
    </>
  );
}

/**
 * Add Company, Edit Company, or (`quick`, from Add Contact) Create New Company with its name
 * alone. The main contact is one of the contacts without a company (or this company's own).
 */
export function CompanyDialog({ company, quick, onClose, onCreated }: ActionDialogProps & { company?: Company; quick?: boolean; onCreated?: (company: Company) => void }) {
  useLiveQuery('contacts', 'all', () => endpoints.contacts());
  const contacts = rowsOf(useAtomValue(contactsAtom))
    .filter((c) => c.company_id === null || (company && c.company_id === company.id))
    .sort(byName);
  const { form, onSubmit } = useSchemaForm(company ? EditCompanyForm : CompanyForm, companyValues(company));
  const { register, formState } = form;
  const { errors, isSubmitting } = formState;
  const title = company ? 'Edit Company' : quick ? 'Create New Company' : 'Add Company';
  const submit = onSubmit(async (body) => {
    try {
      if (company) {
        await sendCommand({ entity: 'companies', id: company.id, version: company.version, send: (meta) => endpoints.updateCompany(company.id, body, meta) });
        toast.success('Company saved');
      } else {
        const created = await sendCommand({ entity: 'companies', send: (meta) => endpoints.createCompany(body as Parameters<typeof endpoints.createCompany>[0], meta) });
        toast.success(`Company ${created?.name ?? ''} added`);
        if (created) onCreated?.(created);
      }
      onClose();
    } catch (e) {
      logFailure(company ? 'Failed to update company' : quick ? 'Failed to create company' : 'Failed to add company', e);
      showServerError(form, e);
    }
  });
  const missing = requiredSummary(errors, COMPANY_REQUIRED_FIELDS, COMPANY_REQUIRED);
  const id = company ? 'edit-company-form' : quick ? 'quick-company-form' : 'add-company-form';
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      primary={{ form: id, label: company ? 'Save Changes' : quick ? 'Create Company' : 'Add Company', busyLabel: 'Saving...', busy: isSubmitting }}
      notice={formNotice({ failureTitle: company ? 'Failed to update company' : quick ? 'Failed to create company' : 'Failed to add company', failure: errors.root?.server?.message, missing })}
    >
      <form id={id} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <Field label="Company name" className="sm:col-span-2" error={errors.name?.message}>
          {(c) => <Input {...c} autoComplete="organization" {...register('name')} />}
        </Field>
        {!quick && (
          <>
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
            <Field label="Notes" hint="(optional)" className="sm:col-span-2" error={errors.notes?.message}>
              {(c) => <Textarea {...c} rows={3} {...register('notes')} />}
            </Field>
          </>
        )}
      </form>
    </ActionDialog>
  );
}

/** The spec's confirmation, then the delete; the row leaves every screen (the push removes it elsewhere). */
export function DeleteDialog({ kind, row, onClose, onDeleted }: ActionDialogProps & { kind: 'contact' | 'company'; row: Contact | Company; onDeleted?: () => void }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const question =
    kind === 'contact' ? 'Are you sure you want to delete this contact?' : 'Are you sure you want to delete this company? This will also remove all associated contacts.';
  const remove = async () => {
    setState({ busy: true, error: null });
    try {
      const { id, version } = row;
      if (kind === 'contact') await sendCommand({ entity: 'contacts', id, version, deletes: true, send: (meta) => endpoints.deleteContact(id, meta) });
      else await sendCommand({ entity: 'companies', id, version, deletes: true, send: (meta) => endpoints.deleteCompany(id, meta) });
      toast.success(`${row.name} deleted`);
      onClose();
      onDeleted?.();
    } catch (e) {
      setState({ busy: false, error: reasonOf(e) });
    }
  };
  return (
    <ActionDialog
      title={kind === 'contact' ? 'Delete Contact' : 'Delete Company'}
      description={row.name}
      onClose={onClose}
      primary={{ label: 'Delete', busyLabel: 'Deleting...', busy: state.busy, onClick: () => void remove() }}
      notice={state.error && <ErrorBanner title={kind === 'contact' ? 'Failed to delete contact' : 'Failed to delete company'} message={state.error} />}
    >
      <p className="text-sm text-slate-700">{question}</p>
    </ActionDialog>
  );
}
