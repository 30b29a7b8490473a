import type { Office } from '../../../../shared/schemas/offices';
import { ErrorBanner } from '../../components/ui/Banner';

/** What every office dialog takes (the Add Office dialog, all but `office`). */
export interface DialogProps {
  office: Office;
  onClose: () => void;
  /** Shows the spec's banner (on the page, and here while the dialog is open). */
  onError: (message: string, error: unknown) => void;
  error: string | null;
  onDismissError: () => void;
}

/** An empty text field means null; otherwise a number (NaN stays NaN for validation). */
export function numberOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  return Number(value);
}

/** The page's error banner, repeated at the top of an open dialog. */
export function DialogError({ error, onDismiss }: { error: string | null; onDismiss: () => void }) {
  return error ? (
    <div className="mb-4">
      <ErrorBanner message={error} onDismiss={onDismiss} />
    </div>
  ) : null;
}
