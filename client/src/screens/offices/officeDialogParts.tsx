import type { Office } from '@shared/schemas/offices';
import type { ActionDialogProps } from '../../components/ActionDialog';

/** What every office dialog takes (the Add Office dialog, all but `office`). */
export interface DialogProps extends ActionDialogProps {
  office: Office;
}

/** An empty text field means null; otherwise a number (NaN stays NaN for validation). */
export function numberOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  return Number(value);
}
