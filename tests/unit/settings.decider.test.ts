import { describe, expect, it } from 'vitest';
import { settingsDecider } from '../../events/settings/decider';
import type { SettingsEvent } from '../../events/settings/events';
import { crmApiKeyChange, KEY_MASK, maskKey, UpdateSystemSettingsInput } from '@shared/schemas/settings';
import { specFor } from '../support/givenWhenThen';

const given = specFor(settingsDecider);
const keySet: SettingsEvent = { type: 'CrmApiKeySet', data: { ciphertext: 'v1.k.iv.ct.tag' } };
const timeOff: SettingsEvent = { type: 'CompanyTimeOffChanged', data: { company_holidays: 10, vacation_days: 20 } };

describe('settings decider', () => {
  it('given nothing, when the time off changes, then both figures are recorded as they now stand', () => {
    given([]).when({ type: 'ChangeSystemSettings', vacation_days: 30 }).then([{ type: 'CompanyTimeOffChanged', data: { company_holidays: 12, vacation_days: 30 } }]);
  });

  it('given settings, when nothing changes, then nothing is recorded', () => {
    given([]).when({ type: 'ChangeSystemSettings', company_holidays: 12, vacation_days: 25 }).then([]);
    given([timeOff]).when({ type: 'ChangeSystemSettings', company_holidays: 10 }).then([]);
    given([]).when({ type: 'ChangeSystemSettings', crm_api_key: null }).then([]);
  });

  it('given no key, when a sealed key is given, then only its ciphertext is recorded', () => {
    given([]).when({ type: 'ChangeSystemSettings', crm_api_key: 'v1.k.iv2.ct2.tag2' }).then([{ type: 'CrmApiKeySet', data: { ciphertext: 'v1.k.iv2.ct2.tag2' } }]);
  });

  it('given a key, when it is removed and the time off changes, then both are recorded', () => {
    given([keySet, timeOff])
      .when({ type: 'ChangeSystemSettings', crm_api_key: null, vacation_days: 22 })
      .then([{ type: 'CrmApiKeyCleared', data: {} }, { type: 'CompanyTimeOffChanged', data: { company_holidays: 10, vacation_days: 22 } }]);
  });
});

describe('the CRM key field of a PUT', () => {
  it('keeps the key when absent or masked, removes it on null or empty, and sets anything else', () => {
    expect(crmApiKeyChange(undefined)).toEqual({ kind: 'keep' });
    expect(crmApiKeyChange(maskKey('abcdef123456'))).toEqual({ kind: 'keep' });
    expect(crmApiKeyChange(null)).toEqual({ kind: 'clear' });
    expect(crmApiKeyChange('')).toEqual({ kind: 'clear' });
    expect(crmApiKeyChange('sk_new_key_1')).toEqual({ kind: 'set', key: 'sk_new_key_1' });
  });

  it('shows only the last four characters', () => {
    expect(maskKey('sk_live_abcdefgh9876')).toBe(`${KEY_MASK}9876`);
  });

  it('accepts the masked value back and refuses keys with spaces or of the wrong length', () => {
    expect(UpdateSystemSettingsInput.safeParse({ crm_api_key: maskKey('whatever1234') }).success).toBe(true);
    expect(UpdateSystemSettingsInput.safeParse({ crm_api_key: 'abc def ghi' }).success).toBe(false);
    expect(UpdateSystemSettingsInput.safeParse({ crm_api_key: 'short' }).success).toBe(false);
    expect(UpdateSystemSettingsInput.safeParse({ crm_api_key: 'ok_key_12' }).success).toBe(true);
  });
});
