/**
 * Agreement and signature rules both ends use: which terms an agreement needs, the signature
 * statuses a deal shows, and the messages a signing link answers when it can no longer be used.
 */

/** The terms a membership agreement cannot be drawn without. */
export interface AgreementTermsNeeded {
  office_ids: readonly string[];
  start_date: string | null;
  term_months: number | null;
  term_days: number | null;
}

/** The terms missing for an agreement, as the refusal names them (empty: it can be generated). */
export function missingAgreementTerms(deal: AgreementTermsNeeded): { field: string; words: string }[] {
  const missing: { field: string; words: string }[] = [];
  if (deal.office_ids.length === 0) missing.push({ field: 'office_ids', words: 'an office' });
  if (!deal.start_date) missing.push({ field: 'start_date', words: 'a start date' });
  if (!(deal.term_months ?? 0) && !(deal.term_days ?? 0)) missing.push({ field: 'term_months', words: 'a term' });
  return missing;
}

/** 'Add a start date and a term before generating the agreement', or null when nothing is missing. */
export function agreementTermsRefusal(deal: AgreementTermsNeeded): string | null {
  return refusal(missingAgreementTerms(deal), 'generating the agreement');
}

/**
 * 'Add a start date and a term before signing the deal', or null: a deal moved to Agreement
 * Signed by hand leases its offices from its start date for its term (lease end = start + term),
 * so a deal with offices needs both; one without offices only makes its company a member.
 */
export function signingTermsRefusal(deal: AgreementTermsNeeded): string | null {
  if (deal.office_ids.length === 0) return null;
  return refusal(missingAgreementTerms(deal), 'signing the deal');
}

function refusal(missing: { words: string }[], before: string): string | null {
  const words = missing.map((m) => m.words);
  if (words.length === 0) return null;
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
  return `Add ${list} before ${before}`;
}

export const SIGNATURE_STATUSES = ['not_sent', 'sent', 'viewed', 'signed'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];
export const SIGNATURE_STATUS_LABELS: Record<SignatureStatus, string> = {
  not_sent: 'Not sent',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed',
};

/** Days a signing link stays valid unless SIGNING_LINK_TTL_DAYS says otherwise. */
export const DEFAULT_SIGNING_LINK_TTL_DAYS = 14;

/** What a signing link answers when it cannot be used (the API's message; the signing page shows it). */
export const SIGNING_MESSAGES = {
  /** 400: the token does not verify (altered, cut short, not one of ours). */
  invalid: 'This signing link is not valid. Check that you copied the whole link, or ask for a new one.',
  /** 410 */
  expired: 'This signing link has expired. Ask for a new one.',
  /** 410: a newer agreement or a newer signing link replaced this one. */
  superseded: 'This signing link has been replaced by a newer one. Use the latest link you were sent.',
  /** 410 */
  signed: 'This agreement has already been signed.',
  /** 410 */
  closed: 'This deal is closed and can no longer be signed.',
} as const;

export const NO_AGREEMENT = 'Generate the agreement before sending it for signature';
export const AGREEMENT_SIGNED = 'This agreement has already been signed';
export const AGREEMENT_REGENERATED = 'The agreement was generated again meanwhile. Try again.';
