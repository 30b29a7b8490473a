import { readFileSync } from 'node:fs';
import { DEFAULT_COMPANY_HOLIDAYS, DEFAULT_VACATION_DAYS } from '@shared/schemas/settings';
import type { SettingsEvent } from '../../events/settings/events';
import type { Row } from '../engine/memoryTables';
import { defineReadModel } from '../engine/defineReadModel';
import { entityId, type Brief } from '../engine/projection';
import { companySettingsTouched } from './queries';

/**
 * A change of the one row, which the first change creates with the defaults for what that change
 * leaves alone.
 */
const change = <E extends SettingsEvent>(changes: (event: Brief<E>) => Row) => ({
  upsert: (row: Row | null, event: Brief<E>): Row => ({
    ...(row ?? { id: entityId(event.stream_id), crm_api_key: null, company_holidays: DEFAULT_COMPANY_HOLIDAYS, vacation_days: DEFAULT_VACATION_DAYS }),
    ...changes(event),
  }),
});

/**
 * The system settings. Every change moves the row's version, so the company time off (pushed to
 * everyone) tells an open System tab that the settings changed, the key included.
 */
export const settingsProjection = defineReadModel<SettingsEvent>({
  name: 'settings',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'system_settings',
  evolve: {
    CrmApiKeySet: change(({ data }) => ({ crm_api_key: data.ciphertext })),
    CrmApiKeyCleared: change(() => ({ crm_api_key: null })),
    CompanyTimeOffChanged: change(({ data }) => ({ ...data })),
  },
  live: { entity: 'company_settings', load: companySettingsTouched },
});
