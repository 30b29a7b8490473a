import { z } from 'zod';
import { str } from './strings';

/**
 * A person's name and e-mail on a form that needs both (a member's employee, an office's
 * contact): either missing answers the form's one `required` message.
 */
export const personFields = (required: string) => ({
  name: str('Name', required)
    .trim()
    .min(1, { message: required })
    .max(120, { message: 'Name must be at most 120 characters' }),
  email: str('Email', required).trim().min(1, { message: required }).pipe(z.email({ message: 'Enter a valid e-mail address' })),
});

/** Optional short text about a person (a phone, a role): empty reads as none (null). */
export const optionalDetail = (label: string, max: number) =>
  str(label)
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);
