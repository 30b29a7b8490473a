import { companyAggregate, contactAggregate } from './crm/deciders';
import { dealAggregate } from './deal/decider';
import type { Aggregate } from './decider';
import { gmailAggregate } from './gmail/decider';
import { locationAggregate } from './location/decider';
import { memberAggregate } from './member/decider';
import { officeAggregate } from './office/decider';
import { resourceAggregate } from './resource/decider';
import { settingsAggregate } from './settings/decider';
import { slackConfigAggregate, slackWorkflowsAggregate } from './slack/decider';
import { taskAggregate } from './task/decider';
import { bookingAggregate } from './booking/decider';
import { templateAggregate } from './template/decider';
import { userAggregate } from './user/decider';
import type { NewEvent } from './store/types';

/**
 * Every kind of stream in the log, by its stream type: what reads a row's history folds its
 * events with the same decider the commands use, so a default set at creation or a field an event
 * implies (a lease makes an office LEASED) is known exactly as the command handler knew it.
 */
export const AGGREGATES: Readonly<Record<string, Aggregate<unknown, unknown, NewEvent>>> = Object.fromEntries(
  [
    officeAggregate,
    memberAggregate,
    dealAggregate,
    contactAggregate,
    companyAggregate,
    locationAggregate,
    userAggregate,
    templateAggregate,
    taskAggregate,
    resourceAggregate,
    settingsAggregate,
    gmailAggregate,
    slackConfigAggregate,
    slackWorkflowsAggregate,
    bookingAggregate,
    // Each aggregate has its own command, state and event types, and a reader of the log knows a
    // stream's events only by the stream's type: the table holds them at the widest, and a
    // stream's events are only ever folded by the aggregate that wrote them.
  ].map((aggregate) => [aggregate.streamType, aggregate as unknown as Aggregate<unknown, unknown, NewEvent>]),
);
