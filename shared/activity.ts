/**
 * The activity timeline's words: one line per event type, written once here, used by the
 * timeline of every profile (and later the dashboard and chat messages). Each line is built from
 * the event's data and what was known of its row just before it (its name, its stage).
 */
import { DEAL_STAGE_LABELS, type DealStage } from './domain/deals';
import { TASK_STATUS_LABELS, type TaskStatus } from './domain/tasks';

export type Known = Record<string, unknown>;

/** One changed field of an event, with its value before and after. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** An entry of GET /api/events. */
export interface ActivityEntry {
  position: number;
  type: string;
  at: string;
  user_name: string;
  entity: string;
  entity_id: string;
  summary: string;
  changes: FieldChange[];
}

/** Fields never shown, whatever event carries them: secrets, ordering keys, and bookkeeping of the event itself. */
export const HIDDEN_FIELDS = new Set(['id', 'password_hash', 'rank', 'actor_id', 'moved_by', 'from_stage', 'from_rank', 'from_status', 'previous_office_id', 'previous_company_id', 'ciphertext', 'sha256']);

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const stage = (value: unknown) => DEAL_STAGE_LABELS[value as DealStage] ?? String(value);
const taskStatus = (value: unknown) => TASK_STATUS_LABELS[value as TaskStatus] ?? String(value);
const fieldList = (data: Known) => {
  const names = Object.keys(data)
    .filter((k) => !HIDDEN_FIELDS.has(k))
    .map((k) => k.replace(/_/g, ' '));
  return names.length > 0 ? ` (${names.join(', ')})` : '';
};

/** What a row is called, from what is known of it. */
function nameOf(streamType: string, known: Known): string {
  switch (streamType) {
    case 'deal':
      return text(known.deal_name) ?? 'a deal';
    // A box on a floor plan (a placement) is named by its office.
    case 'office':
    case 'placement':
      return text(known.office_number) ? `office ${known.office_number as string}` : 'an office';
    case 'member':
      return text(known.company_name) ?? 'a member';
    case 'task':
      return text(known.title) ? `task ${known.title as string}` : 'a task';
    default:
      return text(known.name) ?? `a ${streamType}`;
  }
}

type Summary = (name: string, data: Known, before: Known) => string;

