import { z } from 'zod';
import { TEMPLATE_CATEGORIES } from '@shared/domain/templates';

/** What a template is made of; every version of it is these fields as they stood. */
const TemplateDetails = {
  name: z.string().min(1),
  category: z.enum(TEMPLATE_CATEGORIES),
  description: z.string().nullable(),
  content: z.string().min(1),
};

export const TemplateEventSchemas = {
  TemplateCreated: z.object({ id: z.uuid(), ...TemplateDetails }).strict(),
  /** Only the fields that change. */
  TemplateEdited: z.object(TemplateDetails).partial().strict(),
  TemplateDeleted: z.object({}).strict(),
};

type Ev<K extends keyof typeof TemplateEventSchemas> = { type: K; data: z.infer<(typeof TemplateEventSchemas)[K]> };

export type TemplateCreated = Ev<'TemplateCreated'>;
export type TemplateEdited = Ev<'TemplateEdited'>;
export type TemplateDeleted = Ev<'TemplateDeleted'>;
export type TemplateEvent = TemplateCreated | TemplateEdited | TemplateDeleted;
export type TemplateDetailsData = Omit<TemplateCreated['data'], 'id'>;
