import { describe, expect, it } from 'vitest';
import { fold } from '../../events/decider';
import {
  OFFICE_ELSEWHERE,
  OFFICE_HELD_MOVE,
  OFFICE_TAKEN,
  officeAggregate,
  officeHeldVacant,
  officeDecider,
  type OfficeDetails,
} from '../../events/office/decider';
import type { OfficeEvent } from '../../events/office/events';
import { createsOnce, fixedIds, specFor } from '../support/givenWhenThen';

const given = specFor(officeDecider);
const { id, loc, otherLoc, member, otherMember, c1, c2 } = fixedIds('id', 'loc', 'otherLoc', 'member', 'otherMember', 'c1', 'c2');
const details: OfficeDetails = {
  office_number: '301',
  location_id: loc,
  type: 'Private Office',
  desks: 4,
  floor: 3,
  windowed: true,
  marketed_rates: { monthly: 3000, six_month: 2850, twelve_month: 2700 },
};
const created: OfficeEvent = { type: 'OfficeCreated', data: { id, ...details } };
const assigned: OfficeEvent = { type: 'OfficeCompanyAssigned', data: { member_id: member, tenant: 'Acme' } };
const contact = (cid: string, is_primary: boolean) => ({ id: cid, name: 'Pat', email: 'pat@x.com', phone: null, role: null, is_primary });

