import { readFileSync } from 'node:fs';
import { DEFAULT_COMPANY_HOLIDAYS, DEFAULT_VACATION_DAYS } from '@shared/schemas/settings';
import type { SettingsEvent } from '../../events/settings/events';
import type { Db } from '../../events/store/types';
import type { MemoryTables } from '../memoryTables';
import { defineProjection, entityId, own, type Brief } from '../projection';
import { companySettingsTouched } from './queries';

type Changes = Record<string, string | number | null>;

/** The row the first change creates: the defaults for what that change leaves alone. */
function firstRow(event: Brief<SettingsEvent>, changes: Changes) {
  const { at } = event.metadata;
  return {
    id: entityId(event.stream_id),
    crm_api_key: null,
    company_holidays: DEFAULT_COMPANY_HOLIDAYS,
    vacation_days: DEFAULT_VACATION_DAYS,
    ...changes,
    version: event.version,
    created_at: at,
    updated_at: at,
  };
}

/** The one row, created by the first change with the defaults for what that change leaves alone. */
function upsert(db: Db, event: Brief<SettingsEvent>, changes: Changes) {
  const { at } = event.metadata;
  const row = firstRow(event, changes);
  return db`
    INSERT INTO system_settings ${db(row)}
    ON CONFLICT (id) DO UPDATE SET ${db({ ...changes, version: event.version, updated_at: at })}`;
}

/** upsert() on the row a rebuild holds in memory. */
function foldUpsert(tables: MemoryTables, event: Brief<SettingsEvent>, changes: Changes) {
  const settings = tables.table('system_settings');
  const row = settings.get(entityId(event.stream_id));
  if (row) settings.set(row, { ...changes, version: event.version, updated_at: event.metadata.at });
  else settings.insert(firstRow(event, changes));
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
    CrmApiKeySet: {
      apply: (db, event) => upsert(db, event, { crm_api_key: event.data.ciphertext }),
      fold: (tables, event) => foldUpsert(tables, event, { crm_api_key: event.data.ciphertext }),
      changed: own,
    },
    CrmApiKeyCleared: {
      apply: (db, event) => upsert(db, event, { crm_api_key: null }),
      fold: (tables, event) => foldUpsert(tables, event, { crm_api_key: null }),
      changed: own,
    },
    CompanyTimeOffChanged: {
      apply: (db, event) => upsert(db, event, { ...event.data }),
      fold: (tables, event) => foldUpsert(tables, event, { ...event.data }),
      changed: own,
    },
  },
  live: { entity: 'company_settings', load: companySettingsTouched },
});
