import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * The form a fields component fills: the text it holds is known, what it submits is left open,
 * as Add and Edit turn the same fields into different request bodies. A `useSchemaForm` form of
 * either dialog is one of these as it is, so the dialogs pass it to the shared fields uncast.
 */
export type FieldsForm<V extends FieldValues> = UseFormReturn<V, unknown, unknown>;
