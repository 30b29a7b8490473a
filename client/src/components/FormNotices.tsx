import type { ReactNode } from 'react';
import type { EditNotice } from '../live/useEditedRow';
import { ChangeNotice } from './ChangeNotice';
import { ErrorBanner } from './ui/Banner';
import { FormError } from './ui/Field';

/**
 * What a form dialog says above its fields, or null when it has nothing to say: that its row
 * changed under it (with Reload), why the server refused the last submit, and the spec's line for
 * missing required fields.
 */
export function formNotices({
  change,
  failedTitle,
  serverMessage,
  missing,
}: {
  change?: { notice: EditNotice | null; reloading: boolean; onReload?: () => void };
  failedTitle: string;
  serverMessage?: string;
  missing: string | null;
}): ReactNode {
  if (!change?.notice && !serverMessage && !missing) return null;
  return (
    <>
      {change?.notice && <ChangeNotice {...change.notice} reloading={change.reloading} onReload={change.onReload} />}
      {serverMessage && <ErrorBanner title={failedTitle} message={serverMessage} />}
      <FormError message={missing} />
    </>
  );
}
