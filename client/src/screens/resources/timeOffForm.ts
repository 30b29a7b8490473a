/**
 * The company's holidays and vacation days as a form (the System tab, and the resources page's
 * shortcut for administrators): text in, the system settings' fields out, checked by the shared
 * schema the server uses.
 */
import { z } from 'zod';
import {
  COMPANY_HOLIDAYS_LABEL,
  MAX_COMPANY_HOLIDAYS,
  MAX_VACATION_DAYS,
  UpdateSystemSettingsInput,
  VACATION_DAYS_LABEL,
  type CompanySettings,
  type SystemSettings,
} from '@shared/schemas/settings';
import { asRequest, numberText } from '../../forms/fields';

export const timeOffFields = {
  company_holidays: numberText(COMPANY_HOLIDAYS_LABEL, { min: 0, max: MAX_COMPANY_HOLIDAYS, whole: true, empty: 'required' }),
  vacation_days: numberText(VACATION_DAYS_LABEL, { min: 0, max: MAX_VACATION_DAYS, whole: true, empty: 'required' }),
};

export const TimeOffForm = z.object(timeOffFields).transform(asRequest(UpdateSystemSettingsInput));
export type TimeOffValues = z.input<typeof TimeOffForm>;

export const timeOffValuesOf = (settings: CompanySettings): TimeOffValues => ({
  company_holidays: String(settings.company_holidays),
  vacation_days: String(settings.vacation_days),
});

/** The settings' fields as a change notice names them. */
export const TIME_OFF_LABELS: Partial<Record<keyof CompanySettings, string>> = {
  company_holidays: 'company holidays',
  vacation_days: 'vacation days',
};

/** What everyone reads, from an administrator's answer: the masked key stays out of the shared cache. */
export const companyPart = ({ id, company_holidays, vacation_days, version, created_at, updated_at }: SystemSettings): CompanySettings => ({
  id,
  company_holidays,
  vacation_days,
  version,
  created_at,
  updated_at,
});

/** A never-changed row has version 0: there is no version to hold a save to then. */
export const versionOf = (settings: CompanySettings) => settings.version || undefined;
