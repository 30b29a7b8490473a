import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorPaths, focusFirstError } from './focusFirstError';

/**
 * A form validated by its zod schema (human messages at each field) that submits the schema's
 * output, the API's body: a dialog's, or a profile's while editing. A refused submit focuses the
 * first invalid field on screen, or calls `focus` (a profile first opens the field's tab). Errors
 * live in this form only, so they go when it unmounts, and clear as a field is fixed
 * (re-validated on change after the first submit).
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  options: { focus?: (paths: string[]) => void } = {},
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues, shouldFocusError: false });
  const focus = options.focus ?? ((paths: string[]) => focusFirstError(form.setFocus, paths));
  const onSubmit = (send: (body: z.output<S>) => Promise<void>) => form.handleSubmit(send, (errors) => focus(errorPaths(errors)));
  return { form, onSubmit, focus };
}
