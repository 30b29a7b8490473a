import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { RESOURCE_CATEGORIES, RESOURCE_FILE_ACCEPT, RESOURCE_KINDS_TEXT, type ResourceCategory } from '@shared/schemas/resources';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { Field, Select, Textarea } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { formNotice } from '../../forms/formNotice';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { sendCommand } from '../../live/command';
import { formatSize, nameFromFile } from './resourceList';
import { UploadForm, emptyUploadValues, fileProblem } from './uploadForm';
import { logFailure } from '../../lib/logFailure';

/** Upload Document: the file, its name (suggested from the file), category and description. */
export function UploadDialog({ category, onClose }: ActionDialogProps & { category?: ResourceCategory }) {
  const formId = useId();
  const { form, onSubmit } = useSchemaForm(UploadForm, emptyUploadValues(category));
  const { register, formState, getValues, setValue } = form;
  const { errors, isSubmitting } = formState;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const pick = (picked: File | null) => {
    setFile(picked);
    setFileError(picked ? fileProblem(picked) : null);
    if (picked && !getValues('name').trim()) setValue('name', nameFromFile(picked.name), { shouldValidate: formState.isSubmitted });
  };

  const submit = onSubmit(async (fields) => {
    const problem = fileProblem(file);
    if (problem || !file) return setFileError(problem);
    try {
      const doc = await sendCommand({ entity: 'resources', send: (meta) => endpoints.uploadResource(fields, file, meta) });
      toast.success(`Document ${doc?.name ?? fields.name} uploaded`);
      onClose();
    } catch (e) {
      logFailure('Failed to upload document', e);
      const onFile = e instanceof ApiError ? e.fields?.find((f) => f.field === 'file') : undefined;
      // The file's own problems (its kind, its size) show at the file; anything else at its field or above.
      if (onFile || (e instanceof ApiError && e.status === 413)) setFileError(onFile?.message ?? (e as ApiError).message);
      else showServerError(form, e);
    }
  });

  // The picked file must pass before the fields are even checked: one submit shows every problem.
  const onFormSubmit: typeof submit = (event) => {
    setFileError(fileProblem(file));
    return submit(event);
  };

  return (
    <ActionDialog
      title="Upload Document"
      description="Everyone signed in can find and download it in Employee Resources."
      onClose={onClose}
      notice={formNotice({ failureTitle: 'Failed to upload document', failure: errors.root?.server?.message, missing: null })}
      primary={{ label: 'Upload', busyLabel: 'Uploading...', busy: isSubmitting, form: formId }}
    >
      <form id={formId} onSubmit={onFormSubmit} noValidate className="space-y-4">
        <Field label="File" hint={<span className="text-xs">PDF, Word, text or image, up to 20 MB</span>} error={fileError ?? undefined}>
          {(control) => (
            <div className="space-y-1.5">
              <Input
                {...control}
                type="file"
                accept={RESOURCE_FILE_ACCEPT}
                className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-brand-700"
                onChange={(event) => pick(event.target.files?.[0] ?? null)}
              />
              {file && (
                <p className="flex items-center gap-1.5 text-xs text-slate-500" data-testid="picked-file">
                  <Upload className="h-3.5 w-3.5" aria-hidden /> {file.name} · {formatSize(file.size)}
                </p>
              )}
            </div>
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Document name" error={errors.name?.message}>
            {(control) => <Input {...control} placeholder="e.g. Employee Handbook" {...register('name')} />}
          </Field>
          <Field label="Category" error={errors.category?.message}>
            {(control) => (
              <Select {...control} {...register('category')}>
                {RESOURCE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label="Description" hint="(optional)" error={errors.description?.message}>
          {(control) => <Textarea {...control} rows={3} placeholder="What is in it, and who is it for?" {...register('description')} />}
        </Field>
        <p className="text-xs text-slate-500">Accepted: {RESOURCE_KINDS_TEXT}. The kind is read from the file itself, not its name.</p>
      </form>
    </ActionDialog>
  );
}
