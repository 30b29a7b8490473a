import { useState } from 'react';
import { toast } from 'sonner';
import { AlertTriangle, FileCheck2 } from 'lucide-react';
import type { Deal } from '@shared/schemas/deals';
import { may } from '@shared/policy';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { sendCommand } from '../../live/command';
import { reasonOf } from '../../lib/errorText';
import { saveFile } from '../../lib/saveFile';
import { formatDate } from '../offices/officeUi';
import { logFailure } from '../../lib/logFailure';

/**
 * Why the signing process could not lease the deal's offices: on the card, the detail and the
 * profile; with `retry` (not on the card, itself a button), "Try again" for those who may move deals.
 */
export function NeedsAttention({ deal, className, retry = false }: { deal: Deal; className?: string; retry?: boolean }) {
  if (!deal.attention_reason) return null;
  return (
    <div className={cn('flex items-start gap-1.5 rounded-md bg-red-50 px-2 py-1 text-xs text-red-800 ring-1 ring-red-200 ring-inset', className)}>
      <AlertTriangle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
      <p className="flex-1" data-testid="deal-attention">
        <span className="font-semibold">Needs attention:</span> {deal.attention_reason}
      </p>
      {retry && <TryAgain deal={deal} />}
    </div>
  );
}

/** Asks the signing process to act on the deal's signature again, once what stood in the way is fixed. */
function TryAgain({ deal }: { deal: Deal }) {
  const user = useUser();
  const [busy, setBusy] = useState(false);
  if (!may(user, 'deal.changeStage', [deal.location_id])) return null;
  const retry = async () => {
    setBusy(true);
    try {
      await sendCommand({ entity: 'deals', id: deal.id, version: deal.version, send: (meta) => endpoints.retrySigning(deal.id, meta) });
    } catch (error) {
      logFailure('Failed to try the signing again', error);
      toast.error(`Failed to try the signing again: ${reasonOf(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={retry} disabled={busy}>
      {busy ? 'Trying...' : 'Try again'}
    </Button>
  );
}

/** The executed agreement (the signed PDF with its audit page), downloaded with the user's token. */
export function ExecutedAgreement({ deal }: { deal: Deal }) {
  const [busy, setBusy] = useState(false);
  const copy = deal.executed_copy;
  if (!copy) return <p className="text-sm text-slate-600">No executed agreement yet.</p>;
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await endpoints.executedAgreement(deal.id);
      saveFile(blob, fileName ?? `Executed agreement - ${deal.deal_name}.pdf`);
    } catch (error) {
      logFailure('Failed to download the executed agreement', error);
      toast.error(`Failed to download the executed agreement: ${reasonOf(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid="executed-agreement">
      <span className="flex items-center gap-2 text-slate-700">
        <FileCheck2 className="h-4 w-4 text-emerald-600" aria-hidden />
        Executed agreement · signed copy with audit page · stored {formatDate(copy.stored_at)} · {Math.ceil(copy.size / 1024)} KB
      </span>
      <Button variant="secondary" size="sm" onClick={download} disabled={busy}>
        {busy ? 'Downloading...' : 'Download'}
      </Button>
    </div>
  );
}
