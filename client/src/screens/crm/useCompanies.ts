import type { Company } from '@shared/schemas/crm';
import { endpoints } from '../../api/endpoints';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { companiesAtom } from './atoms';

/** Every company, by name, for choosing one (live). */
export function useCompanies(): Company[] {
  useLiveQuery('companies', 'all', () => endpoints.companies());
  return rowsOf(useAtomValue(companiesAtom)).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
