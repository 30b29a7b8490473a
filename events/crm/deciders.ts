import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { changedFields, existing, type Aggregate, type Decider } from '../decider';
import { conflict } from '../store/errors';
import { withoutPreviousCompany } from '../previousCompany';
import { CompanyEventSchemas, ContactEventSchemas, type CompanyData, type CompanyEvent, type ContactData, type ContactEvent } from './events';

/**
 * CRM contacts and companies. A deal creates or links its contact and company in its own
 * transaction; the CRM screens create, edit and delete them. Neither belongs to a location:
 * everyone signed in sees them, so their events go to everyone.
 */
export const CONTACT_NOT_FOUND = 'Contact not found';
export const COMPANY_NOT_FOUND = 'Company not found';

type ContactFields = Omit<ContactData, 'id'>;
type CompanyFields = Omit<CompanyData, 'id'>;

export type ContactCommand =
  | { type: 'CreateContact'; data: ContactData }
  | { type: 'EditContact'; changes: Partial<ContactFields> }
  | { type: 'DeleteContact' };
/** The contact as it stands; null before it exists or once deleted. */
export type ContactState = ContactData | null;

export type CompanyCommand = { type: 'CreateCompany'; data: CompanyData } | { type: 'EditCompany'; changes: Partial<CompanyFields> } | { type: 'DeleteCompany' };
export type CompanyState = CompanyData | null;


export const contactDecider: Decider<ContactCommand, ContactState, ContactEvent> = {
  initialState: null,
  decide(command, state) {
    switch (command.type) {
      case 'CreateContact':
        if (state) throw conflict('Contact already exists');
        return [{ type: 'ContactCreated', data: command.data }];
      case 'EditContact': {
        const contact = existing(state, CONTACT_NOT_FOUND);
        const changes = changedFields<ContactFields>(command.changes, contact);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'ContactEdited', data: changes }];
      }
      case 'DeleteContact':
        return [{ type: 'ContactDeleted', data: { company_id: existing(state, CONTACT_NOT_FOUND).company_id } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ContactCreated':
        return event.data;
      case 'ContactEdited':
        return state ? { ...state, ...withoutPreviousCompany(event.data) } : state;
      case 'ContactDeleted':
        return null;
    }
  },
};

export const companyDecider: Decider<CompanyCommand, CompanyState, CompanyEvent> = {
  initialState: null,
  decide(command, state) {
    switch (command.type) {
      case 'CreateCompany':
        if (state) throw conflict('Company already exists');
        return [{ type: 'CompanyCreated', data: command.data }];
      case 'EditCompany': {
        const changes = changedFields<CompanyFields>(command.changes, existing(state, COMPANY_NOT_FOUND));
        return Object.keys(changes).length === 0 ? [] : [{ type: 'CompanyEdited', data: changes }];
      }
      case 'DeleteCompany':
        existing(state, COMPANY_NOT_FOUND);
        return [{ type: 'CompanyDeleted', data: {} }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CompanyCreated':
        return event.data;
      case 'CompanyEdited':
        return state ? { ...state, ...event.data } : state;
      case 'CompanyDeleted':
        return null;
    }
  },
};

export const contactAggregate: Aggregate<ContactCommand, ContactState, ContactEvent> = {
  streamType: 'contact',
  streamId: (id) => `contact-${id}`,
  decider: contactDecider,
  eventSchemas: ContactEventSchemas,
  scope: eventScope(VISIBILITY.contacts),
};

export const companyAggregate: Aggregate<CompanyCommand, CompanyState, CompanyEvent> = {
  streamType: 'company',
  streamId: (id) => `company-${id}`,
  decider: companyDecider,
  eventSchemas: CompanyEventSchemas,
  scope: eventScope(VISIBILITY.companies),
};
