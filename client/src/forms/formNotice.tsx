import type { ReactNode } from 'react';
import { ErrorBanner } from '../components/ui/Banner';
import { FormError } from '../components/ui/Field';

/**
 * What a form dialog shows above its fields (ActionDialog's `notice`): a change made under it
 * (ChangeNotice), the server's refusal under the dialog's failure title, and the spec's message
 * for missing required fields. Null when there is nothing to say, so no empty space is left.
 */
export function formNotice({ change, failureTitle, failure, missing }: { change?: ReactNode; failureTitle: string; failure?: string; missing: string | null }): ReactNode {
  if (!change && !failure && !missing) return null;
  return (
    <>
      {change}
      {failure && <ErrorBanner title={failureTitle} message={failure} />}
      <FormError message={missing} />
    </>
  );
}
