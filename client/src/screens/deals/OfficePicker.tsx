import { useMemo, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { marketRate } from '@shared/domain/deals';
import type { Office } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../components/ui/Button';
import { Select } from '../../components/ui/Field';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { officesAtom } from '../offices/atoms';
import { formatCurrency } from './dealFormat';

/** Only offices on the market can go into a deal (spec §4). */
const CHOOSABLE = new Set(['VACANT', 'PENDING']);

/**
 * The deal's offices at its location: VACANT or PENDING ones with their monthly marketed rate,
 * each at most once, and the average market rate of those chosen. Offices the deal already has
 * stay listed whatever their status now.
 */
export function OfficePicker({ locationId, locationName, value, onChange, error }: { locationId: string; locationName: string; value: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const query = useLiveQuery('offices', `deal:${locationName}`, () => endpoints.offices(locationName), (o) => o.location_id === locationId);
  const collection = useAtomValue(officesAtom);
  const [choice, setChoice] = useState('');
  const here = useMemo(
    () => rowsOf(collection).filter((o) => o.location_id === locationId).sort((a, b) => a.office_number.localeCompare(b.office_number, 'en-US', { numeric: true })),
    [collection, locationId],
  );
  const chosen = value.map((id) => collection.byId[id]).filter((o): o is Office => !!o);
  const available = here.filter((o) => CHOOSABLE.has(o.status) && !value.includes(o.id));
  const average = marketRate(chosen.map((o) => o.marketed_rates?.monthly ?? 0));

  const add = () => {
    if (!choice || value.includes(choice)) return;
    onChange([...value, choice]);
    setChoice('');
  };

  return (
    <fieldset className="space-y-2" data-testid="office-picker">
      <legend className="text-sm font-medium text-slate-700">
        Offices <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      {query.status === 'error' ? (
        <LoadFailed compact title="Failed to load offices" error={query.error} onRetry={query.retry} />
      ) : (
        <div className="flex gap-2">
          <Select aria-label="Office to add" value={choice} onChange={(e) => setChoice(e.target.value)} disabled={query.status === 'loading' && here.length === 0}>
            <option value="">{query.status === 'loading' && here.length === 0 ? 'Loading offices...' : available.length ? 'Select a vacant or pending office' : 'No vacant or pending offices'}</option>
            {available.map((o) => (
              <option key={o.id} value={o.id}>
                Office {o.office_number} · {o.status} · {formatCurrency(o.marketed_rates?.monthly ?? 0)}/mo
              </option>
            ))}
          </Select>
          <Button variant="secondary" onClick={add} disabled={!choice}>
            <Plus className="h-4 w-4" aria-hidden /> Add
          </Button>
        </div>
      )}
      {chosen.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {chosen.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-2 px-3 py-1.5" data-office-id={o.id}>
              <span>
                Office {o.office_number} <span className="text-slate-500">· {o.status}</span>
              </span>
              <span className="flex items-center gap-2 tabular-nums">
                {formatCurrency(o.marketed_rates?.monthly ?? 0)}/mo
                <button type="button" className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900" aria-label={`Remove office ${o.office_number}`} onClick={() => onChange(value.filter((id) => id !== o.id))}>
                  <X className="h-3.5 w-3.5" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {average !== null && (
        <p className="text-sm text-slate-700" data-testid="average-market-rate">
          {chosen.length > 1 ? 'Average market rate' : 'Market rate'}: <span className="font-semibold tabular-nums">{formatCurrency(average)}</span>/mo
        </p>
      )}
      {error && <p className="text-xs font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}
