import { toast } from 'sonner';
import type { Company } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { ProfileEditForm } from '../../components/ProfileEditForm';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { logFailure } from '../../lib/logFailure';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { CompanyFields } from './CompanyFields';
import { COMPANY_FIELD_LABELS, EditCompanyForm, companyValues } from './crmForms';

/**
 * The company profile in edit mode, in place of its overview (as the member and office profiles
 * edit): the version as editing began goes with Save; a change by someone else meanwhile is
 * named, and Reload takes it keeping what was typed. The main contact is one of the contacts
 * without a company, or this company's own (as in the dialog).
 */
export function CompanyProfileEditor({ company, onDone }: { company: Company; onDone: () => void }) {
  const edited = useEditedRow('companies', company, { noun: 'company', labels: COMPANY_FIELD_LABELS, fetchRow: endpoints.company });
  const { form, onSubmit } = useSchemaForm(EditCompanyForm, companyValues(company));
  const { formState } = form;

  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'companies', id: company.id, version: edited.base.version, send: (meta) => endpoints.updateCompany(company.id, body, meta) });
      toast.success('Company saved');
      onDone();
    } catch (e) {
      logFailure('Failed to update company', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = reloadKeepingTyped(edited, form, companyValues);

  return (
    <ProfileEditForm id="company-profile-form" label="Edit company" onSubmit={submit} edited={edited} onReload={reload} formState={formState} failureTitle="Failed to update company" onCancel={onDone}>
      <div className="grid gap-4 sm:grid-cols-2">
        <CompanyFields form={form} companyId={company.id} leadSource />
      </div>
    </ProfileEditForm>
  );
}
