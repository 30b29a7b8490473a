/**
 * zod pieces for form inputs, which always hold text: each one says what is wrong in words a
 * person can act on, under the field's own label, and turns the text into what the API takes.
 * A dialog's schema is built from these and then piped into the shared request schema, so the
 * server's rules still apply and its field names are the form's.
 */
import { z } from 'zod';

export const requiredMessage = (label: string) => `${label} is required`;

/** Trimmed text that must not be empty. */
export function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, { message: requiredMessage(label) })
    .max(max, { message: `${label} must be at most ${max} characters` });
}

/** Trimmed text that may be empty (sent as null). */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .transform((value) => value || null);
}

/** A required e-mail address. */
export function requiredEmail(label: string) {
  return requiredText(label, 254).pipe(z.email({ message: 'Enter a valid e-mail address' }));
}

/** A choice from a select whose first option is an empty "Select a ..." entry. */
export function requiredChoice(label: string) {
  return z.string().min(1, { message: requiredMessage(label) });
}

interface NumberRule {
  min: number;
  max: number;
  /** Whole numbers only (desks, floors, months). */
  whole?: boolean;
}

/** The text as a number within the rule, or a message saying what is wrong. */
function readNumber(label: string, rule: NumberRule, text: string): number | string {
  const value = Number(text);
  if (!Number.isFinite(value)) return `${label} must be a number`;
  if (rule.whole && !Number.isInteger(value)) return `${label} must be a whole number`;
  if (value < rule.min) return rule.min === 0 ? `${label} cannot be negative` : `${label} must be at least ${rule.min}`;
  if (value > rule.max) return `${label} must be at most ${rule.max.toLocaleString('en-US')}`;
  return value;
}

/**
 * A number typed into a number input. A browser leaves such an input empty when what was typed
 * is not a number, so "empty" is all it says then: `empty` is the default it stands for (the
 * spec's desks 1, rates 0), or 'required'.
 */
export function numberText(label: string, rule: NumberRule & { empty: number | 'required' }) {
  return z
    .string()
    .trim()
    .transform((text, ctx): number => {
      const value = text === '' ? (rule.empty === 'required' ? requiredMessage(label) : rule.empty) : readNumber(label, rule, text);
      if (typeof value === 'number') return value;
      ctx.addIssue({ code: 'custom', message: value });
      return z.NEVER;
    });
}

/** A number that may be left empty (sent as null: no signed rate, no lease term). */
export function optionalNumberText(label: string, rule: NumberRule) {
  return z
    .string()
    .trim()
    .transform((text, ctx): number | null => {
      if (text === '') return null;
      const value = readNumber(label, rule, text);
      if (typeof value === 'number') return value;
      ctx.addIssue({ code: 'custom', message: value });
      return z.NEVER;
    });
}

const MONEY = { min: 0, max: 10_000_000 };

/** A rate in dollars, 0 or more; empty stands for `empty` (0 for marketed rates). */
export const moneyText = (label: string, empty: number) => numberText(label, { ...MONEY, empty });

/** A rate that may be left empty (sent as null). */
export const optionalMoneyText = (label: string) => optionalNumberText(label, MONEY);

/**
 * The last step of a form schema: the shared request schema the server validates with, so its
 * rules (and their messages, at the same field names) apply before anything is sent. A transform
 * rather than `.pipe`, whose typing wants the request schema's input no wider than the form's output.
 */
export function asRequest<S extends z.ZodType>(request: S) {
  return (value: z.input<S>, ctx: z.RefinementCtx): z.output<S> => {
    const result = request.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  };
}
