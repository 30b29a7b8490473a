import { memo, useCallback, useMemo } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Lock } from 'lucide-react';
import { DEAL_STAGE_LABELS, isClosedStage, type DealStage } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import type { Drags } from '../../live/drags';
import { cn } from '../../lib/cn';
import { columnFigures } from './boardModel';
import { DealCard } from './DealCard';
import { formatCurrency } from './dealFormat';
import { STAGE_EDGE } from './dealUi';
import { COLUMN_SCROLL, VirtualCards } from './VirtualCards';

/** Columns longer than this render only the cards near their scroll position. */
const VIRTUAL_FROM = 40;

export const columnId = (stage: DealStage) => `column:${stage}`;

export interface DealColumnProps {
  stage: DealStage;
  /** Its deals in rank order: the same array while they do not change, so the column skips the render. */
  deals: readonly Deal[];
  showLocation: boolean;
  canMove: boolean;
  now: Date;
  /** Other people's drags right now, by deal id. */
  drags: Drags;
  canEdit: boolean;
  onOpen: (deal: Deal) => void;
  onEdit: (deal: Deal) => void;
  onMoveTo: (deal: Deal, stage: DealStage) => void;
  /** A card is being dragged over this column. */
  highlighted: boolean;
  /** The card this user holds, when it is in this column (kept rendered and in view). */
  held: { id: string; keyboard: boolean } | null;
}

/** One stage: its header figures (following every move) and its cards in rank order. */
export const DealColumn = memo(function DealColumn({ stage, deals, showLocation, canMove, canEdit, now, drags, onOpen, onEdit, onMoveTo, highlighted, held }: DealColumnProps) {
  const { setNodeRef } = useDroppable({ id: columnId(stage), data: { stage } });
  const headingId = `deal-column-${stage}`;
  const closed = isClosedStage(stage);
  const figures = useMemo(() => columnFigures(deals)[stage], [deals, stage]);
  const items = useMemo(() => deals.map((d) => d.id), [deals]);
  const renderCard = useCallback(
    (deal: Deal) => (
      <DealCard
        deal={deal}
        showLocation={showLocation}
        movable={canMove && !isClosedStage(deal.stage)}
        canMove={canMove}
        canEdit={canEdit}
        now={now}
        heldBy={drags[deal.id]}
        onOpen={onOpen}
        onEdit={onEdit}
        onMoveTo={onMoveTo}
      />
    ),
    [showLocation, canMove, canEdit, now, drags, onOpen, onEdit, onMoveTo],
  );
  return (
    <section
      aria-labelledby={headingId}
      data-testid="deal-column"
      data-stage={stage}
      className={cn(
        'flex w-64 shrink-0 snap-start flex-col rounded-xl border border-t-4 border-slate-200 bg-slate-100/70 sm:w-auto sm:min-w-56 sm:flex-1',
        STAGE_EDGE[stage],
        highlighted && 'bg-brand-50/70 ring-2 ring-brand-200',
      )}
    >
      <header className="border-b border-slate-200/80 px-3 pt-2.5 pb-2">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="flex min-w-0 items-center gap-1.5 text-sm leading-tight font-semibold text-slate-900">
            {DEAL_STAGE_LABELS[stage]}
            {closed && <Lock className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-label="closed" />}
          </h2>
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums ring-1 ring-slate-200" data-column-count aria-label={`${figures.count} deals`}>
            {figures.count}
          </span>
        </div>
        {/* Whole dollars: a header has room for the figure, not its cents. */}
        <dl className="mt-1 space-y-0.5 text-xs">
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-slate-600">Value</dt>
            <dd className="font-semibold text-slate-900 tabular-nums" data-column-value>
              {formatCurrency(Math.round(figures.value))}
            </dd>
          </div>
          {/* A closed column is settled: nothing in it is weighted. */}
          {!closed && (
            <div className="flex items-baseline justify-between gap-2" title="Value × probability">
              <dt className="text-slate-600">Weighted</dt>
              <dd className="text-slate-700 tabular-nums" data-column-weighted>
                {formatCurrency(Math.round(figures.weighted))}
              </dd>
            </div>
          )}
        </dl>
      </header>
      <SortableContext id={columnId(stage)} items={items} strategy={verticalListSortingStrategy}>
        <div ref={setNodeRef} className="flex min-h-28 flex-1 flex-col" role="list" aria-label={`${DEAL_STAGE_LABELS[stage]} deals`}>
          {deals.length === 0 ? (
            <p className="m-2 flex flex-1 items-center justify-center rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-500">
              {canMove ? 'No deals. Drop one here.' : 'No deals'}
            </p>
          ) : deals.length > VIRTUAL_FROM ? (
            <VirtualCards deals={deals} held={held} renderCard={renderCard} />
          ) : (
            <div className={cn(COLUMN_SCROLL, 'flex flex-col gap-2 p-2')} data-card-list>
              {deals.map((deal) => (
                <div role="listitem" key={deal.id} data-flip-id={deal.id}>
                  {renderCard(deal)}
                </div>
              ))}
            </div>
          )}
        </div>
      </SortableContext>
    </section>
  );
});
