import { z } from 'zod';
import { answerText, str } from './strings';
import { stamps, type Stamped } from './rows';

/** The library's six categories, in the order the page lists them (spec part 2, Employee Resources). */
export const RESOURCE_CATEGORIES = [
  'HR Policies & Guidelines',
  'Payroll Information',
  'Benefits & Insurance',
  'Time Off & Holidays',
  'Safety & Compliance',
  'Training & Development',
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

/** Open when the page first shows; the others start collapsed. */
export const OPEN_CATEGORIES: readonly ResourceCategory[] = ['HR Policies & Guidelines', 'Payroll Information'];

/**
 * A document's badge, read from its bytes: a PDF with fields to fill in is a Form, any other PDF a
 * PDF, and Word, text and image files are Docs.
 */
export const RESOURCE_TYPES = ['PDF', 'Form', 'Doc'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

// The limit and the messages live apart from zod, for the client's first screen; still named here.
export { MAX_RESOURCE_BYTES, RESOURCE_KINDS_TEXT, RESOURCE_MESSAGES } from '../domain/uploadLimits';
export const RESOURCE_NAME_MAX = 160;
export const RESOURCE_DESCRIPTION_MAX = 500;

/** What the file picker offers; the server decides from the bytes, whatever the name says. */
export const RESOURCE_FILE_ACCEPT = '.pdf,.doc,.docx,.rtf,.txt,.csv,.md,.png,.jpg,.jpeg,.gif,.webp';


const CATEGORY_MESSAGE = `Category must be one of ${RESOURCE_CATEGORIES.join(', ')}`;

/** The text fields of POST /api/resources (multipart; the file travels beside them). */
export const UploadResourceFields = z
  .object({
    name: str('Document name', 'Document name is required')
      .trim()
      .min(1, { message: 'Document name is required' })
      .max(RESOURCE_NAME_MAX, { message: `Document name must be at most ${RESOURCE_NAME_MAX} characters` }),
    description: str('Description')
      .trim()
      .max(RESOURCE_DESCRIPTION_MAX, { message: `Description must be at most ${RESOURCE_DESCRIPTION_MAX} characters` })
      .nullish()
      .transform((v) => v || null),
    category: z.enum(RESOURCE_CATEGORIES, { message: CATEGORY_MESSAGE }),
  })
  .strict();
export type UploadResourceFields = z.infer<typeof UploadResourceFields>;

/** GET /api/resources?q= : name or description, any letter case. */
export const ResourceListQuery = z
  .object({
    q: str('Search').trim().max(200, { message: 'Search must be at most 200 characters' }).optional(),
  })
  .strict();
export type ResourceListQuery = z.infer<typeof ResourceListQuery>;

/** One document of the library. */
export interface Resource extends Stamped {
  id: string;
  name: string;
  type: ResourceType;
  /** Bytes. */
  size: number;
  description: string | null;
  category: ResourceCategory;
  /** The name the download is saved under. */
  file_name: string;
  /** The media type read from the file's bytes. */
  content_type: string;
  /** SHA-256 of the file, hex: the download's ETag, and a check for whoever keeps a copy. */
  sha256: string;
  /** Who uploaded it; null for the system (the sample documents). */
  uploaded_by: string | null;
}

/** A library document's details as the API answers them (checked against the type above). */
export const Resource = z.object({
  id: z.uuid(),
  name: answerText(),
  type: z.enum(RESOURCE_TYPES),
  size: z.number().int(),
  description: answerText().nullable(),
  category: z.enum(RESOURCE_CATEGORIES),
  file_name: answerText(),
  content_type: answerText(),
  sha256: answerText(),
  uploaded_by: answerText().nullable(),
  ...stamps,
}) satisfies z.ZodType<Resource>;
