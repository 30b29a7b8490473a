import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { reasonOf } from '../lib/errorText';
import { keepTyped } from './keepTyped';

/** What an edited row offers to reload (useEditedRow's `reload`): the latest row, and the one the form opened with. */
interface Reloadable<R> {
  reload: (apply: (latest: R, opened: R) => void) => Promise<void>;
}

/**
 * The Reload of a change notice: fetches the latest row into the form, keeping what the user
 * typed since it opened (`valuesOf` turns a row into the form's text). A failed fetch is the
 * form's own alert, as a failed save is.
 */
export function reloadKeepingTyped<R, V extends FieldValues>(
  edited: Reloadable<R>,
  form: Pick<UseFormReturn<V, unknown, unknown>, 'reset' | 'getValues' | 'setError'>,
  valuesOf: (row: R) => V,
): () => Promise<void> {
  return () =>
    edited
      .reload((latest, opened) => form.reset(keepTyped(valuesOf(opened), form.getValues(), valuesOf(latest))))
      .catch((e: unknown) => form.setError('root.server', { type: 'server', message: reasonOf(e) }));
}
