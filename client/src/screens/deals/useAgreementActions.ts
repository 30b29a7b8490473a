import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { Deal } from '@shared/schemas/deals';
import { endpoints } from '../../api/endpoints';
import { sendCommand } from '../../live/command';
import { reasonOf } from '../../lib/errorText';
import { useSetAtom } from '../../state/jotai';
import { signingLinkAtom } from './atoms';

/**
 * Generate Agreement and Send for Signature, through the one command path: the deal row changes
 * at once (Agreement Sent; signature sent), the server's row replaces the guess, a refusal puts it
 * back and says why. The signing link from a send opens the link dialog.
 */
export function useAgreementActions() {
  const [busy, setBusy] = useState<string | null>(null);
  const showLink = useSetAtom(signingLinkAtom);

  const generate = useCallback(async (deal: Deal) => {
    setBusy(deal.id);
    try {
      let url = '';
      await sendCommand({
        entity: 'deals',
        id: deal.id,
        version: deal.version,
        optimistic: (row) => ({ ...row, stage: 'agreement_sent', signature_status: 'not_sent' }),
        send: async (meta) => {
          const answer = await endpoints.generateAgreement(deal.id, meta);
          url = answer.agreement_url;
          return answer.deal;
        },
      });
      toast.success(`Agreement generated for ${deal.deal_name}`, { description: url ? 'The deal moved to Agreement Sent.' : undefined });
      return true;
    } catch (error) {
      toast.error('Failed to generate agreement', { description: reasonOf(error) });
      return false;
    } finally {
      setBusy(null);
    }
  }, []);

  const send = useCallback(
    async (deal: Deal) => {
      setBusy(deal.id);
      try {
        let link: { url: string; expires_at: string } | null = null;
        await sendCommand({
          entity: 'deals',
          id: deal.id,
          version: deal.version,
          optimistic: (row) => ({ ...row, signature_status: 'sent' }),
          send: async (meta) => {
            const answer = await endpoints.requestSignature(deal.id, meta);
            link = { url: answer.signing_url, expires_at: answer.expires_at };
            return answer.deal;
          },
        });
        if (link) showLink({ deal_name: deal.deal_name, ...(link as { url: string; expires_at: string }) });
        return true;
      } catch (error) {
        toast.error('Failed to send for signature', { description: reasonOf(error) });
        return false;
      } finally {
        setBusy(null);
      }
    },
    [showLink],
  );

  return { generate, send, busy };
}
