import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';

type ContactPath = 'primary_contact.name' | 'primary_contact.email' | 'primary_contact.phone';

/**
 * A member company's primary contact, in Add Company and on the profile's editor. It takes any
 * form holding `primary_contact`: its `register` and `errors.primary_contact` fit as they are.
 */
export function PrimaryContactFields({
  register,
  errors,
}: {
  register: (name: ContactPath) => UseFormRegisterReturn;
  errors: { name?: FieldError; email?: FieldError; phone?: FieldError } | undefined;
}) {
  return (
    <>
      <Field label="Contact name" error={errors?.name?.message}>
        {(control) => <Input {...control} {...register('primary_contact.name')} />}
      </Field>
      <Field label="Contact email" error={errors?.email?.message}>
        {(control) => <Input {...control} type="email" {...register('primary_contact.email')} />}
      </Field>
      <Field label="Contact phone" hint="(optional)" error={errors?.phone?.message}>
        {(control) => <Input {...control} type="tel" {...register('primary_contact.phone')} />}
      </Field>
    </>
  );
}
