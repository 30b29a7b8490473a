import { createHash, randomUUID } from 'node:crypto';
import { splitSignedRate } from '@shared/domain/leaseSplit';
import { companyAggregate } from '../../../events/crm/deciders';
import { SYSTEM, dealAggregate, type DealState, type SignedLease } from '../../../events/deal/decider';
import type { DealAgreementGenerated, DealAgreementSigned, DealMarkedSigned } from '../../../events/deal/events';
import { rankBetween } from '@shared/domain/rank';
import type { CommandContext, RunInTransaction } from '../../../events/handleCommand';
import { memberAggregate } from '../../../events/member/decider';
import { officeAggregate, type OfficeState } from '../../../events/office/decider';
import { readStream } from '../../../events/store/append';
import type { StoredEvent, Tx } from '../../../events/store/types';
import { companyName } from '../../../projections/crm/queries';
import { columnAround } from '../../../projections/deals/queries';
import { signedDealMember } from '../../../projections/deals/signingQueries';
import { getOffice } from '../../../projections/offices/queries';
import { entityId } from '../../../projections/engine/projection';
import { openContent, storeContent } from '../../resources/contents';
import type { LogProcess } from '../../processes/logProcess';
import { executedCopy } from './executedCopy';
import { signingProblems, type OfficeNow, type SigningFacts } from './signingChecks';

type Signed = StoredEvent<'DealAgreementSigned', DealAgreementSigned['data']>;
type Marked = StoredEvent<'DealMarkedSigned', DealMarkedSigned['data']>;
/** What the process acts on: a signature on the signing page, or a move to Agreement Signed by hand. */
type Signing = Signed | Marked;
type Deal = NonNullable<DealState>;

/** A member company the signing creates: the spec's member membership types are not the deal's. */
const NEW_MEMBERSHIP = 'Standard';

/**
 * What a signature does (RESOLUTIONS.md "Server-side effects of deal stages"), once per
 * DealAgreementSigned or DealMarkedSigned (a deal moved to Agreement Signed by hand: API.md, "by
 * any path ... the same signing process"; it has no document to check or copy), in the transaction that also moves the process's checkpoint: the deal
 * goes to agreement_signed, the member company is linked or created (and its CRM company becomes
 * a Member), each office is LEASED to it from the deal's start date for its term at its part of
 * the offered price, and the signed PDF with an audit page is stored as the executed copy.
 *
 * Check first, then act: every stream it will change is read under its lock (a command that
 * decides nothing), and if any office cannot be leased the deal only records why ('needs
 * attention'). A write that slips in between (another transaction taking an office) makes a
 * command refuse, the whole transaction roll back and the event be tried again, when the check
 * sees it.
 */
export const dealSigningProcess: LogProcess = {
  name: 'deal-signing',
  types: ['DealAgreementSigned', 'DealMarkedSigned', 'DealSigningRetried'],
  from: 'beginning',
  async act(event, run, tx) {
    if (event.type === 'DealAgreementSigned') return completeSigning(event as Signed, run, tx);
    // A mark by hand or "Try again": the deal's signature when it has one (its document is
    // checked and copied), else its latest mark, as if it had just been recorded.
    const earlier = (await readStream(tx, event.stream_id, 0)).filter((e) => e.version < event.version);
    const signed = earlier.filter((e) => e.type === 'DealAgreementSigned').pop();
    const marked = event.type === 'DealMarkedSigned' ? event : earlier.filter((e) => e.type === 'DealMarkedSigned').pop();
    const signing = (signed ?? marked) as Signing | undefined;
    if (signing) await completeSigning(signing, run, tx, event.metadata.correlation_id);
  },
};

async function completeSigning(event: Signing, run: RunInTransaction, tx: Tx, correlationId = event.metadata.correlation_id): Promise<void> {
  const dealId = entityId(event.stream_id);
  // The acting user is the system (no actor: no policy refusal), caused by the signature.
  const context: CommandContext = { userId: SYSTEM, now: new Date(), correlationId, causationId: String(event.position) };
  const deal = (await run(dealAggregate, dealId, { type: 'EditDeal', changes: {} }, context)).state!;

  const agreement = event.type === 'DealMarkedSigned' ? 'none' : await signedAgreement(tx, event);
  const copy = typeof agreement === 'string' ? null : await storeExecutedCopy(tx, deal, event as Signed, agreement);
  const storeCopy = async () => {
    if (copy) await run(dealAggregate, dealId, { type: 'StoreExecutedCopy', ...copy }, context);
  };
  // A deal signed again after its signing completed: its offices are leased already.
  if (deal.signed_member_id) return storeCopy();

  const memberId = await signedDealMember(tx, deal);
  if (memberId) await run(memberAggregate, memberId, { type: 'EditMember', changes: {} }, context);
  const offices: (OfficeNow | null)[] = [];
  const states: OfficeState[] = [];
  for (const officeId of deal.office_ids) {
    const row = await getOffice(tx, officeId);
    const state = row ? (await run(officeAggregate, officeId, { type: 'UpdateOffice' }, context)).state : null;
    states.push(state);
    offices.push(state && row ? { ...state, tenant: row.tenant } : null);
  }
  const facts: SigningFacts = { deal, document: typeof agreement === 'string' ? agreement : 'found', offices, memberId };
  const problems = signingProblems(facts);
  if (problems.length > 0) {
    await run(dealAggregate, dealId, { type: 'FlagAttention', reason: problems.join('; ') }, context);
    return storeCopy();
  }

  const member = memberId ?? (await createMember(run, deal, context));
  // A deal without a start date (only one signed on the page can lack it) starts on the day of signing.
  const signedOn = (event.type === 'DealMarkedSigned' ? event.metadata.at : event.data.signed_at).slice(0, 10);
  const leases = await leaseOffices(run, deal, member, states as NonNullable<OfficeState>[], signedOn, context);
  if (deal.company_id && (await companyName(tx, deal.company_id))) {
    await run(companyAggregate, deal.company_id, { type: 'EditCompany', changes: { status: 'Member' } }, context);
  }
  const [top] = await columnAround(tx, 'agreement_signed', dealId, null, null);
  await run(dealAggregate, dealId, { type: 'CompleteSigning', member_id: member, leases, rank: rankBetween(null, top?.rank ?? null) }, context);
  await storeCopy();
}

