/** The office grid's view in the address: ?view=list&status=VACANT&desks=4&q=acme&sort=desks:asc. Pure. */
import { OFFICE_STATUSES } from '@shared/schemas/offices';
import { choiceField, sortField, textField, type ViewCodec, type ViewField } from '../views/viewQuery';
import type { OfficeView } from './atoms';
import type { OfficeSort, OfficeSortKey } from './officeList';

export interface OfficeViewState {
  view: OfficeView;
  search: string;
  status: string;
  desks: string;
  sort: OfficeSort | null;
}

const SORT_KEYS: readonly OfficeSortKey[] = ['office', 'status', 'company', 'desks', 'signed_rate', 'lease_end', 'location'];

/** The desk filter takes digits only, as its field does. */
const desksField: ViewField<string> = { key: 'desks', fallback: '', write: (v) => v, read: (t) => (/^[0-9]+$/.test(t) ? t : null) };

export const OFFICE_VIEW_CODEC: ViewCodec<OfficeViewState> = {
  view: choiceField<OfficeView>('view', ['grid', 'list', 'floor'], 'grid', true),
  search: textField('q'),
  status: choiceField<string>('status', ['all', ...OFFICE_STATUSES], 'all'),
  desks: desksField,
  sort: sortField<OfficeSortKey, OfficeSort>('sort', SORT_KEYS, (s) => [s.key, s.direction], (key, direction) => ({ key, direction })),
};