describe('office decider', () => {
  createsOnce(given, 'an office', { type: 'CreateOffice', id, details }, created, 'Office already exists');
  it('starts VACANT with no lease, contacts or tenant', () => {
    expect(fold(officeDecider, [created])).toMatchObject({ status: 'VACANT', member_id: null, contacts: [], lease: { end_date: null } });
  });

  it('refuses every command on an unknown office with 404', () => {
    const commands = [
      { type: 'UpdateOffice', details: { desks: 2 } },
      { type: 'ChangeOfficeStatus', status: 'LEASED' },
      { type: 'AddOfficeContact', contact: contact(c1, false) },
      { type: 'RemoveOfficeContact', contact_id: c1 },
      { type: 'AssignCompany', member_id: member, tenant: 'Acme', location_id: loc },
      { type: 'UnassignCompany', member_id: member },
    ] as const;
    for (const command of commands) given([]).when(command).thenRefuses(404, 'Office not found');
  });

  it('edits only the profile fields that change', () => {
    given([created])
      .when({ type: 'UpdateOffice', details: { desks: 6, floor: 3, windowed: true, type: undefined } })
      .then([{ type: 'OfficeDetailsEdited', data: { desks: 6 } }]);
  });
  it('records nothing for an update that changes nothing', () => {
    given([created]).when({ type: 'UpdateOffice', details: { office_number: '301' }, marketed_rates: details.marketed_rates }).then([]);
  });
  it('changes marketed rates', () => {
    const rates = { monthly: 3100, six_month: 0, twelve_month: 0 };
    given([created]).when({ type: 'UpdateOffice', marketed_rates: rates }).then([{ type: 'OfficeRatesChanged', data: { marketed_rates: rates } }]);
  });
  it('sets a lease with end = start + term months', () => {
    given([created])
      .when({ type: 'UpdateOffice', lease: { signed_rate: 2900, term_months: 12, start_date: '2025-01-31' } })
      .then([{ type: 'OfficeLeaseSet', data: { signed_rate: 2900, term_months: 12, start_date: '2025-01-31', end_date: '2026-01-31' } }]);
  });
  it('counts the term days in the end (a signed deal\'s lease), and keeps them when only the months change', () => {
    const withDays: OfficeEvent = {
      type: 'OfficeLeaseSet',
      data: { signed_rate: 2400, term_months: 5, term_days: 15, start_date: '2025-01-01', end_date: '2025-06-16' },
    };
    given([created]).when({ type: 'UpdateOffice', lease: { signed_rate: 2400, term_months: 5, term_days: 15, start_date: '2025-01-01' } }).then([withDays]);
    given([created, withDays])
      .when({ type: 'UpdateOffice', lease: { term_months: 6 } })
      .then([{ type: 'OfficeLeaseSet', data: { ...withDays.data, term_months: 6, end_date: '2025-07-16' } }]);
    // Cleared: no days, the event leaves them out as before.
    given([created, withDays])
      .when({ type: 'UpdateOffice', lease: { term_days: null } })
      .then([{ type: 'OfficeLeaseSet', data: { signed_rate: 2400, term_months: 5, start_date: '2025-01-01', end_date: '2025-06-01' } }]);
    // A lease recorded before days were counted reads as one without them: nothing changes.
    const older: OfficeEvent = { type: 'OfficeLeaseSet', data: { signed_rate: 2900, term_months: 12, start_date: '2025-01-01', end_date: '2026-01-01' } };
    given([created, older]).when({ type: 'UpdateOffice', lease: { term_days: null, term_months: 12 } }).then([]);
  });
  it('a null term or start gives a null end; undefined keeps the current value', () => {
    const lease: OfficeEvent = { type: 'OfficeLeaseSet', data: { signed_rate: 2900, term_months: 12, start_date: '2025-01-01', end_date: '2026-01-01' } };
    given([created, lease])
      .when({ type: 'UpdateOffice', lease: { term_months: null } })
      .then([{ type: 'OfficeLeaseSet', data: { signed_rate: 2900, term_months: null, start_date: '2025-01-01', end_date: null } }]);
    given([created, lease]).when({ type: 'UpdateOffice', lease: { signed_rate: 2900 } }).then([]);
  });
  it('records nothing for the same lease and rates read back from the log in another key order', () => {
    // jsonb orders keys by length: what the log gives back is not in the order it was written.
    const lease: OfficeEvent = { type: 'OfficeLeaseSet', data: { end_date: '2026-01-01', start_date: '2025-01-01', signed_rate: 2900, term_months: 12 } };
    const rates = { twelve_month: 2700, six_month: 2850, monthly: 3000 };
    given([created, lease])
      .when({ type: 'UpdateOffice', marketed_rates: rates, lease: { signed_rate: 2900, term_months: 12, start_date: '2025-01-01' } })
      .then([]);
  });
  it('emits details, rates and lease together when all change', () => {
    const rates = { monthly: 1, six_month: 1, twelve_month: 1 };
    given([created])
      .when({ type: 'UpdateOffice', details: { type: 'Team Office' }, marketed_rates: rates, lease: { signed_rate: 5 } })
      .then([
        { type: 'OfficeDetailsEdited', data: { type: 'Team Office' } },
        { type: 'OfficeRatesChanged', data: { marketed_rates: rates } },
        { type: 'OfficeLeaseSet', data: { signed_rate: 5, term_months: null, start_date: null, end_date: null } },
      ]);
  });
  it('moves a free office to another location, refuses to move a leased one', () => {
    given([created]).when({ type: 'UpdateOffice', details: { location_id: otherLoc } }).then([{ type: 'OfficeDetailsEdited', data: { location_id: otherLoc } }]);
    given([created, assigned]).when({ type: 'UpdateOffice', details: { location_id: otherLoc } }).thenRefuses(409, OFFICE_HELD_MOVE);
  });

  it('changes status from any to any, and records nothing for the same status', () => {
    given([created]).when({ type: 'ChangeOfficeStatus', status: 'UNAVAILABLE' }).then([{ type: 'OfficeStatusChanged', data: { status: 'UNAVAILABLE' } }]);
    given([created, assigned]).when({ type: 'ChangeOfficeStatus', status: 'PENDING' }).then([{ type: 'OfficeStatusChanged', data: { status: 'PENDING' } }]);
    given([created]).when({ type: 'ChangeOfficeStatus', status: 'VACANT' }).then([]);
  });

  it('refuses VACANT while a company holds the office, naming the company and saying to unassign first', () => {
    given([created, assigned]).when({ type: 'ChangeOfficeStatus', status: 'VACANT' }).thenRefuses(409, officeHeldVacant('301', 'Acme'));
    expect(officeHeldVacant('301', 'Acme')).toBe('Office 301 is assigned to Acme: unassign the company before setting the office VACANT');
    // The company's current name, when the caller knows it (a rename records no office event).
    given([created, assigned])
      .when({ type: 'ChangeOfficeStatus', status: 'VACANT', company_name: 'Acme Holdings' })
      .thenRefuses(409, officeHeldVacant('301', 'Acme Holdings'));
    // Once unassigned it is VACANT already; a free office may be set VACANT from any status.
    const unassigned: OfficeEvent = { type: 'OfficeCompanyUnassigned', data: { member_id: member } };
    given([created, assigned, unassigned]).when({ type: 'ChangeOfficeStatus', status: 'VACANT' }).then([]);
    given([created, { type: 'OfficeStatusChanged', data: { status: 'PENDING' } }])
      .when({ type: 'ChangeOfficeStatus', status: 'VACANT' })
      .then([{ type: 'OfficeStatusChanged', data: { status: 'VACANT' } }]);
  });

  it('adds a contact; a primary one demotes the previous primary', () => {
    given([created]).when({ type: 'AddOfficeContact', contact: contact(c1, true) }).then([{ type: 'OfficeContactAdded', data: { contact: contact(c1, true) } }]);
    const state = fold(officeDecider, [
      created,
      { type: 'OfficeContactAdded', data: { contact: contact(c1, true) } },
      { type: 'OfficeContactAdded', data: { contact: contact(c2, true) } },
    ]);
    expect(state!.contacts.filter((c) => c.is_primary).map((c) => c.id)).toEqual([c2]);
  });
  it('refuses a contact id twice', () => {
    given([created, { type: 'OfficeContactAdded', data: { contact: contact(c1, false) } }])
      .when({ type: 'AddOfficeContact', contact: contact(c1, false) })
      .thenRefuses(409, 'Contact already exists');
  });
  it('removes a contact; an unknown contact is a 404', () => {
    const added: OfficeEvent = { type: 'OfficeContactAdded', data: { contact: contact(c1, false) } };
    given([created, added]).when({ type: 'RemoveOfficeContact', contact_id: c1 }).then([{ type: 'OfficeContactRemoved', data: { contact_id: c1 } }]);
    given([created]).when({ type: 'RemoveOfficeContact', contact_id: c1 }).thenRefuses(404, 'Contact not found');
  });

  it('assigns a company at its location: LEASED', () => {
    given([created]).when({ type: 'AssignCompany', member_id: member, tenant: 'Acme', location_id: loc }).then([assigned]);
    expect(fold(officeDecider, [created, assigned])).toMatchObject({ status: 'LEASED', member_id: member });
  });
  it('refuses an office another company holds (409) or at another location (400)', () => {
    given([created, assigned]).when({ type: 'AssignCompany', member_id: otherMember, tenant: 'B', location_id: loc }).thenRefuses(409, OFFICE_TAKEN);
    given([created]).when({ type: 'AssignCompany', member_id: member, tenant: 'Acme', location_id: otherLoc }).thenRefuses(400, OFFICE_ELSEWHERE);
  });
  it('re-assigning the holder records nothing, unless the status was changed by hand', () => {
    given([created, assigned]).when({ type: 'AssignCompany', member_id: member, tenant: 'Acme', location_id: loc }).then([]);
    given([created, assigned, { type: 'OfficeStatusChanged', data: { status: 'PENDING' } }])
      .when({ type: 'AssignCompany', member_id: member, tenant: 'Acme', location_id: loc })
      .then([assigned]);
  });
  it('unassigns the holder: VACANT; anyone else is a no-op', () => {
    const unassigned: OfficeEvent = { type: 'OfficeCompanyUnassigned', data: { member_id: member } };
    given([created, assigned]).when({ type: 'UnassignCompany', member_id: member }).then([unassigned]);
    expect(fold(officeDecider, [created, assigned, unassigned])).toMatchObject({ status: 'VACANT', member_id: null });
    given([created, assigned]).when({ type: 'UnassignCompany', member_id: otherMember }).then([]);
  });

  it('scopes events to the location, and to both while moving', () => {
    const before = fold(officeDecider, [created]);
    const after = fold(officeDecider, [created, { type: 'OfficeDetailsEdited', data: { location_id: otherLoc } }]);
    expect(officeAggregate.scope(id, before, null)).toEqual({ locations: [loc] });
    expect(officeAggregate.scope(id, after, before)).toEqual({ locations: [otherLoc, loc] });
  });
});
