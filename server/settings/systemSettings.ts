import type { SettingsRow } from '../../projections/settings/queries';
import { iso } from '../../projections/engine/projection';
import { maskKey, type CrmApiKeyChange, type SystemSettings } from '@shared/schemas/settings';
import type { SecretBox } from './secretBox';

/** The sealed key is bound to this name (the associated data of its encryption). */
export const CRM_KEY_FIELD = 'crm_api_key';

/** The settings as an administrator's GET answers them: the key masked, never plain, never sealed. */
export function systemSettingsView(row: SettingsRow, box: SecretBox): SystemSettings {
  const sealed = row.crm_api_key;
  const plain = sealed === null ? null : box.open(sealed, CRM_KEY_FIELD);
  const problem =
    sealed === null || plain !== null
      ? null
      : box.owns(sealed)
        ? 'The stored CRM API key could not be decrypted. Save the key again.'
        : 'The stored CRM API key was encrypted with another settings key (SETTINGS_KEY). Set the same SETTINGS_KEY on every server, or save the key again.';
  return {
    id: row.id,
    crm_api_key: plain === null ? null : maskKey(plain),
    crm_api_key_set: sealed !== null,
    crm_api_key_problem: problem,
    company_holidays: row.company_holidays,
    vacation_days: row.vacation_days,
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/**
 * The key as the command takes it: undefined keeps the stored one (also when the same key is
 * typed again), null removes it, otherwise the new key sealed.
 */
export function sealedKeyChange(change: CrmApiKeyChange, stored: string | null, box: SecretBox): string | null | undefined {
  switch (change.kind) {
    case 'keep':
      return undefined;
    case 'clear':
      return null;
    case 'set':
      return stored !== null && box.open(stored, CRM_KEY_FIELD) === change.key ? undefined : box.seal(change.key, CRM_KEY_FIELD);
  }
}
