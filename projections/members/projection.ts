import { readFileSync } from 'node:fs';
import type { MemberEvent } from '../../events/member/events';
import { defineReadModel } from '../engine/defineReadModel';
import { membersTouched } from './queries';

export const membersProjection = defineReadModel<MemberEvent>({
  name: 'members',
  version: 4,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'members',
  // A member shows its location's name and its own office's number.
  joins: [
    { column: 'location_id', model: 'locations', shows: ['name'] },
    { column: 'office_id', model: 'offices', shows: ['office_number'] },
  ],
  // And every office leased to it (`offices`, read by the offices' member_id): an office leased
  // or left, or renumbered, changes the list of the company holding it before and after.
  figures: [{ model: 'offices', by: 'member_id', when: ['member_id', 'office_number'] }],
  evolve: {
    MemberCreated: {
      create: ({ data: d }) => ({
        id: d.id, company_name: d.company_name, location_id: d.location_id, office_id: null, primary_contact: d.primary_contact,
        membership_type: d.membership_type, employees: [],
      }),
    },
    MemberEdited: (row, { data }) => ({ ...row, ...data }),
    MemberEmployeeAdded: (row, { data }) => ({ ...row, employees: [...(row.employees as unknown[]), data.employee] }),
    MemberOfficeAssigned: (row, { data }) => ({ ...row, office_id: data.office_id }),
    MemberOfficeUnassigned: (row) => ({ ...row, office_id: null }),
  },
  live: { entity: 'members', load: membersTouched },
});
