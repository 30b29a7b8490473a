import { z } from 'zod';
import { MAX_COMPANY_HOLIDAYS, MAX_VACATION_DAYS } from '@shared/schemas/settings';

export const SettingsEventSchemas = {
  /** Only the ciphertext (AES-256-GCM, server/settings/secretBox.ts): the key never reaches the log. */
  CrmApiKeySet: z.object({ ciphertext: z.string().min(1) }).strict(),
  CrmApiKeyCleared: z.object({}).strict(),
  /** Both figures as they now stand. */
  CompanyTimeOffChanged: z
    .object({
      company_holidays: z.number().int().min(0).max(MAX_COMPANY_HOLIDAYS),
      vacation_days: z.number().int().min(0).max(MAX_VACATION_DAYS),
    })
    .strict(),
};

type Ev<K extends keyof typeof SettingsEventSchemas> = { type: K; data: z.infer<(typeof SettingsEventSchemas)[K]> };

export type CrmApiKeySet = Ev<'CrmApiKeySet'>;
export type CrmApiKeyCleared = Ev<'CrmApiKeyCleared'>;
export type CompanyTimeOffChanged = Ev<'CompanyTimeOffChanged'>;
export type SettingsEvent = CrmApiKeySet | CrmApiKeyCleared | CompanyTimeOffChanged;
