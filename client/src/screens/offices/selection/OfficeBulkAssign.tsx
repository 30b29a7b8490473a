import { useMemo, useState } from 'react';
import { Building2 } from 'lucide-react';
import type { Office } from '@shared/schemas/offices';
import { endpoints } from '../../../api/endpoints';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Field';
import { rowsOf } from '../../../live/collection';
import { useLiveQuery } from '../../../live/useLiveQuery';
import { useAtomValue } from '../../../state/jotai';
import { membersAtom } from '../../members/atoms';
import { useBulkOfficeAssign } from './useBulkOfficeAssign';

/**
 * The office grid's bulk Assign: every ticked office to one member company of the offices'
 * location(s), as the single Assign dialog lists them; the server refuses an office another
 * company holds or one at another location, and the summary names each refusal.
 */
export function OfficeBulkAssign({ offices, onDone }: { offices: readonly Office[]; onDone: () => void }) {
  const locations = useMemo(() => [...new Set(offices.map((o) => o.location_name))].sort(), [offices]);
  const locationIds = useMemo(() => new Set(offices.map((o) => o.location_id)), [offices]);
  const query = useLiveQuery(
    'members',
    locations.join('|'),
    async () => (await Promise.all(locations.map((l) => endpoints.members(l)))).flat(),
    (m) => locationIds.has(m.location_id),
  );
  const members = useAtomValue(membersAtom);
  const candidates = useMemo(
    () => rowsOf(members).filter((m) => locationIds.has(m.location_id)).sort((a, b) => a.company_name.localeCompare(b.company_name)),
    [members, locationIds],
  );
  const [memberId, setMemberId] = useState('');
  const { assignAll, busy } = useBulkOfficeAssign();
  const chosen = candidates.some((m) => m.id === memberId) ? memberId : '';
  const loading = query.status === 'loading' && candidates.length === 0;
  const assign = async () => {
    if (!chosen) return;
    await assignAll(offices, chosen);
    setMemberId('');
    onDone();
  };
  const placeholder = loading ? 'Loading companies…' : query.status === 'error' ? 'Companies failed to load' : candidates.length === 0 ? 'No member companies here' : 'Assign to company…';
  return (
    <>
      <Select
        aria-label="Member company for the selected offices"
        className="h-8 w-52 py-0 text-sm"
        value={chosen}
        onChange={(e) => setMemberId(e.target.value)}
        disabled={busy || loading || candidates.length === 0}
      >
        <option value="">{placeholder}</option>
        {candidates.map((m) => (
          <option key={m.id} value={m.id}>
            {m.company_name}
            {locations.length > 1 ? ` · ${m.location_name}` : ''}
          </option>
        ))}
      </Select>
      <Button size="sm" variant="secondary" onClick={() => void assign()} disabled={busy || !chosen || offices.length === 0}>
        <Building2 className="h-4 w-4" aria-hidden />
        {busy ? 'Assigning…' : `Assign ${offices.length}`}
      </Button>
    </>
  );
}
