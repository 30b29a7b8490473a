import Router from '@koa/router';
import type { Context } from 'koa';
import { SIGNING_MESSAGES } from '@shared/domain/agreement';
import { SignAgreementInput, SigningReceipt, SigningSummary, SigningTokenParams } from '@shared/schemas/agreements';
import type { CommandContext } from '../../../events/handleCommand';
import { dealAggregate } from '../../../events/deal/decider';
import type { LinkUse } from '../../../events/deal/signing';
import { agreementTermsOf } from '../agreementDocuments';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../httpError';
import { correlationOf } from '../../middleware/correlation';
import { validate } from '../../middleware/validate';
import { openContent } from '../../resources/contents';
import type { SigningClaims } from '../signingLinks';
import { signingThrottle } from '../signingThrottle';

/** The signer is nobody signed in: their events are the system's, with what they typed in the data. */
const signerContext = (ctx: Context, now: Date): CommandContext => ({ userId: 'system', now, correlationId: correlationOf(ctx) });

/**
 * The public signing routes (no sign-in: the link's token is the capability), throttled per
 * address. Each answers only what the agreement itself says. A token that does not verify is a
 * 400; an expired one, or one whose request was replaced or already signed, a 410; nothing changes.
 */
export function signingRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { sql, handle, signingLinks } = deps;
  const throttle = signingThrottle(deps.limits);

  async function claimsOf(token: string): Promise<SigningClaims> {
    const verified = await signingLinks.verify(token);
    if (verified.ok) return verified.claims;
    throw verified.reason === 'expired' ? new HttpError(410, SIGNING_MESSAGES.expired) : new HttpError(400, SIGNING_MESSAGES.invalid);
  }

  const useOf = (ctx: Context, claims: SigningClaims, now: Date): LinkUse => ({
    token_id: claims.token_id,
    sha256: claims.sha256,
    // ctx.ip follows TRUST_PROXY (the Koa app's `proxy`), as sign-in throttling does.
    ip: ctx.ip,
    user_agent: (ctx.get('user-agent') || 'unknown').slice(0, 512),
    at: now.toISOString(),
  });

  /** Opening the link: records the view (once per link) if the link is still good, else refuses. */
  async function open(ctx: Context, token: string) {
    const claims = await claimsOf(token);
    const now = new Date();
    await handle(dealAggregate, claims.deal_id, { type: 'ViewSignature', ...useOf(ctx, claims, now) }, signerContext(ctx, now));
    return claims;
  }

  router.get(
    '/signing/:token',
    throttle,
    validate({ params: SigningTokenParams, response: SigningSummary, errors: [410, 429] }, async (ctx, { params: { token } }) => {
      const claims = await open(ctx, token);
      const terms = await agreementTermsOf(sql, claims.sha256);
      if (!terms) throw new HttpError(410, SIGNING_MESSAGES.superseded);
      const summary: SigningSummary = {
        terms,
        document_sha256: claims.sha256,
        expires_at: claims.expires_at.toISOString(),
        pdf_url: `/api/signing/${token}/pdf`,
      };
      ctx.body = summary;
    }),
  );

  router.get(
    '/signing/:token/pdf',
    throttle,
    validate({ params: SigningTokenParams, produces: ['application/pdf'], errors: [410, 429] }, async (ctx, { params: { token } }) => {
      const claims = await open(ctx, token);
      const [row] = await sql<{ size: number }[]>`SELECT size FROM agreement_documents WHERE sha256 = ${claims.sha256}`;
      const body = row ? await openContent(sql, claims.sha256, row.size) : null;
      if (!row || !body) throw new HttpError(410, SIGNING_MESSAGES.superseded);
      ctx.attachment('Membership Agreement.pdf', { type: 'inline' });
      ctx.type = 'application/pdf';
      ctx.length = row.size;
      ctx.body = body;
    }),
  );

  router.post(
    '/signing/:token',
    throttle,
    validate({ params: SigningTokenParams, body: SignAgreementInput, response: SigningReceipt, errors: [409, 410, 429] }, async (ctx, { params: { token }, body }) => {
      const claims = await claimsOf(token);
      const now = new Date();
      // Two submits queue on the deal's stream lock: the second finds it signed (410).
      const { events } = await handle(
        dealAggregate,
        claims.deal_id,
        { type: 'SignAgreement', signer_name: body.signer_name, ...useOf(ctx, claims, now) },
        signerContext(ctx, now),
      );
      const terms = await agreementTermsOf(sql, claims.sha256);
      const signed = events.find((e) => e.type === 'DealAgreementSigned')!.data as { signer_name: string; signed_at: string; document_sha256: string };
      const receipt: SigningReceipt = {
        signed: true,
        signer_name: signed.signer_name,
        signed_at: signed.signed_at,
        document_sha256: signed.document_sha256,
        deal_name: terms?.deal_name ?? '',
        company_name: terms?.company_name ?? '',
      };
      ctx.body = receipt;
    }),
  );

  return router;
}
