import { useMemo } from 'react';
import { may } from '@shared/policy';
import type { Deal } from '@shared/schemas/deals';
import { useUser } from '../../auth/session';
import { rowsOf } from '../../live/collection';
import { locationsAtom } from '../../shell/locationAtoms';
import { appStore, useAtomValue } from '../../state/jotai';
import { dealsAtom } from './atoms';
import { columnsOf } from './boardModel';
import { DealDetailDialog } from './DealDetailDialog';
import { AddDealDialog, EditDealDialog } from './DealFormDialogs';
import { useDealMoves } from './useDealMoves';

export type DealDialog = { kind: 'detail' | 'edit'; id: string } | { kind: 'add' } | null;

/** The deals page's dialogs: detail (from a card or row), edit, add. */
export function DealDialogs({ dialog, setDialog, locationId }: { dialog: DealDialog; setDialog: (d: DealDialog) => void; locationId: string | null }) {
  const user = useUser();
  const collection = useAtomValue(dealsAtom);
  const locationsCollection = useAtomValue(locationsAtom);
  const locations = useMemo(() => rowsOf(locationsCollection).sort((a, b) => a.name.localeCompare(b.name)), [locationsCollection]);
  const { move } = useDealMoves();
  const close = () => setDialog(null);
  const deal = dialog && dialog.kind !== 'add' ? (collection.byId[dialog.id] ?? null) : null;

  // The dialog's stage select puts the deal at the top of its new column.
  const moveTo = (target: Deal, stage: Deal['stage']) => {
    const top = columnsOf(rowsOf(appStore.get(dealsAtom)).filter((d) => !locationId || d.location_id === locationId))[stage].filter((id) => id !== target.id)[0] ?? null;
    void move(target, { stage, before_id: null, after_id: top });
  };

  if (dialog?.kind === 'add' && may(user, 'deal.create')) {
    return <AddDealDialog locations={locations} defaultLocationId={locationId ?? ''} onClose={close} onCreated={(d) => setDialog({ kind: 'detail', id: d.id })} />;
  }
  if (!deal) return null;
  if (dialog?.kind === 'edit' && may(user, 'deal.update')) return <EditDealDialog key={deal.id} deal={deal} onClose={close} />;
  return (
    <DealDetailDialog
      deal={deal}
      canEdit={may(user, 'deal.update')}
      canMove={may(user, 'deal.changeStage')}
      onEdit={() => setDialog({ kind: 'edit', id: deal.id })}
      onMove={(stage) => moveTo(deal, stage)}
      onClose={close}
    />
  );
}
