import type { FieldsForm } from '../../forms/fieldsForm';
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, placeholdersOf } from '@shared/domain/templates';
import { TEMPLATE_CONTENT_MAX } from '@shared/schemas/templates';
import { Field, Select, Textarea } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import type { TemplateFormValues } from './templateForms';
import { PlaceholderChips } from './templateUi';
import { KeyOptions } from '../../components/ui/Options';

/**
 * The fields of New Template and Edit Template. The placeholders the content names show as
 * chips while it is typed, found by the same rule the server reports them with.
 */
export function TemplateFields({ form }: { form: FieldsForm<TemplateFormValues> }) {
  const { register, formState, watch } = form;
  const { errors } = formState;
  const content = watch('content') ?? '';
  const placeholders = placeholdersOf(content);
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Field label="Template name" error={errors.name?.message}>
          {(control) => <Input {...control} placeholder="e.g. Welcome Email" {...register('name')} />}
        </Field>
        <Field label="Category" error={errors.category?.message}>
          {(control) => (
            <Select {...control} {...register('category')}>
              <KeyOptions keys={TEMPLATE_CATEGORIES} labels={TEMPLATE_CATEGORY_LABELS} />
            </Select>
          )}
        </Field>
      </div>
      <Field label="Description" hint="(optional)" error={errors.description?.message}>
        {(control) => <Input {...control} placeholder="What is it for?" {...register('description')} />}
      </Field>
      <Field
        label="Content"
        hint={<span className="text-xs">Write placeholders in square brackets, like [Company Name].</span>}
        error={errors.content?.message}
      >
        {(control) => (
          <Textarea {...control} rows={12} maxLength={TEMPLATE_CONTENT_MAX} className="min-h-56 font-mono text-[13px] leading-relaxed" spellCheck {...register('content')} />
        )}
      </Field>
      <section aria-label="Placeholders" className="rounded-lg border border-slate-200 px-3 py-2.5">
        <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Placeholders{placeholders.length > 0 ? ` (${placeholders.length})` : ''}
        </h3>
        <div aria-live="polite">
          <PlaceholderChips names={placeholders} label="Placeholders found" empty="None yet: type a name in square brackets, like [Member Name]." />
        </div>
      </section>
    </div>
  );
}
