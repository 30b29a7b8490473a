import { DEAL_STAGE_LABELS, type DealStage } from '@shared/domain/deals';
import { Badge, type BadgeTone } from '../../components/ui/Badge';

export const STAGE_TONE: Record<DealStage, BadgeTone> = {
  form_submitted: 'grey',
  tour_booked: 'blue',
  tour_completed: 'purple',
  agreement_sent: 'amber',
  agreement_signed: 'green',
  close_lost: 'red',
};

/** The top edge of each column, in its stage's colour. */
export const STAGE_EDGE: Record<DealStage, string> = {
  form_submitted: 'border-t-slate-400',
  tour_booked: 'border-t-brand-500',
  tour_completed: 'border-t-violet-500',
  agreement_sent: 'border-t-amber-500',
  agreement_signed: 'border-t-emerald-500',
  close_lost: 'border-t-red-500',
};

export function StageBadge({ stage }: { stage: DealStage }) {
  return (
    <Badge tone={STAGE_TONE[stage]} data-stage={stage}>
      {DEAL_STAGE_LABELS[stage]}
    </Badge>
  );
}
