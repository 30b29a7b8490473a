import { z } from 'zod';
import { ExpectedVersion } from './common';
import { answerText, str } from './strings';
import { ignored, stamps, type Stamped } from './rows';

/**
 * The system settings are one row: the stream and the row share this id (there is only one).
 * Company time off (holidays, vacation days) is part of them, read by everyone signed in.
 */
export const SYSTEM_SETTINGS_ID = '00000000-0000-4000-8000-000000000001';

/** Before an administrator changes them: the figures the resources page always showed. */
export const DEFAULT_COMPANY_HOLIDAYS = 12;
export const DEFAULT_VACATION_DAYS = 25;
export const MAX_COMPANY_HOLIDAYS = 60;
export const MAX_VACATION_DAYS = 100;

export const CRM_API_KEY_MIN = 8;
export const CRM_API_KEY_MAX = 256;
/** A stored key is shown as these bullets and its last four characters, never in full. */
export const KEY_MASK = '••••••••';
export const maskKey = (key: string) => `${KEY_MASK}${key.slice(-4)}`;

const CRM_KEY_MESSAGE = `The CRM API key must be ${CRM_API_KEY_MIN} to ${CRM_API_KEY_MAX} characters, with no spaces`;

const wholeNumber = (label: string, max: number) => {
  const message = `${label} must be a whole number from 0 to ${max}`;
  return z.number({ message }).int({ message }).min(0, { message }).max(max, { message });
};

const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{${CRM_API_KEY_MIN},${CRM_API_KEY_MAX}}$`);
const masked = (value: string) => value.startsWith(KEY_MASK.charAt(0));

/**
 * The key as typed: visible ASCII only. null or '' removes the stored key; the masked value GET
 * answered (bullets first) leaves it as it is, so a client may send the object back unchanged.
 */
const CrmApiKeyInput = str('The CRM API key', CRM_KEY_MESSAGE)
  .nullable()
  .refine((value) => value === null || value === '' || masked(value) || KEY_PATTERN.test(value), { message: CRM_KEY_MESSAGE });

/** What the key field of a PUT asks for. */
export type CrmApiKeyChange = { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; key: string };
export function crmApiKeyChange(value: string | null | undefined): CrmApiKeyChange {
  if (value === undefined || (value !== null && masked(value))) return { kind: 'keep' };
  if (value === null || value === '') return { kind: 'clear' };
  return { kind: 'set', key: value };
}

export const COMPANY_HOLIDAYS_LABEL = 'Company holidays';
export const VACATION_DAYS_LABEL = 'Vacation days';

/** The company's time off, as the System tab and the resources page's dialog edit it. */
export const TimeOffFields = {
  company_holidays: wholeNumber(COMPANY_HOLIDAYS_LABEL, MAX_COMPANY_HOLIDAYS),
  vacation_days: wholeNumber(VACATION_DAYS_LABEL, MAX_VACATION_DAYS),
};

/** PUT /api/settings/system: any of the fields, or the object GET returned (read-only fields ignored). */
export const UpdateSystemSettingsInput = z
  .object({
    crm_api_key: CrmApiKeyInput.optional(),
    company_holidays: TimeOffFields.company_holidays.optional(),
    vacation_days: TimeOffFields.vacation_days.optional(),
    version: ExpectedVersion,
    ...ignored('id', 'crm_api_key_set', 'crm_api_key_problem', 'created_at', 'updated_at'),
  })
  .strict();
export type UpdateSystemSettingsInput = z.infer<typeof UpdateSystemSettingsInput>;

/**
 * GET /api/settings/company: what every signed-in user reads (the resources page's tiles). Its
 * version is 0 until an administrator first changes the settings.
 */
export interface CompanySettings extends Stamped {
  id: string;
  company_holidays: number;
  vacation_days: number;
}

/** GET /api/settings/system (administrators): the company settings and the CRM key, masked. */
export interface SystemSettings extends CompanySettings {
  /** The stored key as bullets and its last four characters; null when none is stored. */
  crm_api_key: string | null;
  crm_api_key_set: boolean;
  /** Set when a key is stored but this server cannot read it (another encryption key). */
  crm_api_key_problem: string | null;
}

/** GET /api/settings/company (the OpenAPI document's schema; checked against the type above). */
export const CompanySettings = z.object({
  id: z.uuid(),
  company_holidays: z.number().int(),
  vacation_days: z.number().int(),
  ...stamps,
}) satisfies z.ZodType<CompanySettings>;

/** GET /api/settings/system: the CRM key masked (checked against the type above). */
export const SystemSettings = CompanySettings.extend({
  crm_api_key: answerText().nullable(),
  crm_api_key_set: z.boolean(),
  crm_api_key_problem: answerText().nullable(),
}) satisfies z.ZodType<SystemSettings>;
