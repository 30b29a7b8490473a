import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { leaseEndDate } from '@shared/domain/lease';
import type { OfficeStatus } from '@shared/schemas/offices';
import { conflict, invalid, notFound } from '../store/errors';
import { changedFields, existing, type Aggregate, type Decider } from '../decider';
import {
  OfficeEventSchemas,
  type OfficeContactData,
  type OfficeCreated,
  type OfficeDetailsEdited,
  type OfficeEvent,
  type OfficeLeaseSet,
  type OfficeRates,
} from './events';

export type OfficeProfile = Omit<OfficeCreated['data'], 'id' | 'marketed_rates'>;
export type OfficeDetails = Omit<OfficeCreated['data'], 'id'>;
/** A lease as the state holds it: term_days null when it has none (events leave it out then). */
export type Lease = Omit<OfficeLeaseSet['data'], 'term_days'> & { term_days: number | null };

/** Lease terms as a caller sends them: undefined keeps the current value, null clears it. */
export interface LeaseChanges {
  signed_rate?: number | null;
  term_months?: number | null;
  /** Days beyond the months (a signed deal's term); 0 or null: none. */
  term_days?: number | null;
  start_date?: string | null;
}

export type OfficeCommand =
  | { type: 'CreateOffice'; id: string; details: OfficeDetails }
  | {
      type: 'UpdateOffice';
      details?: Partial<OfficeProfile>;
      marketed_rates?: OfficeRates;
      lease?: LeaseChanges;
    }
  /**
   * `company_name`: the holder's name as the read model has it now (a member rename changes no
   * office event), for the refusal's wording; the tenant the office was assigned to otherwise.
   */
  | { type: 'ChangeOfficeStatus'; status: OfficeStatus; company_name?: string | null }
  | { type: 'AddOfficeContact'; contact: OfficeContactData }
  | { type: 'RemoveOfficeContact'; contact_id: string }
  /** `location_id` is the member company's: an office is leased only to a company of its location. */
  | { type: 'AssignCompany'; member_id: string; tenant: string; location_id: string }
  | { type: 'UnassignCompany'; member_id: string };

export type OfficeState =
  | (OfficeCreated['data'] & {
      status: OfficeStatus;
      lease: Lease;
      contacts: OfficeContactData[];
      member_id: string | null;
      /** The holder's name when it was assigned (null: no company). */
      tenant: string | null;
    })
  | null;

export const NO_LEASE: Lease = { signed_rate: null, term_months: null, term_days: null, start_date: null, end_date: null };

export const OFFICE_NOT_FOUND = 'Office not found';
export const OFFICE_TAKEN = 'Office is already assigned to another member company';
export const OFFICE_ELSEWHERE = "Office must be at the member company's location";
export const OFFICE_HELD_MOVE = 'Unassign the member company before moving the office to another location';
/** An office a company holds is its office: it cannot read VACANT until the company leaves it. */
export const officeHeldVacant = (officeNumber: string, company: string) =>
  `Office ${officeNumber} is assigned to ${company}: unassign the company before setting the office VACANT`;

/**
 * Flat records with equal fields, in any key order: events read back from the log come from
 * jsonb, which orders keys its own way, so comparing JSON text would see changes where none are.
 */
function same<T extends object>(a: T, b: T): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof T)[]);
  return [...keys].every((key) => a[key] === b[key]);
}

