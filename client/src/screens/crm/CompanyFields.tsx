import { endpoints } from '../../api/endpoints';
import { Field, Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import type { FieldsForm } from '../../forms/fieldsForm';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { contactsAtom } from './atoms';
import type { CompanyFormValues } from './crmForms';
import { LeadSourceField, NotesField, StatusField } from './crmFieldParts';
import { RowOptions } from '../../components/ui/Options';

/**
 * A company's fields, for the Add and Edit Company dialogs and the profile's editor. The main
 * contact is one of the contacts without a company, or this company's own (`companyId`).
 * `nameOnly` is Create New Company (from Add Contact); `leadSource` adds that field (the profile's).
 */
export function CompanyFields({ form, companyId, nameOnly, leadSource }: { form: FieldsForm<CompanyFormValues>; companyId?: string; nameOnly?: boolean; leadSource?: boolean }) {
  useLiveQuery('contacts', 'all', () => endpoints.contacts());
  const contacts = rowsOf(useAtomValue(contactsAtom))
    .filter((c) => c.company_id === null || (companyId !== undefined && c.company_id === companyId))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <>
      <Field label="Company name" className="sm:col-span-2" error={errors.name?.message}>
        {(c) => <Input {...c} autoComplete="organization" {...register('name')} />}
      </Field>
      {!nameOnly && (
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
                <RowOptions rows={contacts} />
              </Select>
            )}
          </Field>
          <StatusField registration={register('status')} error={errors.status?.message} />
          {leadSource && <LeadSourceField registration={register('lead_source')} error={errors.lead_source?.message} />}
          <NotesField registration={register('notes')} error={errors.notes?.message} />
        </>
      )}
    </>
  );
}

