import Router from '@koa/router';
import type { Middleware } from 'koa';
import { settingsAggregate } from '../../events/settings/decider';
import type { Tx } from '../../events/store/types';
import { getCompanySettings, getSystemSettingsRow } from '../../projections/settings/queries';
import { CompanySettings, crmApiKeyChange, SYSTEM_SETTINGS_ID, SystemSettings, UpdateSystemSettingsInput } from '@shared/schemas/settings';
import type { AppDeps } from '../deps';
import { permit } from '../policies';
import { sealedKeyChange, systemSettingsView } from '../settings/systemSettings';
import { commandContext } from './context';
import { singletonRoutes } from './singletonRoutes';

/**
 * System settings: administrators read and change them (the CRM API key, stored encrypted and
 * answered masked; company holidays and vacation days); everyone signed in reads the company's
 * time off (GET /api/settings/company, the resources page's tiles).
 */
export function settingsRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle, secrets } = deps;

  singletonRoutes(router, '/settings/company', [auth], CompanySettings).show(() => getCompanySettings(sql));

  const system = singletonRoutes(router, '/settings/system', [auth, permit('settings.system')], SystemSettings);

  system.show(async () => systemSettingsView(await getSystemSettingsRow(sql), secrets));

  system.save('put', UpdateSystemSettingsInput, async (ctx, body) => {
    const stored = await getSystemSettingsRow(sql);
    const command = {
      type: 'ChangeSystemSettings' as const,
      crm_api_key: sealedKeyChange(crmApiKeyChange(body.crm_api_key), stored.crm_api_key, secrets),
      company_holidays: body.company_holidays,
      vacation_days: body.vacation_days,
    };
    const { view } = await handle(settingsAggregate, SYSTEM_SETTINGS_ID, command, commandContext(ctx), { expectedVersion: body.version, read: (tx: Tx) => getSystemSettingsRow(tx) });
    return systemSettingsView(view, secrets);
  });

  return router;
}
