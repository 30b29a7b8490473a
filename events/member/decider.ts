import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { conflict } from '../store/errors';
import { changedFields, existing, type Aggregate, type Decider } from '../decider';
import { MemberEventSchemas, type EmployeeData, type MemberCreated, type MemberEvent } from './events';

export type MemberProfile = Omit<MemberCreated['data'], 'id'>;

export type MemberCommand =
  | { type: 'CreateMember'; id: string; profile: MemberProfile }
  | { type: 'EditMember'; changes: Partial<MemberProfile> }
  /** One or more employees (the API adds one; the demo seed a company's whole staff). */
  | { type: 'AddEmployees'; employees: EmployeeData[] }
  /** `office_id` null leaves the current office. */
  | { type: 'AssignOffice'; office_id: string | null };

export type MemberState = (MemberCreated['data'] & { office_id: string | null; employees: EmployeeData[] }) | null;

export const MEMBER_NOT_FOUND = 'Member not found';
export const MEMBER_HELD_MOVE = 'Unassign the office before moving the member company to another location';

export const memberDecider: Decider<MemberCommand, MemberState, MemberEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateMember':
        if (state) throw conflict('Member already exists');
        return [{ type: 'MemberCreated', data: { id: command.id, ...command.profile } }];

      case 'EditMember': {
        const member = existing(state, MEMBER_NOT_FOUND);
        const changes = changedFields<MemberProfile>(command.changes, member);
        // An office belongs to one location, and a company only holds an office of its own.
        if (changes.location_id !== undefined && member.office_id) throw conflict(MEMBER_HELD_MOVE);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'MemberEdited', data: changes }];
      }

      case 'AddEmployees': {
        const member = existing(state, MEMBER_NOT_FOUND);
        const ids = new Set(member.employees.map((e) => e.id));
        for (const employee of command.employees) {
          if (ids.has(employee.id)) throw conflict('Employee already exists');
          ids.add(employee.id);
        }
        return command.employees.map((employee) => ({ type: 'MemberEmployeeAdded', data: { employee } }));
      }

      case 'AssignOffice': {
        const member = existing(state, MEMBER_NOT_FOUND);
        if (command.office_id === member.office_id) return [];
        if (command.office_id === null) {
          return [{ type: 'MemberOfficeUnassigned', data: { office_id: member.office_id! } }];
        }
        return [{ type: 'MemberOfficeAssigned', data: { office_id: command.office_id, previous_office_id: member.office_id } }];
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'MemberCreated') return { ...event.data, office_id: null, employees: [] };
    if (!state) return state;
    switch (event.type) {
      case 'MemberEdited':
        return { ...state, ...event.data };
      case 'MemberEmployeeAdded':
        return { ...state, employees: [...state.employees, event.data.employee] };
      case 'MemberOfficeAssigned':
        return { ...state, office_id: event.data.office_id };
      case 'MemberOfficeUnassigned':
        return { ...state, office_id: null };
    }
  },
};

export const memberAggregate: Aggregate<MemberCommand, MemberState, MemberEvent> = {
  streamType: 'member',
  streamId: (id) => `member-${id}`,
  decider: memberDecider,
  eventSchemas: MemberEventSchemas,
  scope: eventScope(VISIBILITY.members),
};
