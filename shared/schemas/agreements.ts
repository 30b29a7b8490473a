import { z } from 'zod';
import { SIGNATURE_STATUSES, type SignatureStatus } from '../domain/agreement';
import { ExpectedVersion, IdParam, PG_INT_MAX } from './common';
import { answerText, str } from './strings';
import { Deal } from './deals';

/** POST /api/deals/{id}/agreement and /signature: only the version the caller saw, if any. */
export const GenerateAgreementInput = z.object({ version: ExpectedVersion }).strict();
export const RequestSignatureInput = z.object({ version: ExpectedVersion }).strict();

/** GET /api/deals/{id}/agreements/{version}: one version's PDF. */
export const AgreementVersionParams = IdParam.extend({
  version: z.coerce.number({ message: 'The agreement version must be a number' }).int({ message: 'The agreement version must be a whole number' }).min(1, { message: 'The agreement version must be at least 1' }).max(PG_INT_MAX, { message: `The agreement version must be at most ${PG_INT_MAX}` }),
}).strict();

/** The public signing routes: the link's token (a JWT; its checks are the server's). */
export const SigningTokenParams = z.object({ token: str('The signing link').min(1).max(2048, { message: 'This signing link is not valid' }) }).strict();

export const SIGNER_NAME_REQUIRED = 'Type your full name to sign';
export const ACCEPT_REQUIRED = 'Tick the box to accept the agreement';

/** POST /api/signing/{token}: the signer's typed name and an explicit acceptance. */
export const SignAgreementInput = z
  .object({
    signer_name: str('Your name', SIGNER_NAME_REQUIRED)
      .trim()
      .min(1, { message: SIGNER_NAME_REQUIRED })
      .max(120, { message: 'Your name must be at most 120 characters' }),
    accept: z.literal(true, { message: ACCEPT_REQUIRED }),
  })
  .strict();
export type SignAgreementInput = z.infer<typeof SignAgreementInput>;

/** One office of an agreement: its desks, marketed monthly rate and the share of the offered price. */
export interface AgreementOffice {
  office_number: string;
  desks: number;
  marketed_monthly: number;
  offered_monthly: number;
}

/** The terms an agreement PDF was drawn from, kept with it: the signing page shows exactly these. */
export interface AgreementTerms {
  agreement_version: number;
  generated_at: string;
  operator: { name: string };
  location: { name: string; address: string; city: string };
  deal_name: string;
  agreement_type: string;
  membership_type: string;
  company_name: string;
  contact: { name: string; email: string; phone: string | null; title: string | null };
  offices: AgreementOffice[];
  start_date: string;
  term_months: number | null;
  term_days: number | null;
  /** The last day before the term's end (start + term). */
  end_date: string;
  monthly_price: number;
  deal_value: number;
  notice_by: string | null;
}

/** A version of a deal's agreement (GET /api/deals/{id}/agreements, newest first). */
export interface AgreementVersion {
  agreement_version: number;
  file_name: string;
  size: number;
  sha256: string;
  generated_at: string;
  /** Who generated it (null: a user since removed). */
  generated_by: string | null;
  /** Serves the PDF to a signed-in user who may see the deal. */
  url: string;
  /** The newest version, the one a signing link is for. */
  current: boolean;
}

/** POST /api/deals/{id}/agreement; `deal` is the row as it now stands. */
export interface AgreementAnswer {
  success: true;
  agreement_url: string;
  agreement_version: number;
  deal: Deal;
}

/** POST /api/deals/{id}/signature: the link is answered to this caller only, never pushed or stored. */
export interface SignatureAnswer {
  success: true;
  signature_status: SignatureStatus;
  signing_url: string;
  expires_at: string;
  deal: Deal;
}

/** GET /api/signing/{token}: what the signer sees beside the PDF (nothing else of the deal). */
export interface SigningSummary {
  terms: AgreementTerms;
  document_sha256: string;
  expires_at: string;
  /** The PDF through the same token. */
  pdf_url: string;
}

/** POST /api/signing/{token} */
export interface SigningReceipt {
  signed: true;
  signer_name: string;
  signed_at: string;
  document_sha256: string;
  deal_name: string;
  company_name: string;
}

/** The OpenAPI document's schemas of the answers above (each checked against its type). */
const AgreementTermsSchema = z.object({
  agreement_version: z.number().int(),
  generated_at: answerText(),
  operator: z.object({ name: answerText() }),
  location: z.object({ name: answerText(), address: answerText(), city: answerText() }),
  deal_name: answerText(),
  agreement_type: answerText(),
  membership_type: answerText(),
  company_name: answerText(),
  contact: z.object({ name: answerText(), email: answerText(), phone: answerText().nullable(), title: answerText().nullable() }),
  offices: z.array(z.object({ office_number: answerText(), desks: z.number().int(), marketed_monthly: z.number(), offered_monthly: z.number() })),
  start_date: answerText(),
  term_months: z.number().int().nullable(),
  term_days: z.number().int().nullable(),
  end_date: answerText(),
  monthly_price: z.number(),
  deal_value: z.number(),
  notice_by: answerText().nullable(),
}) satisfies z.ZodType<AgreementTerms>;

export const AgreementVersion = z.object({
  agreement_version: z.number().int(),
  file_name: answerText(),
  size: z.number().int(),
  sha256: answerText(),
  generated_at: answerText(),
  generated_by: answerText().nullable(),
  url: answerText(),
  current: z.boolean(),
}) satisfies z.ZodType<AgreementVersion>;

export const AgreementAnswer = z.object({
  success: z.literal(true),
  agreement_url: answerText(),
  agreement_version: z.number().int(),
  deal: Deal,
}) satisfies z.ZodType<AgreementAnswer>;

export const SignatureAnswer = z.object({
  success: z.literal(true),
  signature_status: z.enum(SIGNATURE_STATUSES),
  signing_url: answerText(),
  expires_at: answerText(),
  deal: Deal,
}) satisfies z.ZodType<SignatureAnswer>;

export const SigningSummary = z.object({
  terms: AgreementTermsSchema,
  document_sha256: answerText(),
  expires_at: answerText(),
  pdf_url: answerText(),
}) satisfies z.ZodType<SigningSummary>;

export const SigningReceipt = z.object({
  signed: z.literal(true),
  signer_name: answerText(),
  signed_at: answerText(),
  document_sha256: answerText(),
  deal_name: answerText(),
  company_name: answerText(),
}) satisfies z.ZodType<SigningReceipt>;
