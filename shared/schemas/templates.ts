import { z } from 'zod';
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_ALIASES, type TemplateCategory } from '../domain/templates';
import { ExpectedVersion, formMessage } from './common';
import { answerText, str } from './strings';
import { ignored, stamps, type Stamped } from './rows';

/** The spec's message for a template without its name or content. */
export const REQUIRED_TEMPLATE = formMessage('Template name and content are required');

export const TEMPLATE_NAME_MAX = 160;
export const TEMPLATE_DESCRIPTION_MAX = 500;
export const TEMPLATE_CONTENT_MAX = 20_000;

const required = (label: string, max: number) =>
  str(label, REQUIRED_TEMPLATE)
    .trim()
    .min(1, { message: REQUIRED_TEMPLATE })
    .max(max, { message: `${label} must be at most ${max.toLocaleString('en-US')} characters` });

/** Content keeps its own spacing (a template's line breaks and indents are the template). */
const content = str('Content', REQUIRED_TEMPLATE)
  .refine((text) => text.trim().length > 0, { message: REQUIRED_TEMPLATE })
  .refine((text) => text.length <= TEMPLATE_CONTENT_MAX, { message: `Content must be at most ${TEMPLATE_CONTENT_MAX.toLocaleString('en-US')} characters` });

const description = str('Description')
  .trim()
  .max(TEMPLATE_DESCRIPTION_MAX, { message: `Description must be at most ${TEMPLATE_DESCRIPTION_MAX} characters` })
  .nullish()
  .transform((v) => v || null);

const CATEGORY_MESSAGE = `Category must be one of ${TEMPLATE_CATEGORIES.join(', ')}`;
const canonical = (value: TemplateCategory | (typeof TEMPLATE_CATEGORY_ALIASES)[number]): TemplateCategory =>
  value === 'Social Media' ? 'Social' : value;
/** One of the four categories; 'Social Media' (its label) is taken as Social. */
export const TemplateCategoryInput = z.enum([...TEMPLATE_CATEGORIES, ...TEMPLATE_CATEGORY_ALIASES], { message: CATEGORY_MESSAGE }).transform(canonical);

/** POST /api/templates */
export const CreateTemplateInput = z
  .object({
    name: required('Name', TEMPLATE_NAME_MAX),
    category: TemplateCategoryInput,
    description,
    content,
  })
  .strict();
export type CreateTemplateInput = z.infer<typeof CreateTemplateInput>;

/** Fields of a template response a client may send back unchanged; they are ignored. */
const READ_ONLY_TEMPLATE_FIELDS = ignored('id', 'placeholders', 'last_modified', 'created_at', 'updated_at');

/** Names of those fields: a PUT takes them and changes nothing with them. */
export const READ_ONLY_TEMPLATE_KEYS: readonly string[] = Object.keys(READ_ONLY_TEMPLATE_FIELDS);

/** PUT /api/templates/{id}: the template object, or any of its editable fields. */
export const UpdateTemplateInput = z
  .object({
    name: required('Name', TEMPLATE_NAME_MAX).optional(),
    category: TemplateCategoryInput.optional(),
    description: description.optional(),
    content: content.optional(),
    version: ExpectedVersion,
    ...READ_ONLY_TEMPLATE_FIELDS,
  })
  .strict();
export type UpdateTemplateInput = z.infer<typeof UpdateTemplateInput>;

/** GET /api/templates?category=&q= */
export const TemplateListQuery = z
  .object({
    /** Empty means every category. */
    category: z
      .enum(['', ...TEMPLATE_CATEGORIES, ...TEMPLATE_CATEGORY_ALIASES], { message: CATEGORY_MESSAGE })
      .optional()
      .transform((v) => (v ? canonical(v) : undefined)),
    q: str('Search').trim().max(200, { message: 'Search must be at most 200 characters' }).optional(),
  })
  .strict();
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;

export interface Template extends Stamped {
  id: string;
  name: string;
  category: TemplateCategory;
  description: string | null;
  content: string;
  /** The bracketed names found in the content ([Company Name] -> 'Company Name'), each once. */
  placeholders: string[];
  /** When the template last changed (ISO 8601). */
  last_modified: string;
}

/** One earlier version of a template (GET /api/templates/{id}/history). */
export interface TemplateVersion {
  version: number;
  name: string;
  category: TemplateCategory;
  description: string | null;
  content: string;
  /** When this version was made. */
  at: string;
  /** Who made it; null for the system (the demo seed). */
  by: string | null;
}

/** A template as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Template = z.object({
  id: z.uuid(),
  name: answerText(),
  category: z.enum(TEMPLATE_CATEGORIES),
  description: answerText().nullable(),
  content: answerText(),
  placeholders: z.array(answerText()),
  last_modified: answerText(),
  ...stamps,
}) satisfies z.ZodType<Template>;

/** One earlier version in a template's history (checked against the type above). */
export const TemplateVersion = z.object({
  version: z.number().int(),
  name: answerText(),
  category: z.enum(TEMPLATE_CATEGORIES),
  description: answerText().nullable(),
  content: answerText(),
  at: answerText(),
  by: answerText().nullable(),
}) satisfies z.ZodType<TemplateVersion>;