export const officeDecider: Decider<OfficeCommand, OfficeState, OfficeEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateOffice':
        if (state) throw conflict('Office already exists');
        return [{ type: 'OfficeCreated', data: { id: command.id, ...command.details } }];

      case 'UpdateOffice': {
        const office = existing(state, OFFICE_NOT_FOUND);
        const events: OfficeEvent[] = [];
        const details: OfficeDetailsEdited['data'] = changedFields<OfficeProfile>(command.details ?? {}, office);
        if (details.location_id !== undefined && office.member_id) throw conflict(OFFICE_HELD_MOVE);
        if (Object.keys(details).length > 0) events.push({ type: 'OfficeDetailsEdited', data: details });
        if (command.marketed_rates && !same(command.marketed_rates, office.marketed_rates)) {
          events.push({ type: 'OfficeRatesChanged', data: { marketed_rates: command.marketed_rates } });
        }
        if (command.lease) {
          const { signed_rate, term_months, term_days: days, start_date } = { ...office.lease, ...definedOnly(command.lease) };
          const term_days = days || null;
          const lease: Lease = { signed_rate, term_months, term_days, start_date, end_date: leaseEndDate(start_date, term_months, term_days) };
          if (!same(lease, office.lease)) {
            const { term_days: _days, ...data } = lease;
            events.push({ type: 'OfficeLeaseSet', data: term_days ? { ...data, term_days } : data });
          }
        }
        return events;
      }

      case 'ChangeOfficeStatus': {
        const office = existing(state, OFFICE_NOT_FOUND);
        if (office.status === command.status) return [];
        if (command.status === 'VACANT' && office.member_id) {
          throw conflict(officeHeldVacant(office.office_number, command.company_name || office.tenant || 'a member company'));
        }
        return [{ type: 'OfficeStatusChanged', data: { status: command.status } }];
      }

      case 'AddOfficeContact': {
        const office = existing(state, OFFICE_NOT_FOUND);
        if (office.contacts.some((c) => c.id === command.contact.id)) throw conflict('Contact already exists');
        return [{ type: 'OfficeContactAdded', data: { contact: command.contact } }];
      }

      case 'RemoveOfficeContact': {
        const office = existing(state, OFFICE_NOT_FOUND);
        if (!office.contacts.some((c) => c.id === command.contact_id)) throw notFound('Contact not found');
        return [{ type: 'OfficeContactRemoved', data: { contact_id: command.contact_id } }];
      }

      case 'AssignCompany': {
        const office = existing(state, OFFICE_NOT_FOUND);
        if (office.member_id && office.member_id !== command.member_id) throw conflict(OFFICE_TAKEN);
        if (office.location_id !== command.location_id) throw invalid(OFFICE_ELSEWHERE);
        if (office.member_id === command.member_id && office.status === 'LEASED') return [];
        return [{ type: 'OfficeCompanyAssigned', data: { member_id: command.member_id, tenant: command.tenant } }];
      }

      case 'UnassignCompany': {
        const office = existing(state, OFFICE_NOT_FOUND);
        // Only the company that holds the office can leave it; anything else is already done.
        if (office.member_id !== command.member_id) return [];
        return [{ type: 'OfficeCompanyUnassigned', data: { member_id: command.member_id } }];
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'OfficeCreated') {
      return { ...event.data, status: 'VACANT', lease: NO_LEASE, contacts: [], member_id: null, tenant: null };
    }
    if (!state) return state;
    switch (event.type) {
      case 'OfficeStatusChanged':
        return { ...state, status: event.data.status };
      case 'OfficeRatesChanged':
        return { ...state, marketed_rates: event.data.marketed_rates };
      case 'OfficeLeaseSet':
        return { ...state, lease: { ...event.data, term_days: event.data.term_days ?? null } };
      case 'OfficeDetailsEdited':
        return { ...state, ...event.data };
      case 'OfficeContactAdded': {
        const { contact } = event.data;
        const others = contact.is_primary ? state.contacts.map((c) => ({ ...c, is_primary: false })) : state.contacts;
        return { ...state, contacts: [...others, contact] };
      }
      case 'OfficeContactRemoved':
        return { ...state, contacts: state.contacts.filter((c) => c.id !== event.data.contact_id) };
      case 'OfficeCompanyAssigned':
        return { ...state, member_id: event.data.member_id, tenant: event.data.tenant, status: 'LEASED' };
      case 'OfficeCompanyUnassigned':
        return { ...state, member_id: null, tenant: null, status: 'VACANT' };
    }
  },
};

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const officeAggregate: Aggregate<OfficeCommand, OfficeState, OfficeEvent> = {
  streamType: 'office',
  streamId: (id) => `office-${id}`,
  decider: officeDecider,
  eventSchemas: OfficeEventSchemas,
  scope: eventScope(VISIBILITY.offices),
};
