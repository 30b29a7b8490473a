import { describe, expect, it } from 'vitest';
import { fold } from '../../events/decider';
import { MEMBER_HELD_MOVE, memberAggregate, memberDecider, type MemberProfile } from '../../events/member/decider';
import type { MemberEvent } from '../../events/member/events';
import { createsOnce, fixedIds, specFor } from '../support/givenWhenThen';

const given = specFor(memberDecider);
const { id, loc, otherLoc, office, office2, e1, e2 } = fixedIds('id', 'loc', 'otherLoc', 'office', 'office2', 'e1', 'e2');
const profile: MemberProfile = {
  company_name: 'Acme Analytics',
  location_id: loc,
  primary_contact: { name: 'Ava Park', email: 'ava@acme.com', phone: null },
  membership_type: 'Standard',
};
const created: MemberEvent = { type: 'MemberCreated', data: { id, ...profile } };
const holding: MemberEvent = { type: 'MemberOfficeAssigned', data: { office_id: office, previous_office_id: null } };
const employee = (eid: string) => ({ id: eid, name: 'Ben Kim', email: 'ben@acme.com', role: null });

describe('member decider', () => {
  createsOnce(given, 'a member company', { type: 'CreateMember', id, profile }, created, 'Member already exists');
  it('refuses every command on an unknown member with 404', () => {
    given([]).when({ type: 'EditMember', changes: { company_name: 'X' } }).thenRefuses(404, 'Member not found');
    given([]).when({ type: 'AddEmployees', employees: [employee(e1)] }).thenRefuses(404, 'Member not found');
    given([]).when({ type: 'AssignOffice', office_id: office }).thenRefuses(404, 'Member not found');
  });

  it('edits only what changes', () => {
    given([created])
      .when({ type: 'EditMember', changes: { company_name: 'Acme Labs', membership_type: 'Standard', primary_contact: profile.primary_contact } })
      .then([{ type: 'MemberEdited', data: { company_name: 'Acme Labs' } }]);
    given([created]).when({ type: 'EditMember', changes: { company_name: 'Acme Analytics' } }).then([]);
  });
  it('moves a company without an office; refuses while it holds one', () => {
    given([created]).when({ type: 'EditMember', changes: { location_id: otherLoc } }).then([{ type: 'MemberEdited', data: { location_id: otherLoc } }]);
    given([created, holding]).when({ type: 'EditMember', changes: { location_id: otherLoc } }).thenRefuses(409, MEMBER_HELD_MOVE);
  });

  it('adds employees; an id twice is refused', () => {
    given([created])
      .when({ type: 'AddEmployees', employees: [employee(e1), employee(e2)] })
      .then([
        { type: 'MemberEmployeeAdded', data: { employee: employee(e1) } },
        { type: 'MemberEmployeeAdded', data: { employee: employee(e2) } },
      ]);
    given([created, { type: 'MemberEmployeeAdded', data: { employee: employee(e1) } }])
      .when({ type: 'AddEmployees', employees: [employee(e1)] })
      .thenRefuses(409, 'Employee already exists');
  });

  it('assigns an office, moves to another (naming the one it leaves), unassigns', () => {
    given([created]).when({ type: 'AssignOffice', office_id: office }).then([holding]);
    given([created, holding])
      .when({ type: 'AssignOffice', office_id: office2 })
      .then([{ type: 'MemberOfficeAssigned', data: { office_id: office2, previous_office_id: office } }]);
    given([created, holding]).when({ type: 'AssignOffice', office_id: null }).then([{ type: 'MemberOfficeUnassigned', data: { office_id: office } }]);
  });
  it('records nothing for the office it already holds, or unassigning with none', () => {
    given([created, holding]).when({ type: 'AssignOffice', office_id: office }).then([]);
    given([created]).when({ type: 'AssignOffice', office_id: null }).then([]);
  });
  it('evolves office and employees', () => {
    const state = fold(memberDecider, [created, holding, { type: 'MemberEmployeeAdded', data: { employee: employee(e1) } }]);
    expect(state).toMatchObject({ office_id: office, employees: [employee(e1)] });
    expect(fold(memberDecider, [created, holding, { type: 'MemberOfficeUnassigned', data: { office_id: office } }])!.office_id).toBeNull();
  });
  it('scopes events to its location, both while moving', () => {
    const before = fold(memberDecider, [created]);
    const after = fold(memberDecider, [created, { type: 'MemberEdited', data: { location_id: otherLoc } }]);
    expect(memberAggregate.scope(id, after, before)).toEqual({ locations: [otherLoc, loc] });
    expect(memberAggregate.scope(id, before, before)).toEqual({ locations: [loc] });
  });
});
