import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { ActionDialog } from '../../components/ActionDialog';
import { Button } from '../../components/ui/Button';
import { copyText } from '../../lib/clipboard';
import { reasonOf } from '../../lib/errorText';
import { useAtom } from '../../state/jotai';
import { formatDate } from '../offices/officeUi';
import { signingLinkAtom } from './atoms';

/**
 * Right after Send for Signature: the link to give the signer, with 'Copy signing link'. The link
 * is shown only here, to its sender; closing the dialog forgets it (a new send makes a new link).
 */
export function SigningLinkDialog() {
  const [link, setLink] = useAtom(signingLinkAtom);
  const [copied, setCopied] = useState(false);
  if (!link) return null;
  const close = () => {
    setCopied(false);
    setLink(null);
  };
  const copy = async () => {
    try {
      await copyText(link.url);
      setCopied(true);
      toast.success('Signing link copied');
    } catch (error) {
      toast.error('Failed to copy the signing link', { description: reasonOf(error) });
    }
  };
  return (
    <ActionDialog title="Agreement sent for signature" description={link.deal_name} onClose={close} closeLabel="Done">
      <div className="space-y-3" data-testid="signing-link">
        <p className="text-sm text-slate-700">
          Send this link to the signer. Anyone with it can sign, so share it only with them. It works once and until {formatDate(link.expires_at)}; a new agreement or a
          new send replaces it.
        </p>
        <input readOnly value={link.url} aria-label="Signing link" className="w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700" onFocus={(e) => e.currentTarget.select()} />
        <Button onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />} Copy signing link
        </Button>
      </div>
    </ActionDialog>
  );
}
