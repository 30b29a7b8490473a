import { useState } from 'react';
import { ArrowRight } from 'lucide-react';
import { DEAL_STAGE_LABELS, DEAL_STAGES, type DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Field';
import { useBulkDealMove } from './useBulkDealMove';
import { KeyOptions } from '../../../components/ui/Options';

/** The deal board's bulk action: move every ticked deal to one stage. */
export function DealBulkActions({ deals, onDone }: { deals: readonly Deal[]; onDone: () => void }) {
  const [stage, setStage] = useState<DealStage>('tour_booked');
  const { moveAll, busy } = useBulkDealMove();
  const move = async () => {
    await moveAll(deals, stage);
    onDone();
  };
  return (
    <>
      <Select aria-label="Move selected deals to stage" className="h-8 w-48 py-0 text-sm" value={stage} onChange={(e) => setStage(e.target.value as DealStage)} disabled={busy}>
        <KeyOptions keys={DEAL_STAGES} labels={DEAL_STAGE_LABELS} />
      </Select>
      <Button size="sm" onClick={() => void move()} disabled={busy || deals.length === 0}>
        <ArrowRight className="h-4 w-4" aria-hidden />
        {busy ? 'Moving…' : `Move ${deals.length}`}
      </Button>
    </>
  );
}
