import { Suspense, type ComponentType } from 'react';
import { ServerCog } from 'lucide-react';
import { Spinner } from '../../components/ui/Spinner';
import { lazyScreen } from '../../lib/lazyScreen';
import { SettingsNotice } from './SettingsNotice';

type SystemTabModule = { default?: ComponentType; SystemTab?: ComponentType };

/**
 * The System tab's content comes from SystemTab.tsx beside this file (the CRM provider's API key).
 * Found at build time, so the screen builds with or without it: until it is there, the tab says
 * what is coming.
 */
const modules = import.meta.glob<SystemTabModule>('./SystemTab.tsx');
const load = modules['./SystemTab.tsx'];
const SystemTab = load ? lazyScreen(() => load().then((m) => ({ default: (m.default ?? m.SystemTab)! }))) : null;

export function SystemTabSlot() {
  if (!SystemTab) {
    return (
      <SettingsNotice icon={ServerCog} title="System settings are coming">
        The CRM provider's API key will be kept here, stored encrypted and shown masked.
      </SettingsNotice>
    );
  }
  return (
    <Suspense fallback={<Spinner className="h-5 w-5" label="Loading system settings" />}>
      <SystemTab />
    </Suspense>
  );
}
