import { readFileSync } from 'node:fs';
import { DEFAULT_COMPANY_HOLIDAYS, DEFAULT_VACATION_DAYS } from '@shared/schemas/settings';
import type { SettingsEvent } from '../../events/settings/events';
import type { Db } from '../../events/store/types';
import { defineProjection, entityId, own, type Logged } from '../projection';
import { companySettingsTouched } from './queries';

/** The one row, created by the first change with the defaults for what that change leaves alone. */
function upsert(db: Db, event: Logged<SettingsEvent>, changes: Record<string, string | number | null>) {
  const { at } = event.metadata;
  const row = {
    id: entityId(event.stream_id),
    crm_api_key: null,
    company_holidays: DEFAULT_COMPANY_HOLIDAYS,
    vacation_days: DEFAULT_VACATION_DAYS,
    ...changes,
    version: event.version,
    created_at: at,
    updated_at: at,
  };
  return db`
    INSERT INTO system_settings ${db(row)}
    ON CONFLICT (id) DO UPDATE SET ${db({ ...changes, version: event.version, updated_at: at })}`;
}

/**
 * The system settings. Every change moves the row's version, so the company time off (pushed to
 * everyone) tells an open System tab that the settings changed, the key included.
 */
export const settingsProjection = defineProjection<SettingsEvent>({
  name: 'settings',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['system_settings'],
  on: {
    CrmApiKeySet: { apply: (db, event) => upsert(db, event, { crm_api_key: event.data.ciphertext }), changed: own },
    CrmApiKeyCleared: { apply: (db, event) => upsert(db, event, { crm_api_key: null }), changed: own },
    CompanyTimeOffChanged: { apply: (db, event) => upsert(db, event, { ...event.data }), changed: own },
  },
  live: { entity: 'company_settings', load: companySettingsTouched },
});