const SUMMARIES: Record<string, Summary> = {
  DealCreated: (name) => `created deal ${name}`,
  DealEdited: (name, data) => `edited deal ${name}${fieldList(data)}`,
  DealMoved: (name, data, before) => `moved ${name} from ${stage(before.stage)} to ${stage(data.stage)}`,
  DealMoveUndone: (name, data, before) => `moved ${name} back from ${stage(before.stage)} to ${stage(data.stage)}`,
  DealAgreementGenerated: (name, data) => `generated version ${String(data.agreement_version)} of the agreement for ${name}`,
  DealSignatureRequested: (name) => `sent the agreement for ${name} for signature`,
  DealSignatureViewed: (name) => `recorded that the signer opened the agreement for ${name}`,
  DealAgreementSigned: (name, data) => `recorded the signature of ${String(data.signer_name)} on the agreement for ${name}`,
  OfficeCreated: (name) => `added ${name}`,
  OfficeStatusChanged: (name, data, before) => `changed ${name} from ${String(before.status ?? 'no status')} to ${String(data.status)}`,
  OfficeRatesChanged: (name) => `changed the marketed rates of ${name}`,
  OfficeLeaseSet: (name) => `updated the lease of ${name}`,
  OfficeDetailsEdited: (name, data) => `edited ${name}${fieldList(data)}`,
  OfficeContactAdded: (name, data) => `added ${text((data.contact as Known | undefined)?.name) ?? 'a contact'} as a contact of ${name}`,
  OfficeContactRemoved: (name) => `removed a contact of ${name}`,
  OfficeCompanyAssigned: (name, data) => `assigned ${String(data.tenant)} to ${name}`,
  OfficeCompanyUnassigned: (name, _data, before) => `took ${text(before.tenant) ?? 'its company'} off ${name}`,
  MemberCreated: (name) => `added member ${name}`,
  MemberEdited: (name, data) => `edited member ${name}${fieldList(data)}`,
  MemberEmployeeAdded: (name, data) => `added ${text((data.employee as Known | undefined)?.name) ?? 'an employee'} to ${name}`,
  MemberOfficeAssigned: (name) => `gave ${name} an office`,
  MemberOfficeUnassigned: (name) => `took ${name} out of its office`,
  LocationCreated: (name) => `added location ${name}`,
  LocationUpdated: (name, data) => `edited location ${name}${fieldList(data)}`,
  UserRegistered: (name) => `added user ${name}`,
  UserUpdated: (name, data) => `edited user ${name}${fieldList(data)}`,
  UserPasswordChanged: (name) => `changed the password of ${name}`,
  UserDeleted: (name) => `removed user ${name}`,
  ContactCreated: (name) => `added contact ${name}`,
  ContactEdited: (name, data) => `edited contact ${name}${fieldList(data)}`,
  ContactDeleted: (name) => `deleted contact ${name}`,
  TaskCreated: (name) => `added ${name}`,
  TaskEdited: (name, data) => `edited ${name}${fieldList(data)}`,
  TaskStatusChanged: (name, data) => `moved ${name} from ${taskStatus(data.from_status)} to ${taskStatus(data.status)}`,
  TemplateCreated: (name) => `added template ${name}`,
  TemplateEdited: (name, data) => `edited template ${name}${fieldList(data)}`,
  TemplateDeleted: (name) => `deleted template ${name}`,
  CompanyCreated: (name) => `added company ${name}`,
  CompanyEdited: (name, data) => `edited company ${name}${fieldList(data)}`,
  CompanyDeleted: (name) => `deleted company ${name}`,
  ResourceUploaded: (name) => `uploaded document ${name}`,
  ResourceDeleted: (name) => `deleted document ${name}`,
  CrmApiKeySet: () => 'changed the CRM API key',
  CrmApiKeyCleared: () => 'removed the CRM API key',
  GmailConnected: (_name, data) => `connected Gmail (${String(data.gmail_address)})`,
  GmailDisconnected: () => 'disconnected Gmail',
  SlackWebhookSet: () => 'changed the Slack webhook URL',
  SlackEnabledChanged: (_name, data) => `switched Slack notifications ${data.enabled ? 'on' : 'off'}`,
  SlackWorkflowRulesSaved: (_name, data) => `saved the Slack workflow rules (${Array.isArray(data.workflow_rules) ? data.workflow_rules.length : 0})`,
  CompanyTimeOffChanged: (_name, data) => `set company time off to ${String(data.company_holidays)} holidays and ${String(data.vacation_days)} vacation days`,
  DealMarkedSigned: (name) => `marked ${name} as signed`,
  // The signing process (its user is the system).
  DealSigningCompleted: (name, data) => `leased the offices of ${name} (${Array.isArray(data.leases) ? data.leases.length : 0}) to its member company`,
  DealNeedsAttention: (name, data) => `could not complete the signing of ${name}: ${String(data.reason)}`,
  DealSigningRetried: (name) => `asked to try the signing of ${name} again`,
  DealExecutedCopyStored: (name) => `stored the executed agreement of ${name}`,
  // Floor plans: a box of an office (its stream is the office's placement) and a floor's image.
  OfficePlaced: (name, data, before) => `${before.placed ? 'moved' : 'placed'} ${name} on the floor ${String(data.floor)} plan`,
  OfficeUnplaced: (name, data) => `took ${name} off the floor ${String(data.floor)} plan${data.moved_to ? ', as it moved to another location' : ''}`,
  FloorBackgroundSet: (_name, data) => `set the background of the floor ${String(data.floor)} plan (${String(data.width)} × ${String(data.height)})`,
  FloorBackgroundRemoved: (_name, data) => `removed the background of the floor ${String(data.floor)} plan`,
};

/** "Dana Lee moved Acme Expansion from Tour Booked to Tour Completed". */
export function summarize(who: string, type: string, streamType: string, data: Known, before: Known): string {
  // Named as it stands after the event: a renamed row reads under its new name.
  const name = nameOf(streamType, { ...before, ...data });
  const line = SUMMARIES[type]?.(name, data, before) ?? `changed ${name} (${type})`;
  return `${who} ${line}`;
}

/** The fields `data` changes, old and new; a creation lists every field it sets. */
export function changesOf(data: Known, before: Known): FieldChange[] {
  return Object.entries(data)
    .filter(([field, to]) => !HIDDEN_FIELDS.has(field) && JSON.stringify(before[field] ?? null) !== JSON.stringify(to ?? null))
    .map(([field, to]) => ({ field, from: before[field] ?? null, to: to ?? null }));
}
