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

/** An office's fields as a conflict notice names them. */
export const OFFICE_FIELD_LABELS: Partial<Record<keyof Office, string>> = {
  office_number: 'office number',
  type: 'type',
  desks: 'desks',
  floor: 'floor',
  windowed: 'windowed',
  status: 'status',
  tenant: 'member company',
  marketed_rates: 'marketed rates',
  signed_rate: 'signed rate',
  lease_info: 'lease',
  contacts: 'contacts',
};
