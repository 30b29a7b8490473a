import { useState, type FormEventHandler, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { FieldsForm } from '../../forms/fieldsForm';
import { placeholdersOf, type TemplateCategory } from '@shared/domain/templates';
import { REQUIRED_TEMPLATE, type Template } from '@shared/schemas/templates';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps, type PrimaryAction } from '../../components/ActionDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { formNotice } from '../../forms/formNotice';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { TemplateFields } from './TemplateFields';
import { EditTemplateForm, NewTemplateForm, TEMPLATE_FIELD_LABELS, TEMPLATE_REQUIRED, emptyTemplateValues, templateValuesOf, type TemplateFormValues } from './templateForms';
import { logFailure } from '../../lib/logFailure';


export function NewTemplateDialog({ category, onClose }: ActionDialogProps & { category?: TemplateCategory }) {
  const { form, onSubmit } = useSchemaForm(NewTemplateForm, emptyTemplateValues(category));
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'templates', send: (meta) => endpoints.createTemplate(body, meta) });
      toast.success(`Template ${body.name} created`);
      onClose();
    } catch (e) {
      logFailure('Failed to create template', e);
      showServerError(form, e);
    }
  });
  const missing = requiredSummary(errors, TEMPLATE_REQUIRED, REQUIRED_TEMPLATE);
  return (
    <TemplateFormDialog
      id="new-template-form"
      title="New Template"
      primary={{ label: 'Create Template', busyLabel: 'Creating...', busy: isSubmitting }}
      notice={formNotice({ failureTitle: 'Failed to create template', failure: errors.root?.server?.message, missing })}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

export function EditTemplateDialog({ template, onClose }: ActionDialogProps & { template: Template }) {
  const edited = useEditedRow('templates', template, { noun: 'template', labels: TEMPLATE_FIELD_LABELS, fetchRow: endpoints.template });
  const { form, onSubmit } = useSchemaForm(EditTemplateForm, templateValuesOf(template));
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      // The version the form was filled from: someone else's change since is refused, not overwritten.
      await sendCommand({
        entity: 'templates',
        id: template.id,
        version: edited.base.version,
        optimistic: (row) => {
          const content = body.content ?? row.content;
          return { ...row, name: body.name ?? row.name, category: body.category ?? row.category, description: body.description ?? null, content, placeholders: placeholdersOf(content) };
        },
        send: (meta) => endpoints.updateTemplate(template.id, body, meta),
      });
      toast.success(`Template ${body.name ?? template.name} saved`);
      onClose();
    } catch (e) {
      logFailure('Failed to update template', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = reloadKeepingTyped(edited, form, templateValuesOf);
  const missing = requiredSummary(errors, TEMPLATE_REQUIRED, REQUIRED_TEMPLATE);
  return (
    <TemplateFormDialog
      id="edit-template-form"
      title="Edit Template"
      description={template.name}
      primary={{ label: 'Save Changes', busyLabel: 'Saving...', busy: isSubmitting }}
      notice={formNotice({
        change: edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />,
        failureTitle: 'Failed to update template',
        failure: errors.root?.server?.message,
        missing,
      })}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** New and Edit share their frame: the fields, the notice above them, and the submit button. */
function TemplateFormDialog({
  id,
  form,
  onSubmit,
  primary,
  ...dialog
}: ActionDialogProps & {
  id: string;
  title: string;
  description?: string;
  notice: ReactNode;
  primary: Omit<PrimaryAction, 'form'>;
  form: FieldsForm<TemplateFormValues>;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  return (
    <ActionDialog {...dialog} primary={{ ...primary, form: id }} className="max-w-2xl">
      <form id={id} onSubmit={onSubmit} noValidate>
        <TemplateFields form={form} />
      </form>
    </ActionDialog>
  );
}

/** Asks before deleting; a refusal (someone changed it meanwhile) stays in the dialog, naming who. */
export function DeleteTemplateDialog({ template, onClose }: ActionDialogProps & { template: Template }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // The version the user saw when asking: a change made since is not deleted unseen.
  const [version] = useState(template.version);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand({ entity: 'templates', id: template.id, version, deletes: true, send: (meta) => endpoints.deleteTemplate(template.id, meta) });
      toast.success(`Template ${template.name} deleted`);
      onClose();
    } catch (e) {
      logFailure('Failed to delete template', e);
      setFailure({ title: 'Failed to delete template', reason: reasonOf(e) });
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title="Delete Template"
      onClose={onClose}
      notice={failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
      primary={{ onClick: remove, label: 'Delete Template', busyLabel: 'Deleting...', busy, variant: 'danger' }}
    >
      <p className="text-sm text-slate-700">
        Delete <span className="font-semibold text-slate-900">{template.name}</span>? It disappears for everyone, with its history. This cannot be undone.
      </p>
    </ActionDialog>
  );
}
