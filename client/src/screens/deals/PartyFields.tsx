import { Controller } from 'react-hook-form';
import type { FieldsForm } from '../../forms/fieldsForm';
import type { Company, Contact } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { Suggest } from '../../components/Suggest';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { useDebouncedFetch } from '../../lib/useDebouncedFetch';
import type { DealFormValues } from './dealForms';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;


/** The picked company's contacts first, each group in the server's order (by name). */
const ownFirst = (contacts: Contact[], companyId: string) => [
  ...contacts.filter((c) => c.company_id === companyId),
  ...contacts.filter((c) => c.company_id !== companyId),
];

/**
 * The deal's company: type to find an existing one, or pick 'Create new company “X”' (or just
 * keep typing). What is picked travels as company_id; a typed name is linked by name or created
 * by the server.
 */
export function CompanyField({ form }: { form: FieldsForm<DealFormValues> }) {
  const { control, setValue, watch, formState } = form;
  const { errors } = formState;
  const companyText = watch('company_name').trim();
  const companyId = watch('company_id');
  const companies = useDebouncedFetch(companyId ? '' : companyText, (signal) => endpoints.companies({ q: companyText }, signal));
  return (
    <Controller
      control={control}
      name="company_name"
      render={({ field }) => (
        <Suggest<Company>
          label="Company name"
          // A picked company that is gone by the time of saving is refused at company_id: said here.
          error={errors.company_name?.message ?? errors.company_id?.message}
          value={field.value}
          onChange={(text) => {
            field.onChange(text);
            // Typed over a picked company: it is a name again.
            if (companyId) setValue('company_id', '', { shouldDirty: true });
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          found={companies}
          itemKey={(c) => c.id}
          itemText={(c) => c.name}
          renderItem={(c) => (
            <span className="flex items-baseline justify-between gap-3">
              <span className="font-medium text-slate-900">{c.name}</span>
              <span className="text-xs text-slate-500">{[c.industry, plural(c.contact_count, 'contact'), plural(c.deal_count, 'deal')].filter(Boolean).join(' · ')}</span>
            </span>
          )}
          onPick={(c) => pickCompany(form, c)}
          createLabel={(text) => `Create new company “${text}”`}
          onCreate={() => setValue('company_id', '', { shouldDirty: true })}
          emptyText={(text) => `No existing company matches “${text}”`}
          noun="companies"
          note={companyId ? 'Existing company' : companyText ? 'New company (an existing one with exactly this name is linked)' : null}
          inputProps={{ autoComplete: 'off', name: 'company_name' }}
        />
      )}
    />
  );
}

function pickCompany(form: FieldsForm<DealFormValues>, company: { id: string; name: string }) {
  form.setValue('company_id', company.id, { shouldDirty: true });
  form.setValue('company_name', company.name, { shouldDirty: true, shouldValidate: true });
}

/**
 * The deal's contact: with a company picked, its contacts are offered as soon as the field is
 * opened, and first among what typing finds; typing searches every contact by name and e-mail.
 * Picking one fills its e-mail, phone and title (and its company, when none is picked yet).
 */
export function ContactFields({ form }: { form: FieldsForm<DealFormValues> }) {
  const { control, register, setValue, watch, formState } = form;
  const { errors } = formState;
  const companyId = watch('company_id');
  const contactText = watch('contact.name').trim();
  const contactId = watch('contact_id');
  const key = contactId ? '' : contactText ? `q:${contactText}` : companyId ? `company:${companyId}` : '';
  const found = useDebouncedFetch(key, (signal) => endpoints.contacts(contactText ? { q: contactText } : { company_id: companyId }, signal));
  const contacts = companyId && found.status === 'done' ? { ...found, value: ownFirst(found.value, companyId) } : found;
  const pickContact = (contact: Contact) => {
    setValue('contact_id', contact.id, { shouldDirty: true });
    setValue('contact.email', contact.email, { shouldDirty: true, shouldValidate: true });
    setValue('contact.phone', contact.phone ?? '', { shouldDirty: true });
    setValue('contact.title', contact.title ?? '', { shouldDirty: true });
    if (contact.company_id && contact.company_name && !companyId) pickCompany(form, { id: contact.company_id, name: contact.company_name });
  };
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Contact</legend>
      <Controller
        control={control}
        name="contact.name"
        render={({ field }) => (
          <Suggest<Contact>
            label="Contact name"
            error={errors.contact?.name?.message ?? errors.contact_id?.message}
            value={field.value}
            onChange={(text) => {
              field.onChange(text);
              if (contactId) setValue('contact_id', '', { shouldDirty: true });
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            found={contacts}
            itemKey={(c) => c.id}
            itemText={(c) => c.name}
            renderItem={(c) => (
              <span className="block">
                <span className="font-medium text-slate-900">{c.name}</span>
                <span className="block text-xs text-slate-500">{[c.email, c.title, c.company_name].filter(Boolean).join(' · ')}</span>
              </span>
            )}
            onPick={pickContact}
            createLabel={(text) => `New contact “${text}”`}
            onCreate={() => setValue('contact_id', '', { shouldDirty: true })}
            emptyText={(text) => (text ? `No existing contact matches “${text}”` : 'This company has no contacts yet')}
            noun="contacts"
            note={contactId ? 'Existing contact' : null}
            inputProps={{ autoComplete: 'off', name: 'contact.name' }}
          />
        )}
      />
      <Field label="Contact email" error={errors.contact?.email?.message}>
        {(c) => <Input {...c} type="email" autoComplete="email" {...register('contact.email', { onChange: () => contactId && setValue('contact_id', '') })} />}
      </Field>
      <Field label="Phone" hint="(optional)" error={errors.contact?.phone?.message}>
        {(c) => <Input {...c} type="tel" autoComplete="tel" {...register('contact.phone')} />}
      </Field>
      <Field label="Title" hint="(optional)" error={errors.contact?.title?.message}>
        {(c) => <Input {...c} {...register('contact.title')} />}
      </Field>
    </fieldset>
  );
}
