import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client';
import { reasonOf } from '../lib/errorText';
import { focusFirstError } from './focusFirstError';

/** zod's own wording ("Too small: expected number to be >=0") is not for people. */
const RAW_ZOD = /^(Too (small|big)|Invalid (input|option|type|string|number)|Expected )/;

export function humanFieldMessage(message: string): string {
  return RAW_ZOD.test(message) ? 'Enter a valid value' : message;
}

/** Every leaf path of a form's values ('office_number', 'marketed_rates.monthly'). */
function leafPaths(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) return prefix ? [prefix] : [];
  return Object.entries(values).flatMap(([key, value]) => leafPaths(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * Puts a refused command's reasons where the user can act on them. Each field the server names
 * (form fields carry the API's names: a number already taken at a location comes back naming
 * `office_number`) gets its message, and the first on screen takes the focus. Anything else becomes the form's own alert (`errors.root.server`),
 * which lives and dies with the dialog and is cleared by the next submit.
 */
export function showServerError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError' | 'setFocus'>,
  error: unknown,
  options: { focus?: (paths: string[]) => void } = {},
): void {
  const known = new Set(leafPaths(form.getValues()));
  const targets = new Map<string, string>();
  const elsewhere: string[] = [];
  if (error instanceof ApiError) {
    for (const field of error.fields ?? []) {
      if (!known.has(field.field)) elsewhere.push(humanFieldMessage(field.message));
      else if (!targets.has(field.field)) targets.set(field.field, humanFieldMessage(field.message));
    }
  }
  for (const [name, message] of targets) form.setError(name as Path<T>, { type: 'server', message });
  if (targets.size > 0) (options.focus ?? ((paths) => focusFirstError(form.setFocus, paths)))([...targets.keys()]);
  if (targets.size === 0 || elsewhere.length > 0) {
    form.setError('root.server' as Path<T>, { type: 'server', message: elsewhere.length > 0 ? elsewhere.join(' ') : reasonOf(error) });
  }
}
