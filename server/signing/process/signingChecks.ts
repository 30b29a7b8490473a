import type { OfficeStatus } from '@shared/schemas/offices';

/** An office of a signed deal as it stands when the signing process acts (null: no such office). */
export interface OfficeNow {
  id: string;
  office_number: string;
  location_id: string;
  status: OfficeStatus;
  member_id: string | null;
  /** The company named on the office (the read model's tenant). */
  tenant: string | null;
}

export interface SigningFacts {
  deal: { location_id: string; stage: string };
  /**
   * Whether the signed hash is an agreement generated for this deal, and its bytes are stored;
   * 'none' for a deal moved to Agreement Signed by hand (no document was signed on the page).
   */
  document: 'found' | 'unknown' | 'missing' | 'none';
  /** The deal's offices in its order; null where the office does not exist. */
  offices: (OfficeNow | null)[];
  /** The member company the offices go to, when it exists already. */
  memberId: string | null;
}

/**
 * Why a signed deal cannot lease its offices as it stands; empty when it can. The process checks
 * first and then acts, so a reason here means nothing but the deal's 'needs attention' changes:
 * never half a signing (some offices leased, others not).
 */
export function signingProblems(facts: SigningFacts): string[] {
  const problems: string[] = [];
  if (facts.deal.stage === 'close_lost') problems.push('The deal was closed as lost before it was signed');
  if (facts.document === 'unknown') problems.push('The signed document is not an agreement generated for this deal');
  if (facts.document === 'missing') problems.push("The signed agreement's file is missing");
  facts.offices.forEach((office, i) => {
    if (!office) {
      problems.push(`Office ${i + 1} of the deal no longer exists`);
      return;
    }
    const name = `Office ${office.office_number}`;
    if (office.location_id !== facts.deal.location_id) problems.push(`${name} has moved to another location`);
    else if (office.status === 'UNAVAILABLE') problems.push(`${name} is unavailable`);
    else if (office.member_id ? office.member_id !== facts.memberId : office.status === 'LEASED') {
      problems.push(office.tenant ? `${name} is leased to ${office.tenant}` : `${name} is leased`);
    }
  });
  return problems;
}
