import { eventScope } from '../eventScope';
import { STREAM_VISIBILITY } from '@shared/visibility';
import { DEFAULT_COMPANY_HOLIDAYS, DEFAULT_VACATION_DAYS } from '@shared/schemas/settings';
import type { Aggregate, Decider } from '../decider';
import { SettingsEventSchemas, type SettingsEvent } from './events';

export interface SettingsState {
  /** The stored key's ciphertext; null when none is stored. */
  crm_api_key: string | null;
  company_holidays: number;
  vacation_days: number;
}

/**
 * One change of the system settings. The key arrives sealed (the server encrypts it before the
 * command, and leaves it out when it equals the stored one): undefined keeps it, null removes it.
 */
export interface ChangeSystemSettings {
  type: 'ChangeSystemSettings';
  crm_api_key?: string | null;
  company_holidays?: number;
  vacation_days?: number;
}

export const settingsDecider: Decider<ChangeSystemSettings, SettingsState, SettingsEvent> = {
  initialState: { crm_api_key: null, company_holidays: DEFAULT_COMPANY_HOLIDAYS, vacation_days: DEFAULT_VACATION_DAYS },

  decide(command, state) {
    const events: SettingsEvent[] = [];
    if (command.crm_api_key === null && state.crm_api_key !== null) events.push({ type: 'CrmApiKeyCleared', data: {} });
    if (command.crm_api_key) events.push({ type: 'CrmApiKeySet', data: { ciphertext: command.crm_api_key } });
    const company_holidays = command.company_holidays ?? state.company_holidays;
    const vacation_days = command.vacation_days ?? state.vacation_days;
    if (company_holidays !== state.company_holidays || vacation_days !== state.vacation_days) {
      events.push({ type: 'CompanyTimeOffChanged', data: { company_holidays, vacation_days } });
    }
    return events;
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CrmApiKeySet':
        return { ...state, crm_api_key: event.data.ciphertext };
      case 'CrmApiKeyCleared':
        return { ...state, crm_api_key: null };
      case 'CompanyTimeOffChanged':
        return { ...state, ...event.data };
    }
  },
};

/**
 * The settings' events are the administrators' (scope: no location), so a key change is in no one
 * else's activity; the company time off still reaches every socket, as rows everyone reads.
 */
export const settingsAggregate: Aggregate<ChangeSystemSettings, SettingsState, SettingsEvent> = {
  streamType: 'settings',
  streamId: (id) => `settings-${id}`,
  decider: settingsDecider,
  eventSchemas: SettingsEventSchemas,
  scope: eventScope(STREAM_VISIBILITY.settings),
};
