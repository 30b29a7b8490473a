import { Link } from 'react-router';
import { endpoints } from '../../api/endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { EmptyNote } from '../../components/ProfileParts';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { dealsAtom } from '../deals/atoms';
import { formatCurrency } from '../deals/dealFormat';
import { StageBadge } from '../deals/dealUi';

/** The deals of a contact or company that the user may see (live), each opening its profile. */
export function useRelatedDeals(by: { contact_id: string } | { company_id: string }) {
  const [column, id] = 'contact_id' in by ? (['contact_id', by.contact_id] as const) : (['company_id', by.company_id] as const);
  const query = useLiveQuery('deals', `${column}:${id}`, () => endpoints.deals(by), (d) => d[column] === id);
  const deals = rowsOf(useAtomValue(dealsAtom)).filter((d) => d[column] === id);
  return { query, deals };
}

export function RelatedDeals({ related }: { related: ReturnType<typeof useRelatedDeals> }) {
  const { query, deals } = related;
  if (query.status === 'error') return <LoadFailed compact title="Failed to load related information" error={query.error} onRetry={query.retry} />;
  if (deals.length === 0) return <EmptyNote>{query.status === 'loading' ? 'Loading deals…' : 'No deals yet.'}</EmptyNote>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" data-testid="related-deals">
      {deals.map((deal) => (
        <li key={deal.id}>
          <Link to={`/crm/deals/${deal.id}`} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5 text-sm hover:bg-slate-50">
            <span className="min-w-0">
              <span className="block font-medium text-slate-900">{deal.deal_name}</span>
              <span className="block text-xs text-slate-600">{deal.location_name}</span>
            </span>
            <span className="flex items-center gap-3">
              <StageBadge stage={deal.stage} />
              <span className="font-medium text-slate-900 tabular-nums">{formatCurrency(deal.deal_value)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
