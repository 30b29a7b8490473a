import type { Known } from '@shared/activity';
import type { DealState } from '../../events/deal/decider';
import type { GmailState } from '../../events/gmail/decider';
import type { MemberState } from '../../events/member/decider';
import type { OfficeState } from '../../events/office/decider';
import type { SettingsState } from '../../events/settings/decider';
import type { SlackConfigState, SlackWorkflowsState } from '../../events/slack/decider';
import type { TaskState } from '../../events/task/decider';
import type { BookingState } from '../../events/booking/decider';

type Fields = (state: never) => Known;

/**
 * The fields of a row its events set without carrying them, read from the row's state after each
 * event: the defaults of its creation (a new office is VACANT, a new task pending) and what an
 * event implies (a company assigned makes an office LEASED; one unassigned leaves it VACANT, with
 * no tenant), and for the one-of-a-kind streams the defaults they start from before any event
 * (the settings' default time off, Slack off). Secrets stay out (a sealed key is never a field
 * here). Kinds not named here carry every field they change in their events' data.
 */
const IMPLIED: Record<string, Fields> = {
  office: (office: NonNullable<OfficeState>) => ({
    status: office.status,
    member_id: office.member_id,
    ...office.lease,
    // The tenant's name is in the assigning event only; no company, no tenant.
    ...(office.member_id === null && { tenant: null }),
  }),
  task: (task: NonNullable<TaskState>) => ({ status: task.status }),
  booking: (booking: NonNullable<BookingState>) => ({ status: booking.status }),
  member: (member: NonNullable<MemberState>) => ({ office_id: member.office_id }),
  deal: (deal: NonNullable<DealState>) => ({ stage: deal.stage, probability: deal.probability }),
  settings: (settings: SettingsState) => ({ company_holidays: settings.company_holidays, vacation_days: settings.vacation_days }),
  gmail: (gmail: GmailState) => ({ gmail_address: gmail.gmail_address }),
  slack_config: (slack: SlackConfigState) => ({ masked_url: slack.masked_url, enabled: slack.enabled }),
  slack_workflows: (slack: SlackWorkflowsState) => ({ workflow_rules: slack.workflow_rules }),
};

/** What the row's state says of the fields its events leave unsaid (nothing once it is gone). */
export function impliedFields(streamType: string, state: unknown): Known {
  const fields = IMPLIED[streamType];
  return fields && state ? fields(state as never) : {};
}
