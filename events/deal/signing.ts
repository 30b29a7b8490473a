import { AGREEMENT_REGENERATED, AGREEMENT_SIGNED, NO_AGREEMENT, SIGNING_MESSAGES, agreementTermsRefusal } from '@shared/domain/agreement';
import { isClosedStage } from '@shared/domain/deals';
import { DomainError, conflict, gone } from '../store/errors';
import type { DealAgreementGenerated, DealAgreementSigned, DealSignatureRequested, DealSignatureViewed } from './events';

/**
 * The agreement and signature part of a deal's state: the latest agreement, the one open signing
 * request (a newer agreement or request replaces it), and whether it was signed.
 */
export interface SigningState {
  agreement: { version: number; sha256: string } | null;
  request: { token_id: string; agreement_version: number; sha256: string; expires_at: string; viewed: boolean } | null;
  signed: { token_id: string; agreement_version: number } | null;
}

export const NO_SIGNING: SigningState = { agreement: null, request: null, signed: null };

export type SigningEvent = DealAgreementGenerated | DealSignatureRequested | DealSignatureViewed | DealAgreementSigned;

/** What the link's verified token says, and who opened it from where. */
export interface LinkUse {
  token_id: string;
  /** The agreement hash the token was bound to. */
  sha256: string;
  ip: string;
  user_agent: string;
  /** The time of the use: the link's expiry is checked against it. */
  at: string;
}

export type SigningCommand =
  | { type: 'GenerateAgreement'; agreement_version: number; sha256: string; size: number; file_name: string; actor_id: string; above: string | null; below: string | null }
  | { type: 'RequestSignature'; token_id: string; expires_at: string }
  | ({ type: 'ViewSignature' } & LinkUse)
  | ({ type: 'SignAgreement'; signer_name: string } & LinkUse);

/** The deal as the signing rules read it. */
interface DealView {
  stage: Parameters<typeof isClosedStage>[0];
  office_ids: readonly string[];
  start_date: string | null;
  term_months: number | null;
  term_days: number | null;
  signing: SigningState;
}

export const DEAL_CLOSED = 'This deal is closed';

/** Refuses what a deal that is closed, signed or without its terms cannot take. */
export function assertAgreementPossible(deal: DealView): void {
  if (isClosedStage(deal.stage)) throw conflict(DEAL_CLOSED);
  if (deal.signing.signed) throw conflict(AGREEMENT_SIGNED);
  const missing = agreementTermsRefusal(deal);
  if (missing) throw new DomainError(400, missing);
}

/**
 * The open request the link names, unless the link can no longer be used: signed (410), a newer
 * agreement or request replaced it (410), expired (410), or the deal closed (410). A link is
 * single-use: once its agreement is signed it answers 'already signed' for good.
 */
export function usableRequest(deal: DealView, use: LinkUse): NonNullable<SigningState['request']> {
  if (deal.signing.signed) throw gone(SIGNING_MESSAGES.signed);
  const request = deal.signing.request;
  if (!request || request.token_id !== use.token_id || request.sha256 !== use.sha256) throw gone(SIGNING_MESSAGES.superseded);
  if (Date.parse(use.at) >= Date.parse(request.expires_at)) throw gone(SIGNING_MESSAGES.expired);
  if (isClosedStage(deal.stage)) throw gone(SIGNING_MESSAGES.closed);
  return request;
}

/** The agreement events of a command (GenerateAgreement's move is the caller's). */
export function decideSigning(command: Exclude<SigningCommand, { type: 'GenerateAgreement' }>, deal: DealView): SigningEvent[] {
  switch (command.type) {
    case 'RequestSignature': {
      if (isClosedStage(deal.stage)) throw conflict(DEAL_CLOSED);
      if (deal.signing.signed) throw conflict(AGREEMENT_SIGNED);
      const agreement = deal.signing.agreement;
      if (!agreement) throw conflict(NO_AGREEMENT);
      return [
        {
          type: 'DealSignatureRequested',
          data: { token_id: command.token_id, agreement_version: agreement.version, sha256: agreement.sha256, expires_at: command.expires_at },
        },
      ];
    }
    case 'ViewSignature': {
      const request = usableRequest(deal, command);
      // Once per link: reloading the page adds nothing to the log.
      if (request.viewed) return [];
      return [{ type: 'DealSignatureViewed', data: { token_id: command.token_id, ip: command.ip, user_agent: command.user_agent } }];
    }
    case 'SignAgreement': {
      const request = usableRequest(deal, command);
      return [
        {
          type: 'DealAgreementSigned',
          data: {
            token_id: request.token_id,
            agreement_version: request.agreement_version,
            document_sha256: request.sha256,
            signer_name: command.signer_name,
            signed_at: command.at,
            ip: command.ip,
            user_agent: command.user_agent,
          },
        },
      ];
    }
  }
}

/** The agreement event of GenerateAgreement: the next version, or a 409 when another was made meanwhile. */
export function agreementGenerated(command: Extract<SigningCommand, { type: 'GenerateAgreement' }>, deal: DealView): DealAgreementGenerated {
  assertAgreementPossible(deal);
  if (command.agreement_version !== (deal.signing.agreement?.version ?? 0) + 1) throw conflict(AGREEMENT_REGENERATED);
  const { agreement_version, sha256, size, file_name } = command;
  return { type: 'DealAgreementGenerated', data: { agreement_version, sha256, size, file_name } };
}

export function evolveSigning(signing: SigningState, event: SigningEvent): SigningState {
  switch (event.type) {
    case 'DealAgreementGenerated':
      // A new version replaces the open signing request: its link no longer signs anything.
      return { ...signing, agreement: { version: event.data.agreement_version, sha256: event.data.sha256 }, request: null };
    case 'DealSignatureRequested': {
      const { token_id, agreement_version, sha256, expires_at } = event.data;
      return { ...signing, request: { token_id, agreement_version, sha256, expires_at, viewed: false } };
    }
    case 'DealSignatureViewed':
      return signing.request?.token_id === event.data.token_id ? { ...signing, request: { ...signing.request, viewed: true } } : signing;
    case 'DealAgreementSigned':
      return { ...signing, signed: { token_id: event.data.token_id, agreement_version: event.data.agreement_version } };
  }
}
