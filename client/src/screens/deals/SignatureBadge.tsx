import { FileSignature } from 'lucide-react';
import { SIGNATURE_STATUS_LABELS, type SignatureStatus } from '@shared/domain/agreement';
import { Badge, type BadgeTone } from '../../components/ui/Badge';

const TONE: Record<SignatureStatus, BadgeTone> = { not_sent: 'grey', sent: 'amber', viewed: 'blue', signed: 'green' };

/** The deal's signature status (sent, viewed, signed), as the pushed row has it. */
export function SignatureBadge({ status, className }: { status: SignatureStatus; className?: string }) {
  return (
    <Badge tone={TONE[status]} className={className} data-signature-status={status} title="Signature">
      <FileSignature className="mr-1 h-3 w-3" aria-hidden />
      {SIGNATURE_STATUS_LABELS[status]}
    </Badge>
  );
}
