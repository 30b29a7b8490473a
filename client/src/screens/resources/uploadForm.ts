/**
 * The Upload Document form: text in, the upload's fields out, ending in the shared schema the
 * server validates with. The file itself is checked here for presence and size only; what it is,
 * the server reads from its bytes.
 */
import { z } from 'zod';
import { MAX_RESOURCE_BYTES, RESOURCE_CATEGORIES, RESOURCE_DESCRIPTION_MAX, RESOURCE_MESSAGES, RESOURCE_NAME_MAX, UploadResourceFields, type ResourceCategory } from '@shared/schemas/resources';
import { asRequest, optionalText, requiredText } from '../../forms/fields';

export const UploadForm = z
  .object({
    name: requiredText('Document name', RESOURCE_NAME_MAX),
    category: z.enum(RESOURCE_CATEGORIES, { message: 'Choose a category' }),
    description: optionalText('Description', RESOURCE_DESCRIPTION_MAX),
  })
  .transform(asRequest(UploadResourceFields));
export type UploadFormValues = z.input<typeof UploadForm>;

export const emptyUploadValues = (category: ResourceCategory = RESOURCE_CATEGORIES[0]): UploadFormValues => ({ name: '', category, description: '' });

/** What is wrong with the picked file before it is sent, or null. */
export function fileProblem(file: File | null): string | null {
  if (!file) return RESOURCE_MESSAGES.noFile;
  if (file.size === 0) return RESOURCE_MESSAGES.empty;
  if (file.size > MAX_RESOURCE_BYTES) return RESOURCE_MESSAGES.tooLarge;
  return null;
}
