import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorPaths, focusFirstError } from './focusFirstError';

/**
 * A dialog's form: validated by its zod schema (human messages at each field), submitting the
 * schema's output (the API's body). A refused submit focuses the first invalid field on screen;
 * errors live in this form only, so they go when the dialog closes and clear as a field is fixed
 * (re-validated on change after the first submit).
 */
export function useDialogForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues, shouldFocusError: false });
  const onSubmit = (send: (body: z.output<S>) => Promise<void>) =>
    form.handleSubmit(send, (errors) => focusFirstError(form.setFocus, errorPaths(errors)));
  return { form, onSubmit };
}
