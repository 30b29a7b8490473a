import type { Actor } from '@shared/domain/access';
import type { Employee, Member, MemberOffice, MembershipType, PrimaryContact } from '@shared/schemas/members';
import type { Db } from '../../events/store/types';
import { ACCESS_AND_FILTER, locationFilter } from '../offices/queries';
import { scopeParams } from '../scope';
import { iso, rowReads } from '../engine/projection';

interface MemberRow {
  id: string;
  company_name: string;
  location_id: string;
  location_name: string | null;
  office_id: string | null;
  office_number: string | null;
  offices: MemberOffice[];
  primary_contact: PrimaryContact;
  membership_type: MembershipType;
  employees: Employee[];
  version: number;
  created_at: Date;
  updated_at: Date;
}

const toMember = (r: MemberRow): Member => ({
  id: r.id,
  company_name: r.company_name,
  location_id: r.location_id,
  location_name: r.location_name ?? '',
  office_id: r.office_id,
  office_number: r.office_number,
  offices: r.offices,
  primary_contact: r.primary_contact,
  contact_name: r.primary_contact.name,
  contact_email: r.primary_contact.email,
  contact_phone: r.primary_contact.phone,
  membership_type: r.membership_type,
  employees: r.employees,
  version: r.version,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/**
 * Location name and office numbers are joined at read time: renames never leave stale copies.
 * `offices`: every office leased to the company (a signed deal may lease several), its own first.
 */
const SELECT = `
  SELECT m.id, m.company_name, m.location_id, l.name AS location_name, m.office_id, o.office_number,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('id', h.id, 'office_number', h.office_number)
                   ORDER BY h.id = m.office_id DESC, lower(h.office_number), h.id), '[]')
            FROM offices h WHERE h.member_id = m.id) AS offices,
         m.primary_contact, m.membership_type, m.employees, m.version, m.created_at, m.updated_at
  FROM members m
  LEFT JOIN locations l ON l.id = m.location_id
  LEFT JOIN offices o ON o.id = m.office_id`;

/** The reads of members: the list, one by id, and the rows a batch of events changed (see Touched) for the live push. */
const reads = rowReads(SELECT, 'm', toMember);

/** The member companies an actor may see, optionally at one location (name or id); one query. */
export async function listMembers(db: Db, actor: Actor, location?: string): Promise<Member[]> {
  return reads.where(
    db,
    `${ACCESS_AND_FILTER('members', 'm')} ORDER BY lower(m.company_name), m.id`,
    [...scopeParams(actor), locationFilter(location)],
  );
}

export const getMember = reads.byId;

/** Every member company, for the dashboard's memory. */
export const allMembers = (db: Db): Promise<Member[]> => reads.where(db, 'TRUE', []);
export const membersTouched = reads.touched;
