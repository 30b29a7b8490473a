import type { Aggregate, Decider } from '../decider';
import { conflict } from '../store/errors';
import { CompanyEventSchemas, ContactEventSchemas, type CompanyCreated, type CompanyEvent, type ContactCreated, type ContactEvent } from './events';

/**
 * CRM contacts and companies. A deal creates or links its contact and company in its own
 * transaction, so the CRM screens find real rows; editing them comes with the CRM screens.
 * Neither belongs to a location: their events are scoped to no location (administrators).
 */
export type ContactCommand = { type: 'CreateContact'; data: ContactCreated['data'] };
export type ContactState = ContactCreated['data'] | null;
export type CompanyCommand = { type: 'CreateCompany'; data: CompanyCreated['data'] };
export type CompanyState = CompanyCreated['data'] | null;

export const contactDecider: Decider<ContactCommand, ContactState, ContactEvent> = {
  initialState: null,
  decide(command, state) {
    if (state) throw conflict('Contact already exists');
    return [{ type: 'ContactCreated', data: command.data }];
  },
  evolve: (_state, event) => event.data,
};

export const companyDecider: Decider<CompanyCommand, CompanyState, CompanyEvent> = {
  initialState: null,
  decide(command, state) {
    if (state) throw conflict('Company already exists');
    return [{ type: 'CompanyCreated', data: command.data }];
  },
  evolve: (_state, event) => event.data,
};

export const contactAggregate: Aggregate<ContactCommand, ContactState, ContactEvent> = {
  streamType: 'contact',
  streamId: (id) => `contact-${id}`,
  decider: contactDecider,
  eventSchemas: ContactEventSchemas,
  scope: () => ({ locations: [] }),
};

export const companyAggregate: Aggregate<CompanyCommand, CompanyState, CompanyEvent> = {
  streamType: 'company',
  streamId: (id) => `company-${id}`,
  decider: companyDecider,
  eventSchemas: CompanyEventSchemas,
  scope: () => ({ locations: [] }),
};