/**
 * The signed agreement's bytes: the one generated for this deal with the signed hash, read back
 * and checked against it. 'unknown': no agreement of this deal has that hash; 'missing': its
 * bytes are not (or no longer) stored as they were.
 */
async function signedAgreement(tx: Tx, event: Signed): Promise<Buffer | 'unknown' | 'missing'> {
  const generated = (await readStream(tx, event.stream_id))
    .filter((e): e is StoredEvent<'DealAgreementGenerated', DealAgreementGenerated['data']> => e.type === 'DealAgreementGenerated')
    .find((e) => e.data.sha256 === event.data.document_sha256);
  if (!generated) return 'unknown';
  const stream = await openContent(tx, generated.data.sha256, generated.data.size);
  if (!stream) return 'missing';
  const bytes = Buffer.concat((await stream.toArray()) as Buffer[]);
  return createHash('sha256').update(bytes).digest('hex') === generated.data.sha256 ? bytes : 'missing';
}

/** The executed copy (the agreement and its audit page), stored by its hash in this transaction. */
async function storeExecutedCopy(tx: Tx, deal: Deal, event: Signed, agreement: Buffer) {
  const { data } = event;
  const bytes = await executedCopy(agreement, {
    deal_name: deal.deal_name,
    company_name: deal.company_name,
    signer_name: data.signer_name,
    signed_at: data.signed_at,
    ip: data.ip,
    user_agent: data.user_agent,
    agreement_version: data.agreement_version,
    document_sha256: data.document_sha256,
    token_id: data.token_id,
    position: event.position,
    stream_version: event.version,
  });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await storeContent(tx, sha256, bytes);
  return { sha256, size: bytes.length };
}

/** A new member company at the deal's location, named and reached as the deal says. */
async function createMember(run: RunInTransaction, deal: Deal, context: CommandContext): Promise<string> {
  const id = randomUUID();
  const { name, email, phone } = deal.contact;
  const profile = { company_name: deal.company_name, location_id: deal.location_id, primary_contact: { name, email, phone }, membership_type: NEW_MEMBERSHIP } as const;
  await run(memberAggregate, id, { type: 'CreateMember', id, profile }, context);
  return id;
}

/**
 * Each office LEASED to the member from the deal's start date (the day of signing when the deal
 * has none) for its term in months and days (ending as its agreement says), at its part of
 * the offered price. The member's own office (a company names one) becomes the first of them
 * when it has none; a company that has one keeps it, and the others are its offices as well.
 */
async function leaseOffices(run: RunInTransaction, deal: Deal, memberId: string, offices: NonNullable<OfficeState>[], signedOn: string, context: CommandContext): Promise<SignedLease[]> {
  const rates = splitSignedRate(deal.offered_price, offices.map((office) => office.marketed_rates.monthly));
  const lease = {
    start_date: deal.start_date ?? signedOn,
    term_months: deal.term_months && deal.term_months >= 1 ? deal.term_months : null,
    // The days count too: the leases end on the agreement's date (start + months + days).
    term_days: deal.term_days && deal.term_days >= 1 ? deal.term_days : null,
  };
  const { state: member } = await run(memberAggregate, memberId, { type: 'EditMember', changes: {} }, context);
  const { company_name: tenant, location_id } = member!;
  const leases: SignedLease[] = [];
  for (const [i, office] of offices.entries()) {
    await run(officeAggregate, office.id, { type: 'AssignCompany', member_id: memberId, tenant, location_id }, context);
    await run(officeAggregate, office.id, { type: 'UpdateOffice', lease: { ...lease, signed_rate: rates[i]! } }, context);
    leases.push({ office_id: office.id, signed_rate: rates[i]! });
  }
  if (!member!.office_id && offices[0]) await run(memberAggregate, memberId, { type: 'AssignOffice', office_id: offices[0].id }, context);
  return leases;
}
