import type { ConcurrencyError } from '../../events/store/errors';
import type { Db } from '../../events/store/types';
import { userNames } from '../../projections/users/queries';
import type { ErrorBody } from '@shared/schemas/common';

const NOUNS: Record<string, string> = {
  office: 'office',
  member: 'member company',
  location: 'location',
  user: 'user',
  deal: 'deal',
  template: 'template',
  task: 'task',
  contact: 'contact',
  company: 'company',
  gmail: 'Gmail connection',
  placement: 'office on the floor plan',
  floor_background: 'floor plan background',
};

/** Field names as people say them. */
const LABELS: Record<string, string> = {
  marketed_rates: 'marketed rates',
  signed_rate: 'signed rate',
  term_months: 'lease term',
  start_date: 'lease start',
  end_date: 'lease end',
  office_number: 'office number',
  location_id: 'location',
  member_id: 'member company',
  company_name: 'company name',
  primary_contact: 'primary contact',
  membership_type: 'membership type',
  contact: 'contacts',
  contact_id: 'contacts',
  employee: 'employees',
  employees: 'employees',
  office_id: 'office',
  previous_office_id: 'office',
  // A move on the deal board, within a column or across: its stage, as people say it.
  stage: 'stage',
  from_stage: 'stage',
  rank: 'stage',
  from_rank: 'stage',
  moved_by: 'stage',
  deal_name: 'deal name',
  offered_price: 'offered price',
  office_ids: 'offices',
  term_days: 'term',
  // Tasks: a status change records where it came from; both are its status.
  from_status: 'status',
  assigned_to: 'assignee',
  due_date: 'due date',
  // Users: a new password is recorded as its hash.
  password_hash: 'password',
  primary_location: 'primary location',
  // A box on a floor plan.
  x: 'position',
  y: 'position',
  width: 'size',
  height: 'size',
};

/**
 * A stale version's 409, naming who changed the row and what: "Dana Admin changed this office
 * (marketed rates) since you opened it. Reload to see the change."
 */
export async function describeConflict(db: Db, error: ConcurrencyError): Promise<ErrorBody> {
  const since = error.since;
  if (!since) return { message: error.message };
  const by = (await userNames(db, [since.user_id])).get(since.user_id) ?? null;
  const noun = NOUNS[error.streamId.slice(0, error.streamId.indexOf('-'))] ?? 'record';
  const fields = [...new Set(since.fields.map((f) => LABELS[f] ?? f.replace(/_/g, ' ')))];
  const what = fields.length > 0 ? ` (${fields.join(', ')})` : '';
  return {
    message: `${by ?? 'Someone else'} changed this ${noun}${what} since you opened it. Reload to see the change.`,
    conflict: { by, at: since.at, fields: since.fields, version: since.version },
  };
}
