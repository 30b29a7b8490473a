import { Suspense } from 'react';
import { Spinner } from '../../components/ui/Spinner';
import { lazyScreen } from '../../lib/lazyScreen';

/** The System tab (the CRM provider's key, company time off), loaded when an admin opens it. */
const SystemTab = lazyScreen(() => import('./SystemTab'));

export function SystemTabSlot() {
  return (
    <Suspense fallback={<Spinner className="h-5 w-5" label="Loading system settings" />}>
      <SystemTab />
    </Suspense>
  );
}
