import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { POLICY, may } from '@shared/policy';
import { AccessDenied } from '../../auth/RoleGuard';
import { useUser } from '../../auth/session';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/ui/Tabs';
import { IntegrationsTab } from './IntegrationsTab';
import { LocationsTab } from './LocationsTab';
import { chosenTab, tabsFor, type SettingsTab } from './settingsTabs';
import { SystemTabSlot } from './SystemTabSlot';
import { UsersTab } from './UsersTab';

const PANELS: Record<SettingsTab, ComponentType> = {
  users: UsersTab,
  locations: LocationsTab,
  integrations: IntegrationsTab,
  system: SystemTabSlot,
};

/**
 * Settings: administrators and managers only; a viewer is told why not. The tab is kept in the
 * address (`?tab=`), so a reload or a link opens the same one; a tab the user may not (or no
 * longer) see falls back to the role's default.
 */
export default function SettingsPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  if (!may(user, 'settings.view')) {
    return <AccessDenied required={[...POLICY['settings.view'].roles]} detail={POLICY['settings.view'].refusal} />;
  }
  const tab = chosenTab(user, params.get('tab'));
  const Panel = PANELS[tab];
  return (
    <div className="mx-auto max-w-screen-xl space-y-6">
      <PageHeader title="Settings" subtitle="Users, locations, integrations and system settings" />
      <Tabs
        label="Settings"
        tabs={tabsFor(user).map(({ key, label }) => ({ key, label }))}
        value={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
      >
        <Panel />
      </Tabs>
    </div>
  );
}
