import { memo, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Building2, Clock, GripVertical, Lock, MapPin, PenLine, User } from 'lucide-react';
import { DEAL_STAGE_LABELS, isClosedStage, type DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import type { Touch } from '../../live/collection';
import { useRowTouch } from '../../live/useRowTouch';
import type { OtherDrag } from '../../live/drags';
import { Avatar } from '../../components/ui/Avatar';
import { cn } from '../../lib/cn';
import { staleDays } from './boardModel';
import { DealCardMenu } from './DealCardMenu';
import { SelectBox } from '../selection/SelectionContext';
import { SignatureBadge } from './SignatureBadge';
import { NeedsAttention } from './DealSigning';
import { formatCurrency, formatProbability } from './dealFormat';
import { HistoryMark, markedRing } from './history/HistoryMark';
import { useDealMark } from './history/dealMarks';

export interface DealCardProps {
  deal: Deal;
  showLocation: boolean;
  /** The user may move deals (and this one is open). */
  movable: boolean;
  canMove: boolean;
  canEdit: boolean;
  now: Date;
  /** Someone else is dragging this card right now. */
  heldBy?: OtherDrag | undefined;
  onOpen: (deal: Deal) => void;
  onEdit: (deal: Deal) => void;
  onMoveTo: (deal: Deal, stage: DealStage) => void;
}

/** What a card shows, shared by the card in its column and the one under the pointer while dragging. */
export function DealCardBody({ deal, showLocation, movable, now, touch }: Pick<DealCardProps, 'deal' | 'showLocation' | 'movable' | 'now'> & { touch: Touch | undefined }) {
  const closed = isClosedStage(deal.stage);
  const stale = staleDays(deal, now);
  return (
    <>
      <div className="flex items-start gap-1.5 pr-6">
        {movable ? (
          <GripVertical className="mt-0.5 -ml-1 h-4 w-4 shrink-0 text-slate-300" aria-hidden data-drag-handle />
        ) : closed ? (
          <Lock className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-400" role="img" aria-label="Closed" />
        ) : null}
        <h3 className="min-w-0 flex-1 text-sm leading-snug font-semibold break-words text-slate-900" title={deal.deal_name} data-card-title>
          {deal.deal_name}
        </h3>
        <span className="shrink-0 rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold text-slate-700 tabular-nums" title="Probability" data-probability="title">
          {formatProbability(deal.probability)}
        </span>
      </div>
      <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-600">
        <Building2 className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
        <span className="truncate">{deal.company_name}</span>
      </p>
      <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-600">
        <User className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
        <span className="truncate">{deal.contact?.name}</span>
      </p>
      {showLocation && (
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-600">
          <MapPin className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">{deal.location_name}</span>
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="text-sm font-semibold text-slate-900 tabular-nums" title="Offered price (monthly)">
          {formatCurrency(deal.offered_price)}
          <span className="text-xs font-normal text-slate-500">/mo</span>
        </span>
        {/* Shown instead of the chip beside the title in the compact density (density.css). */}
        <span className="hidden rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold text-slate-700 tabular-nums" title="Probability" data-probability="figures">
          {formatProbability(deal.probability)}
        </span>
        {deal.signature_status !== 'not_sent' && <SignatureBadge status={deal.signature_status} className="text-[11px]" />}
        {stale !== null && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-1.5 py-0.5 text-[11px] font-medium text-amber-800 ring-1 ring-amber-200 ring-inset" data-stale={stale}>
            <Clock className="h-3 w-3" aria-hidden />
            stale {stale} days
          </span>
        )}
      </div>
      {deal.signed_by && (
        <p className="mt-1.5 flex items-center gap-1.5 text-xs text-emerald-800" data-testid="deal-signed-by">
          <PenLine className="h-3.5 w-3.5 shrink-0" aria-hidden />
          <span className="truncate">Signed by {deal.signed_by}</span>
        </p>
      )}
      <NeedsAttention deal={deal} className="mt-2 text-[11px]" />
      {/* A signed deal's own line names the signer: the signing process's changes (no user) need no "someone else". */}
      <UpdatedBy touch={touch} className="mt-1.5" unnamed={deal.signed_by ? 'hide' : undefined} />
    </>
  );
}

/** The avatar of the colleague dragging this card right now, and where it is heading. */
function HeldBy({ drag, stage }: { drag: OtherDrag; stage: DealStage }) {
  const heading = drag.stage !== stage ? DEAL_STAGE_LABELS[drag.stage] : null;
  const words = `${drag.name} is moving this deal${heading ? ` to ${heading}` : ''}`;
  return (
    <span className="absolute -top-2 -left-2 flex items-center gap-1" title={words} data-testid="held-by">
      <Avatar name={drag.name} id={drag.user_id} className="h-6 w-6 text-[10px] shadow" />
      {heading && (
        <span aria-hidden className="rounded-full bg-violet-700 px-1.5 py-0.5 text-[10px] font-semibold text-white shadow">
          → {heading}
        </span>
      )}
      <span className="sr-only">{words}</span>
    </span>
  );
}

const CARD = 'relative rounded-lg border bg-white shadow-sm';
const ACTIVATOR = 'block w-full rounded-lg p-3 text-left outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1';

/** What dnd-kit gives the card's activator (its handle): the same objects while the drag state does not change. */
interface Handle {
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  attributes: ReturnType<typeof useSortable>['attributes'];
  listeners: ReturnType<typeof useSortable>['listeners'];
  isDragging: boolean;
}

/**
 * One deal in its column. Open deals are sortable (mouse, touch, keyboard) for users who may
 * change stages; Enter or a click opens the deal; the menu beside it has the card's actions.
 * Signed and lost deals look locked and cannot be picked up.
 *
 * Two layers: this one follows dnd-kit (its column's sortable context changes whenever a card
 * enters or leaves the column, re-rendering every card of it), and renders only the card's frame;
 * what the card shows is DealCardFace, memoised on the deal and the drag handle, so a move into
 * or out of a column renders the frames of its cards, not their contents.
 */
export const DealCard = memo(function DealCard({ deal, showLocation, movable, canMove, canEdit, now, heldBy, onOpen, onEdit, onMoveTo }: DealCardProps) {
  const closed = isClosedStage(deal.stage);
  const sortable = useSortable({ id: deal.id, data: { stage: deal.stage }, disabled: !movable });
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = sortable;
  const style = { transform: CSS.Translate.toString(transform), transition };
  const handle = useMemo(() => ({ setActivatorNodeRef, attributes, listeners, isDragging }), [setActivatorNodeRef, attributes, listeners, isDragging]);
  // What changed since the chosen instant, or how a past card differs from now (history/).
  const mark = useDealMark(deal.id);
  return (
    <div
      ref={setNodeRef}
      style={style}
      className={cn(
        CARD,
        'group',
        movable ? 'border-slate-200 hover:border-slate-300 hover:shadow' : 'border-slate-200',
        closed && 'border-slate-200 bg-slate-50/80 text-slate-600',
        isDragging && 'z-10 opacity-60 ring-2 ring-brand-500',
        heldBy && !isDragging && 'border-dashed border-violet-400 ring-2 ring-violet-200',
        !heldBy && !isDragging && markedRing(mark),
      )}
      data-marked={mark?.kind}
      data-held-by={heldBy?.name}
    >
      <DealCardFace deal={deal} showLocation={showLocation} movable={movable} canMove={canMove} canEdit={canEdit} now={now} heldBy={heldBy} onOpen={onOpen} onEdit={onEdit} onMoveTo={onMoveTo} handle={handle} />
    </div>
  );
});

/** Everything inside the card's frame. */
const DealCardFace = memo(function DealCardFace({ deal, showLocation, movable, canMove, canEdit, now, heldBy, onOpen, onEdit, onMoveTo, handle }: DealCardProps & { handle: Handle }) {
  // Its own "Updated by" mark: a push re-renders the card it touched, not its whole column.
  const touch = useRowTouch('deals', deal.id);
  const { setActivatorNodeRef, listeners, isDragging } = handle;
  // dnd-kit marks a card it cannot drag aria-disabled; it still opens, so it is not disabled.
  const { 'aria-disabled': _notDisabled, ...attributes } = handle.attributes;

  // Only keys pressed on the card itself drive the drag (not ones bubbling from inside it).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && !isDragging) {
      event.preventDefault();
      onOpen(deal);
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  const body: ReactNode = <DealCardBody deal={deal} showLocation={showLocation} movable={movable} now={now} touch={touch} />;
  return (
    <>
      <LiveAccent touch={touch} className="rounded-lg" />
      <div
        ref={setActivatorNodeRef}
        {...attributes}
        {...(movable ? listeners : {})}
        onKeyDown={onKeyDown}
        role="button"
        tabIndex={0}
        aria-roledescription={movable ? 'draggable deal' : 'deal'}
        // No aria-label: the card is named by what it shows ("Closed" first when it is), so the
        // name always contains the visible text.
        onClick={() => onOpen(deal)}
        data-deal-id={deal.id}
        data-deal-name={deal.deal_name}
        data-stage={deal.stage}
        data-testid="deal-card"
        className={cn(ACTIVATOR, movable ? 'cursor-grab touch-manipulation' : 'cursor-pointer')}
      >
        {body}
        <HistoryMark id={deal.id} />
      </div>
      {/* The tick box takes the grip's place (hover, focus, or while anything is ticked), so the card keeps its width. */}
      <SelectBox id={deal.id} name={deal.deal_name} className="absolute top-3.5 left-2 bg-white" revealClassName="opacity-0 group-hover:opacity-100 focus-visible:opacity-100" />
      {heldBy && <HeldBy drag={heldBy} stage={deal.stage} />}
      <div className="absolute top-2 right-1.5">
        <DealCardMenu deal={deal} canEdit={canEdit} canMove={canMove} onOpen={onOpen} onEdit={onEdit} onMoveTo={onMoveTo} />
      </div>
    </>
  );
});
