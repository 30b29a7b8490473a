import Router from '@koa/router';
import { z } from 'zod';
import type { Middleware } from 'koa';
import { agreementTermsRefusal, missingAgreementTerms } from '@shared/domain/agreement';
import { isClosedStage } from '@shared/domain/deals';
import { AgreementAnswer, AgreementVersion, AgreementVersionParams, GenerateAgreementInput, RequestSignatureInput, SignatureAnswer } from '@shared/schemas/agreements';
import { IdParam } from '@shared/schemas/common';
import type { Deal } from '@shared/schemas/deals';
import { DEAL_CLOSED, DEAL_NOT_FOUND, dealAggregate } from '../../../events/deal/decider';
import { conflict } from '../../../events/store/errors';
import type { Tx } from '../../../events/store/types';
import { columnAround, getDeal } from '../../../projections/deals/queries';
import { agreementPdf } from '../agreementPdf';
import { agreementUrl, agreementVersions, latestAgreementVersion, storeAgreement } from '../agreementDocuments';
import { readAgreementTerms } from '../agreementTerms';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../httpError';
import { validate } from '../../middleware/validate';
import { actorOf, permit } from '../../policies';
import { sendStoredFile } from '../../resources/sendStoredFile';
import { newTokenId } from '../signingLinks';
import { commandContext } from '../../routes/context';
import { visible } from '../../routes/guards';

/** The per-stream lock handleCommand takes (events/handleCommand.ts): held here before the deal is read for its PDF. */
const lockDeal = (tx: Tx, id: string) => tx`SELECT pg_advisory_xact_lock(7340003, hashtext(${`deal-${id}`}))`;

const fileNameOf = (deal: Deal, version: number) => `Membership Agreement - ${deal.deal_name.replace(/[\\/:*?"<>|]+/g, '-')} - v${version}.pdf`;

/**
 * A deal's membership agreement (a PDF rendered by the server, kept in PostgreSQL, every version
 * listed and served) and its sending for signature (a link answered to the sender only).
 */
export function agreementRoutes(deps: AppDeps, auth: Middleware): Router {
  const router = new Router();
  const { sql, handle, signingLinks } = deps;
  const read = (id: string) => ({ read: (tx: Tx) => getDeal(tx, id) });

  router.post(
    '/deals/:id/agreement',
    auth,
    permit('deal.agreement'),
    validate({ params: IdParam, body: GenerateAgreementInput, response: AgreementAnswer }, async (ctx, { params: { id }, body }) => {
      const context = commandContext(ctx);
      const { result, version } = await handle.transaction(async (run, tx) => {
        // The deal cannot change between reading it for the PDF and the command that records it.
        await lockDeal(tx, id);
        const deal = visible(actorOf(ctx), 'deals', await getDeal(tx, id), DEAL_NOT_FOUND);
        // Refused before anything is drawn; the decider checks the same rules again.
        if (isClosedStage(deal.stage)) throw conflict(DEAL_CLOSED);
        const missing = agreementTermsRefusal(deal);
        if (missing) throw new HttpError(400, missing, missingAgreementTerms(deal).map((m) => ({ field: m.field, message: missing })));
        const version = (await latestAgreementVersion(tx, id)) + 1;
        const terms = await readAgreementTerms(tx, deal, version, context.now);
        const { sha256, size } = await storeAgreement(tx, await agreementPdf(terms), terms);
        // Moved to Agreement Sent, on top of its column like a new card.
        const [first] = await columnAround(tx, 'agreement_sent', id, null, null);
        const command = { type: 'GenerateAgreement' as const, agreement_version: version, sha256, size, file_name: fileNameOf(deal, version), actor_id: context.userId, above: null, below: first?.rank ?? null };
        const result = await run(dealAggregate, id, command, context, { expectedVersion: body.version, ...read(id) });
        return { result, version };
      });
      const answer: AgreementAnswer = { success: true, agreement_url: agreementUrl(id, version), agreement_version: version, deal: result.view! };
      ctx.body = answer;
    }),
  );

  router.get(
    '/deals/:id/agreements',
    auth,
    validate({ params: IdParam, response: z.array(AgreementVersion) }, async (ctx, { params: { id } }) => {
      visible(actorOf(ctx), 'deals', await getDeal(sql, id), DEAL_NOT_FOUND);
      ctx.body = await agreementVersions(sql, id);
    }),
  );

  router.get(
    '/deals/:id/agreements/:version',
    auth,
    validate({ params: AgreementVersionParams, produces: ['application/pdf'] }, async (ctx, { params: { id, version } }) => {
      visible(actorOf(ctx), 'deals', await getDeal(sql, id), DEAL_NOT_FOUND);
      const agreement = (await agreementVersions(sql, id)).find((v) => v.agreement_version === version);
      if (!agreement) throw new HttpError(404, 'Agreement not found');
      const file = { sha256: agreement.sha256, size: agreement.size, fileName: agreement.file_name, contentType: 'application/pdf', inline: true };
      await sendStoredFile(ctx, sql, file, `the agreement ${agreement.sha256} of deal ${id} is missing`);
    }),
  );

  router.post(
    '/deals/:id/signature',
    auth,
    permit('deal.signature'),
    validate({ params: IdParam, body: RequestSignatureInput, response: SignatureAnswer }, async (ctx, { params: { id }, body }) => {
      const context = commandContext(ctx);
      const tokenId = newTokenId();
      const expires = signingLinks.expiry(context.now);
      const { state, view } = await handle(dealAggregate, id, { type: 'RequestSignature', token_id: tokenId, expires_at: expires.toISOString() }, context, { expectedVersion: body.version, ...read(id) });
      const request = state!.signing.request!;
      // The link is a bearer capability: it is answered here, to its sender, and nowhere else
      // (the event keeps only its token id; the pushed row only the status).
      const token = await signingLinks.mint({ deal_id: id, token_id: tokenId, agreement_version: request.agreement_version, sha256: request.sha256, expires_at: expires });
      const answer: SignatureAnswer = {
        success: true,
        signature_status: view!.signature_status,
        // The address the caller reached us at (X-Forwarded-Proto / -Host only behind a trusted proxy).
        signing_url: signingLinks.pageUrl(token, `${ctx.protocol}://${ctx.host}`),
        expires_at: request.expires_at,
        deal: view!,
      };
      ctx.body = answer;
    }),
  );

  return router;
}
