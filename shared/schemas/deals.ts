import { z } from 'zod';
import { AGREEMENT_TYPES, DEAL_MEMBERSHIP_TYPES, DEAL_STAGES, type DealStage } from '../domain/deals';
import { ExpectedVersion, Id, LocationFilterQuery, formMessage } from './common';
import { answerText, str } from './strings';
import { ignored, stamps, type Stamped } from './rows';
import { AsOfInstant } from './dealHistory';

/** The spec's message for a new deal missing any required field. */
export const REQUIRED_DEAL = formMessage('Please fill in all required fields');

const required = (label: string, max: number) =>
  str(label, REQUIRED_DEAL)
    .trim()
    .min(1, { message: REQUIRED_DEAL })
    .max(max, { message: `${label} must be at most ${max} characters` });
const optionalText = (label: string, max: number) =>
  str(label)
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);
const email = z.email({ message: 'Enter a valid e-mail address' }).max(254, { message: 'Contact email must be at most 254 characters' });
const money = (label: string) =>
  z.number({ message: `${label} must be a number` }).min(0, { message: `${label} cannot be negative` }).max(100_000_000, { message: `${label} is too large` });
const whole = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a whole number` })
    .int({ message: `${label} must be a whole number` })
    .min(min, { message: `${label} must be at least ${min}` })
    .max(max, { message: `${label} must be at most ${max}` });

const stage = z.enum(DEAL_STAGES, { message: `Stage must be one of ${DEAL_STAGES.join(', ')}` });
const agreementType = z.enum(AGREEMENT_TYPES, { message: `Agreement type must be one of ${AGREEMENT_TYPES.join(', ')}` });
const membershipType = z.enum(DEAL_MEMBERSHIP_TYPES, { message: `Membership type must be one of ${DEAL_MEMBERSHIP_TYPES.join(', ')}` });
const officeIds = z
  .array(Id, { message: 'Offices must be a list of office ids' })
  .max(50, { message: 'A deal can include at most 50 offices' })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'An office cannot be added twice' });

/** The terms a salesperson writes; shared by create and edit. */
const terms = {
  agreement_type: agreementType,
  membership_type: membershipType,
  office_ids: officeIds,
  start_date: z.iso.date({ message: 'Start date must be a date (YYYY-MM-DD)' }).nullish().transform((v) => v ?? null),
  term_months: whole('Term (months)', 0, 600).nullish().transform((v) => v ?? null),
  term_days: whole('Term (days)', 0, 365).nullish().transform((v) => v ?? null),
  probability: whole('Probability', 0, 100),
  notice_by: optionalText('Notice by', 120),
  notes: optionalText('Notes', 4000),
  source: optionalText('Source', 120),
  assigned_to: optionalText('Assigned to', 120),
};

const contact = z
  .object(
    {
      name: required('Contact name', 120),
      email: required('Contact email', 254).pipe(email),
      phone: optionalText('Phone', 40),
      title: optionalText('Title', 120),
    },
    { message: REQUIRED_DEAL },
  )
  .strict();

export const CreateDealInput = z
  .object({
    deal_name: required('Deal name', 160),
    company_name: required('Company name', 160),
    contact,
    location_id: z.uuid({ message: REQUIRED_DEAL }).transform((id) => id.toLowerCase()),
    offered_price: z.number({ message: REQUIRED_DEAL }).pipe(money('Offered price')),
    ...terms,
    agreement_type: agreementType.default('new_business'),
    membership_type: membershipType.default('Private Office'),
    office_ids: officeIds.default([]),
    probability: whole('Probability', 0, 100).default(50),
    /** Link to an existing contact or company instead of matching by e-mail / name. */
    contact_id: Id.nullish().transform((v) => v ?? null),
    company_id: Id.nullish().transform((v) => v ?? null),
  })
  .strict();
export type CreateDealInput = z.infer<typeof CreateDealInput>;

/** Fields of a deal response a client may send back unchanged; they are ignored. */
const READ_ONLY_DEAL_FIELDS = ignored('id', 'stage', 'rank', 'location_name', 'contract_location', 'deal_value', 'market_rate', 'signature_status', 'member_id', 'attention_reason', 'signed_by', 'executed_copy', 'stage_changed_at', 'created_at', 'updated_at');

/** Names of those fields: a PUT takes them and changes nothing with them. */
export const READ_ONLY_DEAL_KEYS: readonly string[] = Object.keys(READ_ONLY_DEAL_FIELDS);

/** PUT /api/deals/{id}: the deal object; the stage moves through PATCH .../stage. */
export const UpdateDealInput = z
  .object({
    deal_name: required('Deal name', 160).optional(),
    company_name: required('Company name', 160).optional(),
    contact: contact.optional(),
    location_id: Id.optional(),
    offered_price: money('Offered price').optional(),
    agreement_type: agreementType.optional(),
    membership_type: membershipType.optional(),
    office_ids: officeIds.optional(),
    start_date: terms.start_date.optional(),
    term_months: terms.term_months.optional(),
    term_days: terms.term_days.optional(),
    probability: terms.probability.optional(),
    notice_by: terms.notice_by.optional(),
    notes: terms.notes.optional(),
    source: terms.source.optional(),
    assigned_to: terms.assigned_to.optional(),
    contact_id: Id.nullish(),
    company_id: Id.nullish(),
    version: ExpectedVersion,
    ...READ_ONLY_DEAL_FIELDS,
  })
  .strict();
export type UpdateDealInput = z.infer<typeof UpdateDealInput>;

/** PATCH /api/deals/{id}/stage: to `stage`, between two cards of its column (top when neither). */
export const MoveDealInput = z
  .object({ stage, before_id: Id.nullish(), after_id: Id.nullish(), version: ExpectedVersion })
  .strict();
export type MoveDealInput = z.infer<typeof MoveDealInput>;

/** A socket's drag announcement (shared/realtime.ts DragAnnouncement); anything else is ignored. */
export const DragAnnouncementInput = z.union([
  z.object({ deal_id: Id, stage }).strict(),
  z.object({ deal_id: z.null() }).strict(),
]);

export const UndoDealMoveInput = z.object({ version: ExpectedVersion }).strict();

/** POST /api/deals/{id}/signing/retry: try a signing that needs attention again. */
export const RetrySigningInput = z.object({ version: ExpectedVersion }).strict();

export const DealListQuery = LocationFilterQuery.extend({
  stage: stage.optional(),
  contact_id: Id.optional(),
  company_id: Id.optional(),
  q: str('Search').trim().max(200, { message: 'Search for at most 200 characters' }).optional(),
  /** The deals as they stood at that instant (the deal history), not as they stand. */
  as_of: AsOfInstant.optional(),
}).strict();
export type DealListQuery = z.infer<typeof DealListQuery>;

export const DealStatsQuery = LocationFilterQuery.extend({ as_of: AsOfInstant.optional() }).strict();

export interface DealContact {
  name: string;
  email: string;
  phone: string | null;
  title: string | null;
}

export interface Deal extends Stamped {
  id: string;
  deal_name: string;
  company_id: string | null;
  company_name: string;
  contact_id: string | null;
  contact: DealContact;
  agreement_type: (typeof AGREEMENT_TYPES)[number];
  membership_type: (typeof DEAL_MEMBERSHIP_TYPES)[number];
  location_id: string;
  location_name: string;
  /** The location's name and city, as an agreement names it. */
  contract_location: string;
  office_ids: string[];
  start_date: string | null;
  term_months: number | null;
  term_days: number | null;
  offered_price: number;
  deal_value: number;
  market_rate: number | null;
  probability: number;
  notice_by: string | null;
  notes: string | null;
  source: string | null;
  assigned_to: string | null;
  stage: DealStage;
  /** Sorts the deal within its stage's column (then id). */
  rank: string;
  signature_status: 'not_sent' | 'sent' | 'viewed' | 'signed';
  /** The member company a completed signing leased the deal's offices to. */
  member_id: string | null;
  /** Why the signing process could not lease the offices (e.g. 'Office 204 is leased to Acme'); null when fine. */
  attention_reason: string | null;
  /** Who signed: the signer's name on the signing page, or the user who moved it to Agreement Signed. */
  signed_by: string | null;
  /** The signed agreement with its audit page: GET /api/deals/{id}/agreement/executed. */
  executed_copy: { sha256: string; size: number; stored_at: string } | null;
  /** When the deal entered its current stage. */
  stage_changed_at: string;
}

export interface DealStats {
  total_deals: number;
  total_value: number;
  average_deal_value: number;
  win_rate: number;
  weighted_value: number;
  stages: Record<DealStage, number>;
  stage_values: Record<DealStage, number>;
  conversion: Record<DealStage, number>;
  avg_days_in_stage: Record<DealStage, number>;
  stale: string[];
}

const perStage = z.object(Object.fromEntries(DEAL_STAGES.map((stage) => [stage, z.number()])) as Record<DealStage, z.ZodNumber>);

/** A deal as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Deal = z.object({
  id: z.uuid(),
  deal_name: answerText(),
  company_id: z.uuid().nullable(),
  company_name: answerText(),
  contact_id: z.uuid().nullable(),
  contact: z.object({ name: answerText(), email: answerText(), phone: answerText().nullable(), title: answerText().nullable() }),
  agreement_type: z.enum(AGREEMENT_TYPES),
  membership_type: z.enum(DEAL_MEMBERSHIP_TYPES),
  location_id: z.uuid(),
  location_name: answerText(),
  contract_location: answerText(),
  office_ids: z.array(z.uuid()),
  start_date: answerText().nullable(),
  term_months: z.number().int().nullable(),
  term_days: z.number().int().nullable(),
  offered_price: z.number(),
  deal_value: z.number(),
  market_rate: z.number().nullable(),
  probability: z.number().int(),
  notice_by: answerText().nullable(),
  notes: answerText().nullable(),
  source: answerText().nullable(),
  assigned_to: answerText().nullable(),
  stage: z.enum(DEAL_STAGES),
  rank: answerText(),
  signature_status: z.enum(['not_sent', 'sent', 'viewed', 'signed']),
  member_id: z.uuid().nullable(),
  attention_reason: answerText().nullable(),
  signed_by: answerText().nullable(),
  executed_copy: z.object({ sha256: answerText(), size: z.number().int(), stored_at: answerText() }).nullable(),
  stage_changed_at: answerText(),
  ...stamps,
}) satisfies z.ZodType<Deal>;

/** GET /api/deals/stats (the OpenAPI document's schema; checked against the type above). */
export const DealStats = z.object({
  total_deals: z.number().int(),
  total_value: z.number(),
  average_deal_value: z.number(),
  win_rate: z.number(),
  weighted_value: z.number(),
  stages: perStage,
  stage_values: perStage,
  conversion: perStage,
  avg_days_in_stage: perStage,
  stale: z.array(answerText()),
}) satisfies z.ZodType<DealStats>;
