import { DEFAULT_COMPANY_HOLIDAYS, DEFAULT_VACATION_DAYS, SYSTEM_SETTINGS_ID, type CompanySettings } from '@shared/schemas/settings';
import type { Db } from '../../events/store/types';
import { iso, rowReads } from '../engine/projection';

interface SettingsRow {
  id: string;
  crm_api_key: string | null;
  company_holidays: number;
  vacation_days: number;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Settings never changed: the defaults, at version 0, as of the start of time. */
const UNCHANGED: SettingsRow = {
  id: SYSTEM_SETTINGS_ID,
  crm_api_key: null,
  company_holidays: DEFAULT_COMPANY_HOLIDAYS,
  vacation_days: DEFAULT_VACATION_DAYS,
  version: 0,
  created_at: new Date(0),
  updated_at: new Date(0),
};

const toCompanySettings = (r: SettingsRow): CompanySettings => ({
  id: r.id,
  company_holidays: r.company_holidays,
  vacation_days: r.vacation_days,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const SELECT = `SELECT s.id, s.crm_api_key, s.company_holidays, s.vacation_days, s.version, s.created_at, s.updated_at FROM system_settings s`;
const rows = rowReads(SELECT, 's', (r: SettingsRow) => r);
const company = rowReads(SELECT, 's', toCompanySettings);

/** The settings row with the key's ciphertext: for the server, which masks it before answering. */
export async function getSystemSettingsRow(db: Db): Promise<SettingsRow> {
  return (await rows.byId(db, SYSTEM_SETTINGS_ID)) ?? UNCHANGED;
}
export type { SettingsRow };

/** What everyone reads: the company's holidays and vacation days. */
export async function getCompanySettings(db: Db): Promise<CompanySettings> {
  return (await company.byId(db, SYSTEM_SETTINGS_ID)) ?? toCompanySettings(UNCHANGED);
}

/** The company settings row, for the live push. */
export const companySettingsTouched = company.touched;
