import type { Actor } from '@shared/domain/access';
import { may, type Action } from '@shared/policy';

export type SettingsTab = 'users' | 'locations' | 'integrations' | 'system';

/**
 * The spec's tabs in order, each shown to whoever the policy lets do what it is for: System is
 * for administrators only, so a manager is not offered a tab that would only refuse them.
 */
export const SETTINGS_TABS: readonly { key: SettingsTab; label: string; action: Action }[] = [
  { key: 'users', label: 'User Management', action: 'user.manage' },
  { key: 'locations', label: 'Locations', action: 'settings.view' },
  { key: 'integrations', label: 'Integrations', action: 'settings.view' },
  { key: 'system', label: 'System', action: 'settings.system' },
];

export const tabsFor = (actor: Actor) => SETTINGS_TABS.filter((tab) => may(actor, tab.action));

/**
 * The tab shown: the one asked for (the address's `?tab=`) if the actor may see it, else the
 * role's default: User Management for administrators, Integrations for managers.
 */
export function chosenTab(actor: Actor, requested: string | null): SettingsTab {
  const tabs = tabsFor(actor);
  const asked = tabs.find((tab) => tab.key === requested);
  if (asked) return asked.key;
  return tabs.some((tab) => tab.key === 'users') ? 'users' : 'integrations';
}
