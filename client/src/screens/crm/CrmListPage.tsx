import { useMemo, useState, type ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { CRM_STATUSES, type CrmStatus } from '@shared/schemas/crm';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Select } from '../../components/ui/Field';
import { Spinner } from '../../components/ui/Spinner';
import type { LiveQuery } from '../../live/useLiveQuery';

/**
 * The frame both CRM lists share: title and Add button, a search box and a status filter, the
 * loading, failed and empty states, and a grid of the rows that match (filtered here, as typed).
 */
export function CrmListPage<T extends { id: string; status: CrmStatus }>({
  title,
  subtitle,
  noun,
  plural,
  rows,
  query,
  matches,
  searchLabel,
  canAdd,
  onAdd,
  actions,
  card,
}: {
  title: string;
  subtitle: string;
  noun: string;
  plural: string;
  rows: T[];
  query: LiveQuery;
  matches: (row: T, text: string) => boolean;
  searchLabel: string;
  canAdd: boolean;
  onAdd: () => void;
  /** More header buttons, before Add (Import CSV). */
  actions?: ReactNode;
  card: (row: T) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | CrmStatus>('all');
  const shown = useMemo(() => {
    const text = search.trim().toLowerCase();
    return rows.filter((r) => (status === 'all' || r.status === status) && (!text || matches(r, text)));
  }, [rows, search, status, matches]);

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader title={title} subtitle={subtitle}>
        {actions}
        {canAdd && (
          <Button onClick={onAdd}>
            <Plus className="h-4 w-4" aria-hidden />
            Add {noun}
          </Button>
        )}
      </PageHeader>
      <Card className="flex flex-wrap items-center gap-3 p-4">
        <SearchInput label={searchLabel} value={search} onChange={setSearch} placeholder={searchLabel} className="min-w-64 flex-1" />
        <Select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value as 'all' | CrmStatus)} className="w-48">
          <option value="all">All statuses</option>
          {CRM_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Select>
        <p className="w-full text-sm text-slate-600">
          {shown.length} of {rows.length} {plural}
        </p>
      </Card>
      {query.status === 'error' ? (
        <LoadFailed title={`Failed to load ${plural} data`} error={query.error} onRetry={query.retry} />
      ) : query.status === 'loading' && rows.length === 0 ? (
        <p className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" role="status">
          <Spinner className="h-4 w-4" /> Loading…
        </p>
      ) : shown.length === 0 ? (
        <Card className="px-6 py-16 text-center text-slate-600">
          {rows.length === 0 ? `No ${plural} yet.${canAdd ? ' Add the first one.' : ''}` : `No ${plural} match your search.`}
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={title}>
          {shown.map((row) => (
            <li key={row.id}>{card(row)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
