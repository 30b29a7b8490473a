/**
 * The New Template and Edit Template form: text in, the API's request body out, ending in the
 * shared request schema the server validates with, so its rules and messages apply at the
 * same field names before anything is sent.
 */
import { z } from 'zod';
import { TEMPLATE_CATEGORIES, type TemplateCategory } from '@shared/domain/templates';
import { CreateTemplateInput, TEMPLATE_DESCRIPTION_MAX, TEMPLATE_NAME_MAX, UpdateTemplateInput, type Template } from '@shared/schemas/templates';
import { asRequest, optionalText, requiredMessage, requiredText } from '../../forms/fields';

const fields = {
  name: requiredText('Name', TEMPLATE_NAME_MAX),
  category: z.enum(TEMPLATE_CATEGORIES, { message: 'Choose a category' }),
  description: optionalText('Description', TEMPLATE_DESCRIPTION_MAX),
  // Not trimmed: a template's line breaks and indents are part of it.
  content: z.string().refine((text) => text.trim().length > 0, { message: requiredMessage('Content') }),
};

export const NewTemplateForm = z.object(fields).transform(asRequest(CreateTemplateInput));
export const EditTemplateForm = z.object(fields).transform(asRequest(UpdateTemplateInput));
export type TemplateFormValues = z.input<typeof NewTemplateForm>;

export const emptyTemplateValues = (category: TemplateCategory = 'Email'): TemplateFormValues => ({ name: '', category, description: '', content: '' });

/** The form filled from a row (also after Reload, to take the latest values). */
export const templateValuesOf = (template: Template): TemplateFormValues => ({
  name: template.name,
  category: template.category,
  description: template.description ?? '',
  content: template.content,
});

/** The fields the spec's 'Template name and content are required' covers, by label. */
export const TEMPLATE_REQUIRED = { name: 'Name', content: 'Content' };

/** A template's fields as a conflict notice names them. */
export const TEMPLATE_FIELD_LABELS: Partial<Record<keyof Template, string>> = {
  name: 'name',
  category: 'category',
  description: 'description',
  content: 'content',
};
