import { z } from 'zod';
import { answerText } from './strings';

/** What every stored row's answer ends with: its stream's version, and when it was created and last changed. */
export interface Stamped {
  version: number;
  created_at: string;
  updated_at: string;
}

/** The answer schemas' part of `Stamped`, spread last into each row's schema. */
export const stamps = { version: z.number().int(), created_at: answerText(), updated_at: answerText() };

/** Fields of a row's answer that a client may send back unchanged in a PUT: taken, and ignored. */
export function ignored<K extends string>(...keys: K[]): Record<K, z.ZodOptional<z.ZodUnknown>> {
  return Object.fromEntries(keys.map((key) => [key, z.unknown().optional()])) as Record<K, z.ZodOptional<z.ZodUnknown>>;
}
