import { useEffect, useState } from 'react';
import { Download, FilePlus2, Send } from 'lucide-react';
import { toast } from 'sonner';
import { isClosedStage } from '@shared/domain/deals';
import { may } from '@shared/policy';
import type { AgreementVersion } from '@shared/schemas/agreements';
import type { Deal } from '@shared/schemas/deals';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { reasonOf } from '../../lib/errorText';
import { saveFile } from '../../lib/saveFile';
import { agreementNextStep, canGenerateAt } from './agreementNextStep';
import { SignatureBadge } from './SignatureBadge';
import { useAgreementActions } from './useAgreementActions';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Every agreement version of the deal, reloaded whenever the deal's row moves on (a new version bumps it). */
function useAgreementVersions(dealId: string, version: number) {
  const [state, setState] = useState<{ versions: AgreementVersion[] | null; error: unknown }>({ versions: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    endpoints.dealAgreements(dealId).then(
      (versions) => live && setState({ versions, error: null }),
      (error: unknown) => live && setState((s) => ({ versions: s.versions, error })),
    );
    return () => {
      live = false;
    };
  }, [dealId, version, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The deal profile's agreement card: the signature status (live, from the pushed row), Generate
 * Agreement / Send for Signature as the stage and the policy allow, and every version generated,
 * each with who made it and when, downloadable.
 */
export function AgreementPanel({ deal }: { deal: Deal }) {
  const user = useUser();
  const actions = useAgreementActions();
  const { versions, error, retry } = useAgreementVersions(deal.id, deal.version);
  const open = !isClosedStage(deal.stage) && deal.signature_status !== 'signed';
  const mayGenerate = may(user, 'deal.agreement', [deal.location_id]);
  const canGenerate = open && canGenerateAt(deal.stage) && mayGenerate;
  const hasAgreement = (versions?.length ?? 0) > 0;
  const canSend = open && deal.stage === 'agreement_sent' && hasAgreement && may(user, 'deal.signature', [deal.location_id]);
  // What is left to do before Generate works; only for those who may generate.
  const nextStep = mayGenerate ? agreementNextStep(deal) : null;
  const busy = actions.busy === deal.id;

  const download = async (v: AgreementVersion) => {
    try {
      saveFile(await endpoints.agreementPdf(deal.id, v.agreement_version), v.file_name);
    } catch (e) {
      toast.error(`Failed to download version ${v.agreement_version}`, { description: reasonOf(e) });
    }
  };

  return (
    <Card className="space-y-4 p-5" data-testid="agreement-panel">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold text-slate-900">Agreement and signature</h2>
        <SignatureBadge status={deal.signature_status} />
        <div className="ml-auto flex flex-wrap gap-2">
          {canGenerate && (
            <Button variant="secondary" size="sm" disabled={busy || nextStep !== null} onClick={() => void actions.generate(deal)}>
              <FilePlus2 className="h-4 w-4" aria-hidden /> {hasAgreement ? 'Generate New Version' : 'Generate Agreement'}
            </Button>
          )}
          {canSend && (
            <Button size="sm" disabled={busy} onClick={() => void actions.send(deal)}>
              <Send className="h-4 w-4" aria-hidden /> {deal.signature_status === 'not_sent' ? 'Send for Signature' : 'Send a New Signing Link'}
            </Button>
          )}
        </div>
      </div>
      {nextStep && (
        <p className="text-sm text-amber-800" data-testid="agreement-next-step">
          {nextStep}.
        </p>
      )}
      {error !== null && !versions ? (
        <LoadFailed compact title="Failed to load the agreement versions" error={error} onRetry={retry} />
      ) : versions === null ? (
        <p className="text-sm text-slate-500">Loading agreements...</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-slate-600">No agreement generated yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" aria-label="Agreement versions">
          {versions.map((v) => (
            <li key={v.agreement_version} className="flex flex-wrap items-center gap-3 px-3 py-2" data-agreement-version={v.agreement_version}>
              <span className="font-medium text-slate-900">Version {v.agreement_version}</span>
              {v.current && <span className="text-xs text-slate-500">(current)</span>}
              <span className="text-slate-600">
                {when(v.generated_at)} · {v.generated_by ?? 'A former user'}
              </span>
              <Button variant="ghost" size="sm" className="ml-auto" onClick={() => void download(v)} aria-label={`Download agreement version ${v.agreement_version}`}>
                <Download className="h-4 w-4" aria-hidden /> PDF
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
