import type { Office } from '@shared/schemas/offices';

export interface OfficeFilters {
  search: string;
  status: string;
  desks: string;
}

/** Search over office number, tenant and assigned company; status; desk count containing the typed number. */
export function filterOffices(offices: readonly Office[], filters: OfficeFilters, companyOf: (office: Office) => string | null): Office[] {
  const query = filters.search.trim().toLowerCase();
  const desks = filters.desks.trim();
  return offices.filter((office) => {
    if (filters.status !== 'all' && office.status !== filters.status) return false;
    if (desks && !String(office.desks).includes(desks)) return false;
    if (query) {
      const haystack = [office.office_number, office.tenant ?? '', companyOf(office) ?? ''].join('\n').toLowerCase();
      if (!haystack.includes(query)) return false;
    }
    return true;
  });
}

export type OfficeSortKey = 'office' | 'status' | 'company' | 'desks' | 'signed_rate' | 'lease_end' | 'location';
export interface OfficeSort {
  key: OfficeSortKey;
  direction: 'asc' | 'desc';
}

/** A click on a column header: a new column sorts ascending, the same one toggles. */
export function nextSort(current: OfficeSort | null, key: OfficeSortKey): OfficeSort {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function sortValue(office: Office, key: OfficeSortKey, companyOf: (office: Office) => string | null): string | number {
  switch (key) {
    case 'office':
      return office.office_number;
    case 'status':
      return office.status;
    case 'company':
      return companyOf(office) ?? '';
    case 'desks':
      return office.desks;
    case 'signed_rate':
      return office.signed_rate ?? 0;
    case 'lease_end':
      return office.lease_info?.end_date ?? '';
    case 'location':
      return office.location_name;
  }
}

/** Text compares case-insensitively; numbers numerically (a missing rate counts as 0). Stable. */
export function sortOffices(offices: readonly Office[], sort: OfficeSort | null, companyOf: (office: Office) => string | null): Office[] {
  const list = [...offices];
  if (!sort) {
    return list.sort((a, b) => collator.compare(a.location_name, b.location_name) || collator.compare(a.office_number, b.office_number));
  }
  const sign = sort.direction === 'asc' ? 1 : -1;
  return list.sort((a, b) => {
    const x = sortValue(a, sort.key, companyOf);
    const y = sortValue(b, sort.key, companyOf);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return sign * order || collator.compare(a.office_number, b.office_number);
  });
}
