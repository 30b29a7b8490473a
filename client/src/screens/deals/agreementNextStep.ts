import { agreementTermsRefusal, missingAgreementTerms, type AgreementTermsNeeded, type SignatureStatus } from '@shared/domain/agreement';
import { DEAL_STAGE_LABELS, isClosedStage, type DealStage } from '@shared/domain/deals';

/** The stages whose deals offer Generate Agreement: Tour Completed, and Agreement Sent for a new version. */
export const AGREEMENT_STAGES: readonly DealStage[] = ['tour_completed', 'agreement_sent'];
export const canGenerateAt = (stage: DealStage) => AGREEMENT_STAGES.includes(stage);

const listOf = (words: string[]) => (words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`);

/**
 * What the agreement panel tells a deal that cannot have its agreement generated yet, or null when
 * it can (or never will: signed or closed). At Tour Completed or later it is the server's own
 * refusal naming the missing terms; before that, the move to Tour Completed first, with the same
 * terms named, so the words never promise what the server would refuse.
 */
export function agreementNextStep(deal: AgreementTermsNeeded & { stage: DealStage; signature_status: SignatureStatus }): string | null {
  if (isClosedStage(deal.stage) || deal.signature_status === 'signed') return null;
  if (canGenerateAt(deal.stage)) return agreementTermsRefusal(deal);
  const move = `Move the deal to ${DEAL_STAGE_LABELS.tour_completed}`;
  const missing = missingAgreementTerms(deal).map((m) => m.words);
  return missing.length === 0 ? `${move} to generate the agreement` : `${move} and add ${listOf(missing)} to generate the agreement`;
}
