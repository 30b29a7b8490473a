import { z } from 'zod';
import { answerText } from './strings';

/** GET /api/health: the process answers. */
export const HealthAnswer = z.object({ status: z.literal('ok') });

/** GET /api/ready: 200 `ready`, or 503 `not ready` with the reason (database out, push behind, stopping). */
export const ReadyAnswer = z.union([z.object({ status: z.literal('ready') }), z.object({ status: z.literal('not ready'), reason: answerText() })]);
