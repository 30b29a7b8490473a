import { z } from 'zod';
import type { ErrorBody } from './common';

/**
 * The body of every non-2xx answer, as the OpenAPI document describes it. Open to more fields: a
 * refusal may say more (a reason, when to retry) without breaking a client that reads `message`.
 */
export const ErrorBodySchema = z.looseObject({
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  conflict: z
    .object({
      by: z.string().nullable(),
      at: z.string(),
      fields: z.array(z.string()),
      version: z.number().int(),
    })
    .optional(),
}) satisfies z.ZodType<ErrorBody>;
