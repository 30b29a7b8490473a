import type { Office } from '@shared/schemas/offices';
import { stepsTo, type BulkStep } from '../../selection/bulkPlan';

/** The company holding an office (its member id), or null when none does. */
export type Holder = string | null;

/** Each ticked office to one member company, from whichever company held it (the Undo's way back). */
export const assignSteps = (offices: readonly Office[], memberId: string): BulkStep<Holder>[] =>
  stepsTo(offices.map((o) => ({ id: o.id, name: `Office ${o.office_number}`, from: o.member_id })), memberId);

/**
 * The one command a step sends, through the members' assign path: a company to lease the office
 * (keeping the office it has), or the company now holding it to leave it (Undo back to vacant).
 */
export type AssignCommand = { kind: 'lease'; memberId: string; officeId: string } | { kind: 'release'; memberId: string; officeId: string };

export function assignCommand({ row, to }: BulkStep<Holder>): AssignCommand {
  if (to !== null) return { kind: 'lease', memberId: to, officeId: row.id };
  if (row.from === null) throw new Error(`${row.name} has no company to release`);
  return { kind: 'release', memberId: row.from, officeId: row.id };
}
