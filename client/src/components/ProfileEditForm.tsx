import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, FormState } from 'react-hook-form';
import type { EditNotice } from '../live/useEditedRow';
import { ChangeNotice } from './ChangeNotice';
import { EditFormActions } from './ProfileParts';
import { ErrorBanner } from './ui/Banner';

/**
 * A profile's edit form, in place of its overview: the change notice of the row being edited
 * (useEditedRow) with its Reload, the save's failure, the fields, then Cancel and Save.
 */
export function ProfileEditForm({
  id,
  label,
  onSubmit,
  edited,
  onReload,
  formState,
  failureTitle,
  onCancel,
  children,
}: {
  id: string;
  /** The form's accessible name, where the page has no other ('Edit contact'). */
  label?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  edited: { notice: EditNotice | null; reloading: boolean; canReload: boolean };
  onReload: () => void;
  /** The form's state: the save's failure (errors.root.server) and whether it is saving. */
  formState: Pick<FormState<FieldValues>, 'errors' | 'isSubmitting'>;
  failureTitle: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form id={id} onSubmit={onSubmit} noValidate className="space-y-5" aria-label={label}>
      {edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? onReload : undefined} />}
      {formState.errors.root?.server?.message && <ErrorBanner title={failureTitle} message={formState.errors.root.server.message} />}
      {children}
      <EditFormActions saving={formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
