import { useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { COMPANY_REQUIRED, CONTACT_REQUIRED, type Company, type Contact } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { ErrorBanner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { formNotice } from '../../forms/formNotice';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { CompanyFields } from './CompanyFields';
import { ContactFields } from './ContactFields';
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

/**
 * Add Contact (no `contact`) or Edit Contact. The company is chosen from the list ('No Company'
 * by default) or created on the spot in the nested Create New Company dialog, which selects it.
 */
export function ContactDialog({ contact, onClose }: ActionDialogProps & { contact?: Contact }) {
  const { form, onSubmit } = useSchemaForm(contact ? EditContactForm : ContactForm, contactValues(contact));
  const { formState, setValue } = form;
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
          <ContactFields
            form={form}
            companyAction={
              <Button variant="secondary" onClick={() => setCreatingCompany(true)} className="shrink-0">
                <Plus className="h-4 w-4" aria-hidden />
                Create New Company
              </Button>
            }
          />
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
  const { form, onSubmit } = useSchemaForm(company ? EditCompanyForm : CompanyForm, companyValues(company));
  const { errors, isSubmitting } = form.formState;
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
        <CompanyFields form={form} companyId={company?.id} nameOnly={quick} />
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
