import { z } from 'zod';
import { AGREEMENT_TYPES, DEAL_MEMBERSHIP_TYPES, DEAL_STAGES } from '@shared/domain/deals';

const Contact = z
  .object({ name: z.string().min(1), email: z.string().min(1), phone: z.string().nullable(), title: z.string().nullable() })
  .strict();

/** The terms of a deal a salesperson edits; the stage moves only through DealMoved. */
const DealTerms = {
  deal_name: z.string().min(1),
  company_id: z.uuid().nullable(),
  company_name: z.string().min(1),
  contact_id: z.uuid().nullable(),
  contact: Contact,
  agreement_type: z.enum(AGREEMENT_TYPES),
  membership_type: z.enum(DEAL_MEMBERSHIP_TYPES),
  location_id: z.uuid(),
  office_ids: z.array(z.uuid()),
  start_date: z.iso.date().nullable(),
  term_months: z.number().int().min(0).nullable(),
  term_days: z.number().int().min(0).nullable(),
  offered_price: z.number().min(0),
  /** The offices' average monthly marketed rate when the deal was written (null: no offices). */
  market_rate: z.number().min(0).nullable(),
  probability: z.number().int().min(0).max(100),
  notice_by: z.string().nullable(),
  notes: z.string().nullable(),
  source: z.string().nullable(),
  assigned_to: z.string().nullable(),
};

const Rank = z.string().min(1);

export const DealEventSchemas = {
  DealCreated: z.object({ id: z.uuid(), ...DealTerms, stage: z.enum(DEAL_STAGES), rank: Rank }).strict(),
  /** Only the terms that change. */
  DealEdited: z.object(DealTerms).partial().strict(),
  /** To a stage and a place in its column; `moved_by` (a user id) is who may undo it. */
  DealMoved: z
    .object({ from_stage: z.enum(DEAL_STAGES), from_rank: Rank, stage: z.enum(DEAL_STAGES), rank: Rank, moved_by: z.string().min(1) })
    .strict(),
  /** The last move taken back: the deal is where it was before it. */
  DealMoveUndone: z.object({ stage: z.enum(DEAL_STAGES), rank: Rank }).strict(),
  /** A membership agreement rendered for the deal: version n (1, 2, ...), its bytes stored by their SHA-256. */
  DealAgreementGenerated: z.object({ agreement_version: z.number().int().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(1), file_name: z.string().min(1) }).strict(),
  /** Sent for signature: the token's id (the link carries a signed token naming it), bound to that agreement version and hash. */
  DealSignatureRequested: z.object({ token_id: z.uuid(), agreement_version: z.number().int().min(1), sha256: z.string().regex(/^[0-9a-f]{64}$/), expires_at: z.iso.datetime() }).strict(),
  /** The signer opened the signing page. */
  DealSignatureViewed: z.object({ token_id: z.uuid(), ip: z.string(), user_agent: z.string() }).strict(),
  /** The signer accepted: who, when, from where, and the exact document. */
  DealAgreementSigned: z.object({ token_id: z.uuid(), agreement_version: z.number().int().min(1), document_sha256: z.string().regex(/^[0-9a-f]{64}$/), signer_name: z.string().min(1), signed_at: z.iso.datetime(), ip: z.string(), user_agent: z.string() }).strict(),
  /**
   * The signing process leased the deal's offices to its member company: each office with its
   * part of the offered price (shared/domain/leaseSplit.ts). Clears a 'needs attention' state.
   */
  DealSigningCompleted: z
    .object({ member_id: z.uuid(), leases: z.array(z.object({ office_id: z.uuid(), signed_rate: z.number().min(0) }).strict()) })
    .strict(),
  /** The signing process could not lease the offices (one leased to another company, ...): nothing else changed. */
  DealNeedsAttention: z.object({ reason: z.string().min(1) }).strict(),
  /**
   * A user moved the deal to agreement_signed by hand (a drag, the stage dropdown, the API): the
   * signing process acts on it as on a signature. `marked_by` is the user's id, `signer_name` the
   * name the deal shows as its signer.
   */
  DealMarkedSigned: z.object({ marked_by: z.string().min(1), signer_name: z.string().min(1) }).strict(),
  /** A user asks the signing process to try a signing that needs attention again (the office freed, ...). */
  DealSigningRetried: z.object({}).strict(),
  /** The signed agreement with its audit page appended, stored by its SHA-256 beside the log. */
  DealExecutedCopyStored: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(1) }).strict(),
};

type Ev<K extends keyof typeof DealEventSchemas> = { type: K; data: z.infer<(typeof DealEventSchemas)[K]> };

export type DealCreated = Ev<'DealCreated'>;
export type DealEdited = Ev<'DealEdited'>;
export type DealMoved = Ev<'DealMoved'>;
export type DealMoveUndone = Ev<'DealMoveUndone'>;
export type DealAgreementGenerated = Ev<'DealAgreementGenerated'>;
export type DealSignatureRequested = Ev<'DealSignatureRequested'>;
export type DealSignatureViewed = Ev<'DealSignatureViewed'>;
export type DealAgreementSigned = Ev<'DealAgreementSigned'>;
export type DealSigningCompleted = Ev<'DealSigningCompleted'>;
export type DealNeedsAttention = Ev<'DealNeedsAttention'>;
export type DealMarkedSigned = Ev<'DealMarkedSigned'>;
export type DealSigningRetried = Ev<'DealSigningRetried'>;
export type DealExecutedCopyStored = Ev<'DealExecutedCopyStored'>;
export type DealEvent =
  | DealCreated
  | DealEdited
  | DealMoved
  | DealMoveUndone
  | DealAgreementGenerated
  | DealSignatureRequested
  | DealSignatureViewed
  | DealAgreementSigned
  | DealSigningCompleted
  | DealNeedsAttention
  | DealMarkedSigned
  | DealSigningRetried
  | DealExecutedCopyStored;
export type DealTermsData = Omit<DealCreated['data'], 'id' | 'stage' | 'rank'>;
