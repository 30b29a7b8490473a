import type { Member, MemberOffice } from '@shared/schemas/members';

/**
 * Every office leased to the company, its own first (a signed deal may lease it several). A row
 * written optimistically before the server's answer may carry only its own office.
 */
export function officesOf(member: Member): MemberOffice[] {
  if (member.offices?.length) return member.offices;
  return member.office_id ? [{ id: member.office_id, office_number: member.office_number ?? '' }] : [];
}

/** 'Office 302', or 'Offices 302, 305' for a company leasing several. */
export function officesLabel(offices: MemberOffice[]): string {
  const numbers = offices.map((o) => o.office_number).join(', ');
  return offices.length === 1 ? `Office ${numbers}` : `Offices ${numbers}`;
}
