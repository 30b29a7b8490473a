import { useState } from 'react';
import { toast } from 'sonner';
import type { FieldsForm } from '../../forms/fieldsForm';
import type { User } from '@shared/schemas/auth';
import type { Location } from '@shared/schemas/locations';
import { USER_CREATE_REQUIRED, USER_EDIT_REQUIRED } from '@shared/schemas/users';
import { endpoints } from '../../api/endpoints';
import type { ActionDialogProps } from '../../components/ActionDialog';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { FormDialog, type FormDialogProps } from '../../components/FormDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { formNotice } from '../../forms/formNotice';
import { keepTyped } from '../../forms/keepTyped';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { UserFields } from './UserFields';
import {
  EDIT_USER_REQUIRED,
  EditUserForm,
  NEW_USER_REQUIRED,
  NewUserForm,
  USER_FIELD_LABELS,
  emptyUserValues,
  userValuesOf,
  type UserFormValues,
} from './userForms';
import { logFailure } from '../../lib/logFailure';

type UserDialogProps = ActionDialogProps & { locations: Location[] };

export function AddUserDialog({ locations, onClose }: UserDialogProps) {
  const { form, onSubmit } = useSchemaForm(NewUserForm, emptyUserValues());
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'users', send: (meta) => endpoints.createUser(body, meta) });
      toast.success(`User ${body.email} added`);
      onClose();
    } catch (e) {
      logFailure('Failed to add user', e);
      showServerError(form, e);
    }
  });
  return (
    <UserFormDialog
      id="add-user-form"
      title="Add User"
      primary={{ label: 'Add User', busyLabel: 'Adding...', busy: isSubmitting }}
      notice={formNotice({
        failureTitle: 'Failed to add user',
        failure: errors.root?.server?.message,
        missing: requiredSummary(errors, NEW_USER_REQUIRED, USER_CREATE_REQUIRED),
      })}
      form={form}
      locations={locations}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

export function EditUserDialog({ user, ownAccount, locations, onClose }: UserDialogProps & { user: User; ownAccount: boolean }) {
  const edited = useEditedRow('users', user, { noun: 'user', labels: USER_FIELD_LABELS, fetchRow: endpoints.user });
  const { form, onSubmit } = useSchemaForm(EditUserForm, userValuesOf(user));
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      // The version the form was filled from: someone else's change since is refused, not overwritten.
      await sendCommand({
        entity: 'users',
        id: user.id,
        version: edited.base.version,
        optimistic: (row) => ({ ...row, ...Object.fromEntries(Object.entries(body).filter(([key, value]) => key !== 'password' && value !== undefined)) }),
        send: (meta) => endpoints.updateUser(user.id, body, meta),
      });
      toast.success(`User ${body.email ?? user.email} saved`);
      onClose();
    } catch (e) {
      logFailure('Failed to update user', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = () =>
    edited
      .reload((latest, opened) => {
        const [was, typed, now] = [userValuesOf(opened), form.getValues(), userValuesOf(latest)];
        const kept = keepTyped(was, typed, now);
        // A list is "typed" only if its ticks differ from what the form opened with.
        if (typed.locations.join() === was.locations.join()) kept.locations = now.locations;
        form.reset(kept);
      })
      .catch((e: unknown) => form.setError('root.server', { type: 'server', message: reasonOf(e) }));
  return (
    <UserFormDialog
      id="edit-user-form"
      title="Edit User"
      description={user.email}
      primary={{ label: 'Save Changes', busyLabel: 'Saving...', busy: isSubmitting }}
      notice={formNotice({
        change: edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />,
        failureTitle: 'Failed to update user',
        failure: errors.root?.server?.message,
        missing: requiredSummary(errors, EDIT_USER_REQUIRED, USER_EDIT_REQUIRED),
      })}
      form={form}
      locations={locations}
      editing
      ownAccount={ownAccount}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** Add and Edit share their frame: the fields, the notice above them, and the submit button. */
function UserFormDialog({
  form,
  locations,
  editing,
  ownAccount,
  ...dialog
}: FormDialogProps & { locations: Location[] } & {
  form: FieldsForm<UserFormValues>;
  editing?: boolean;
  ownAccount?: boolean;
}) {
  return (
    <FormDialog {...dialog} className="max-w-2xl">
      <UserFields form={form} locations={locations} editing={editing} ownAccount={ownAccount} />
    </FormDialog>
  );
}

/** Asks in the spec's words; a refusal stays in the dialog with the server's reason. */
export function DeleteUserDialog({ user, onClose }: ActionDialogProps & { user: User }) {
  // The version the admin saw when asking: a change made since is not deleted unseen.
  const [version] = useState(user.version);
  const remove = async () => {
    await sendCommand({ entity: 'users', id: user.id, version, deletes: true, send: (meta) => endpoints.deleteUser(user.id, meta) });
    toast.success(`User ${user.email} deleted`);
    onClose();
  };
  return (
    <ConfirmDeleteDialog title="Delete User" confirmLabel="Delete User" failureTitle="Failed to delete user" remove={remove} onClose={onClose}>
      <p className="text-sm text-slate-700">Are you sure you want to delete user "{user.email}"? This action cannot be undone.</p>
    </ConfirmDeleteDialog>
  );
}
