import { useLayoutEffect, useRef, useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowRight, Eye, FilePlus2, MoreHorizontal, Pencil, Send } from 'lucide-react';
import { DEAL_STAGE_LABELS, DEAL_STAGES, isClosedStage, type DealStage } from '@shared/domain/deals';
import { may } from '@shared/policy';
import type { Deal } from '@shared/schemas/deals';
import { useUser } from '../../auth/session';
import { useAgreementActions } from './useAgreementActions';

const itemClass = 'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

type DealCardMenuProps = { deal: Deal; canEdit: boolean; canMove: boolean; onOpen: (deal: Deal) => void; onEdit: (deal: Deal) => void; onMoveTo: (deal: Deal, stage: DealStage) => void };

const triggerClass = 'rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

/** How the menu was asked for before it existed: by a press (open it at once) or by focus (keep the focus on its button). */
type Wake = 'hover' | 'focus' | 'press';

/** The keys that open a menu from its button (Radix's own). */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A card's actions (spec: each card has them): open, edit, and move to any other stage, the
 * dropdown the spec describes, which is also the way to move a deal without dragging. Signed and
 * lost deals have no move items.
 *
 * A board mounts hundreds of cards, and a colleague's move mounts one more: until the pointer
 * comes near the button, or the focus reaches it, the card has only the button. The menu (Radix,
 * its providers and listeners) is set up then, before the press that opens it; a press or key
 * that comes first (a touch) opens it as it is set up.
 */
export function DealCardMenu(props: DealCardMenuProps) {
  const [wake, setWake] = useState<Wake | null>(null);
  if (wake) return <CardMenu {...props} wake={wake} />;
  const wakeBy = (how: Wake) => () => setWake(how);
  return (
    <button
      type="button"
      className={triggerClass}
      aria-label={`Actions for ${props.deal.deal_name}`}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={(event) => event.pointerType === 'mouse' && setWake('hover')}
      onPointerDown={(event) => event.button === 0 && !event.ctrlKey && setWake('press')}
      onFocus={wakeBy('focus')}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setWake('press');
      }}
    >
      <MoreHorizontal className="h-4 w-4" aria-hidden />
    </button>
  );
}

function CardMenu({ deal, canEdit, canMove, onOpen, onEdit, onMoveTo, wake }: DealCardMenuProps & { wake: Wake }) {
  const button = useRef<HTMLButtonElement>(null);
  // The button the focus was on has just been replaced by this one.
  useLayoutEffect(() => {
    if (wake === 'focus') button.current?.focus({ preventScroll: true });
  }, [wake]);
  return (
    <DropdownMenu.Root defaultOpen={wake === 'press'}>
      <DropdownMenu.Trigger asChild>
        <button ref={button} type="button" className={triggerClass} aria-label={`Actions for ${deal.deal_name}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <CardMenuItems deal={deal} canEdit={canEdit} canMove={canMove} onOpen={onOpen} onEdit={onEdit} onMoveTo={onMoveTo} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The items, rendered only while the menu is open. */
function CardMenuItems({ deal, canEdit, canMove, onOpen, onEdit, onMoveTo }: DealCardMenuProps) {
  const movable = canMove && !isClosedStage(deal.stage);
  const user = useUser();
  const agreement = useAgreementActions();
  // The spec's card actions: Generate Agreement in Tour Completed, Send for Signature once sent and not yet out.
  const canGenerate = deal.stage === 'tour_completed' && may(user, 'deal.agreement', [deal.location_id]);
  const canSend = deal.stage === 'agreement_sent' && deal.signature_status === 'not_sent' && may(user, 'deal.signature', [deal.location_id]);
  return (
    <>
      <DropdownMenu.Item className={itemClass} onSelect={() => onOpen(deal)}>
        <Eye className="h-4 w-4" aria-hidden /> Open
      </DropdownMenu.Item>
      {canEdit && (
        <DropdownMenu.Item className={itemClass} onSelect={() => onEdit(deal)}>
          <Pencil className="h-4 w-4" aria-hidden /> Edit
        </DropdownMenu.Item>
      )}
      {canGenerate && (
        <DropdownMenu.Item className={itemClass} disabled={agreement.busy === deal.id} onSelect={() => void agreement.generate(deal)}>
          <FilePlus2 className="h-4 w-4" aria-hidden /> Generate Agreement
        </DropdownMenu.Item>
      )}
      {canSend && (
        <DropdownMenu.Item className={itemClass} disabled={agreement.busy === deal.id} onSelect={() => void agreement.send(deal)}>
          <Send className="h-4 w-4" aria-hidden /> Send for Signature
        </DropdownMenu.Item>
      )}
      {movable && (
        <>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Label className="px-2.5 py-1 text-xs font-medium text-slate-500">Move to</DropdownMenu.Label>
          {DEAL_STAGES.filter((s) => s !== deal.stage).map((stage) => (
            <DropdownMenu.Item key={stage} className={itemClass} onSelect={() => onMoveTo(deal, stage)}>
              <ArrowRight className="h-4 w-4 text-slate-400" aria-hidden /> {DEAL_STAGE_LABELS[stage]}
            </DropdownMenu.Item>
          ))}
        </>
      )}
    </>
  );
}

/**
 * The detail dialog's "Move to" button: a menu rather than a select, so opening the dialog does
 * not put the focus on it, where an arrow key would move the deal.
 */
export function MoveToMenu({ deal, onMoveTo }: { deal: Deal; onMoveTo: (stage: DealStage) => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50">
          <ArrowRight className="h-4 w-4" aria-hidden /> Move to...
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          {DEAL_STAGES.filter((s) => s !== deal.stage).map((stage) => (
            <DropdownMenu.Item key={stage} className={itemClass} onSelect={() => onMoveTo(stage)}>
              {DEAL_STAGE_LABELS[stage]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
