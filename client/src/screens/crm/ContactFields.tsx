import type { ReactNode } from 'react';
import { Field, Select, type ControlProps } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import type { FieldsForm } from '../../forms/fieldsForm';
import { useCompanies } from './useCompanies';
import type { ContactFormValues } from './crmForms';
import { LeadSourceField, NotesField, StatusField } from './crmFieldParts';
import { RowOptions } from '../../components/ui/Options';

/**
 * A contact's fields, for the Add and Edit Contact dialogs and the profile's editor. The company
 * is chosen from every company ('No Company' first); `companyAction` stands beside that choice
 * (the dialogs' Create New Company), which then spans the row.
 */
export function ContactFields({ form, companyAction }: { form: FieldsForm<ContactFormValues>; companyAction?: ReactNode }) {
  const companies = useCompanies();
  const { register, formState } = form;
  const { errors } = formState;
  const companySelect = (c: ControlProps) => (
    <Select {...c} {...register('company_id')}>
      <option value="">No Company</option>
      <RowOptions rows={companies} />
    </Select>
  );
  return (
    <>
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
      <Field label="Company" className={companyAction ? 'sm:col-span-2' : undefined} error={errors.company_id?.message}>
        {(c) =>
          companyAction ? (
            <div className="flex gap-2">
              {companySelect(c)}
              {companyAction}
            </div>
          ) : (
            companySelect(c)
          )
        }
      </Field>
      <StatusField registration={register('status')} error={errors.status?.message} />
      <LeadSourceField registration={register('lead_source')} error={errors.lead_source?.message} />
      <NotesField registration={register('notes')} error={errors.notes?.message} />
    </>
  );
}
