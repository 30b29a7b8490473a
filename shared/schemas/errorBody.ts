import { z } from 'zod';
import { answerText } from './strings';
import type { ErrorBody } from './common';

/**
 * The body of every non-2xx answer, as the OpenAPI document describes it. Open to more fields: a
 * refusal may say more (a reason, when to retry) without breaking a client that reads `message`.
 */
export const ErrorBodySchema = z.looseObject({
  message: answerText(),
  fields: z.array(z.object({ field: answerText(), message: answerText() })).optional(),
  conflict: z
    .object({
      by: answerText().nullable(),
      at: answerText(),
      fields: z.array(answerText()),
      version: z.number().int(),
    })
    .optional(),
}) satisfies z.ZodType<ErrorBody>;
