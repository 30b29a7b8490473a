import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { requiredMessage } from './fields';

/**
 * The spec's one-line message for missing required fields ('Office number and location are
 * required'), shown above the form while any of them is still empty. Each field also says
 * which one it is; this keeps the wording the spec asks for.
 */
export function requiredSummary<T extends FieldValues>(errors: FieldErrors<T>, fields: Record<string, string>, message: string): string | null {
  const missing = Object.entries(fields).some(([name, label]) => (get(errors, name) as { message?: string } | undefined)?.message === requiredMessage(label));
  return missing ? message : null;
}
