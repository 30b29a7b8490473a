import { randomUUID } from 'node:crypto';
import type { OfficeDetails } from '../../events/office/decider';
import type { MemberProfile } from '../../events/member/decider';
import type { EmployeeData } from '../../events/member/events';
import type { OfficeContactData } from '../../events/office/events';
import { addMonths, formatIsoDate } from '@shared/domain/dates';
import type { MembershipType } from '@shared/schemas/members';
import type { OfficeStatus } from '@shared/schemas/offices';
import { prng } from './prng';

/**
 * The demo's offices and member companies, generated from a fixed seed so every install gets
 * the same portfolio (ids aside): about 120 offices over the eight locations, about 150
 * companies with 1 to 25 employees each, most offices leased with varied terms, some leases
 * ending within 30 and 90 days of the seeding day, a few expired.
 */

const PREFIXES = [
  'Northwind', 'Bluebird', 'Harborline', 'Summit', 'Copperleaf', 'Brightwater', 'Ironbridge', 'Redwood', 'Lumen',
  'Keystone', 'Silverline', 'Oakridge', 'Beacon', 'Meridian', 'Cobalt', 'Evergreen', 'Foxglove', 'Granite',
  'Hudson', 'Juniper', 'Kestrel', 'Lighthouse', 'Maple & Finch', 'Nimbus', 'Orchard', 'Pioneer', 'Quarry',
  'Riverside', 'Saffron', 'Tidewater', 'Union Square', 'Vantage', 'Willow', 'Yardstick', 'Zephyr', 'Atlas',
  'Bramble', 'Cedar', 'Driftwood', 'Elmstreet', 'Fairmount', 'Gable', 'Halcyon', 'Indigo', 'Larkspur',
];
const SUFFIXES = [
  'Analytics', 'Legal LLP', 'Design Studio', 'Capital', 'Health', 'Labs', 'Media', 'Partners', 'Consulting',
  'Architects', 'Robotics', 'Software', 'Ventures', 'Foods', 'Logistics', 'Insurance', 'Learning', 'Energy',
];
const FIRST = [
  'Ava', 'Ben', 'Chloe', 'Daniel', 'Elena', 'Farah', 'Gabriel', 'Hana', 'Isaac', 'Jade', 'Kofi', 'Lena', 'Mateo',
  'Nina', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Samir', 'Tara', 'Umar', 'Vera', 'Wes', 'Ximena', 'Yusuf', 'Zoe',
];
const LAST = [
  'Adams', 'Brooks', 'Castillo', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Johnson', 'Kim', 'Lopez',
  'Murphy', 'Nguyen', 'Okoro', 'Park', 'Quinlan', 'Reyes', 'Singh', 'Turner', 'Usman', 'Vargas', 'Walsh', 'Young',
];
const ROLES = ['CEO', 'Office Manager', 'Engineer', 'Designer', 'Analyst', 'Account Executive', 'Operations Lead', 'Counsel', 'Intern'];

export interface SeedLocation {
  id: string;
  floors: number[];
}

export interface PlannedOffice {
  id: string;
  details: OfficeDetails;
  /** Status for offices that are not leased to a demo company. */
  status: OfficeStatus;
  contacts: OfficeContactData[];
  lease: { signed_rate: number; term_months: number; start_date: string } | null;
  /** When it was added, leased (at its lease start) and given a status other than VACANT or LEASED. */
  at: { created: Date; leased: Date | null; status: Date | null };
}

export interface PlannedMember {
  id: string;
  profile: MemberProfile;
  employees: EmployeeData[];
  office_id: string | null;
  /** When it joined: two weeks before its lease starts, or over the past year without an office. */
  joined: Date;
  /** When it moved into its office (the lease start). */
  moved_in: Date | null;
}

/**
 * The portfolio has a history, so reports as of a past day read it filling up: every office was
 * added this many months ago (a month earlier per location, in turn), before any lease started.
 */
const OPENED_MONTHS_AGO = 40;
/** A morning in New York on that day, and never later than now. */
const morning = (date: string, now: Date) => new Date(Math.min(Date.parse(`${date}T14:00:00Z`), now.getTime()));

const OFFICES_PER_LOCATION = 15;
const MEMBERS = 150;

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');
const round = (value: number, step: number) => Math.round(value / step) * step;

export function planOfficesAndMembers(locations: SeedLocation[], today: Date): { offices: PlannedOffice[]; members: PlannedMember[] } {
  const rng = prng(20_240_601);
  const todayIso = formatIsoDate(today);
  const shift = (days: number) => formatIsoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));

  // Company names, unique.
  const names = new Set<string>();
  while (names.size < MEMBERS) names.add(`${rng.pick(PREFIXES)} ${rng.pick(SUFFIXES)}`);
  const companies = [...names];

  const person = (domain: string): { name: string; email: string } => {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    return { name: `${first} ${last}`, email: `${first}.${last}`.toLowerCase() + `@${domain}` };
  };
  const phone = () => `(${rng.pick(['212', '646', '718', '215', '512'])}) 555-${String(rng.int(100, 9999)).padStart(4, '0')}`;

  const offices: PlannedOffice[] = [];
  const members: PlannedMember[] = [];
  let company = 0;
  const nextMember = (locationId: string): PlannedMember => {
    const name = companies[company++]!;
    const domain = `${slug(name)}.com`;
    const contact = person(domain);
    const employees = Array.from({ length: rng.int(1, 25) }, (_, i) => {
      const p = i === 0 ? contact : person(domain);
      return { id: randomUUID(), name: p.name, email: p.email, role: i === 0 ? 'Office Manager' : rng.pick(ROLES) };
    });
    const r = rng.next();
    const membership_type: MembershipType = r < 0.2 ? 'Premium' : r < 0.75 ? 'Standard' : 'Basic';
    const member: PlannedMember = {
      id: randomUUID(),
      profile: { company_name: name, location_id: locationId, primary_contact: { ...contact, phone: phone() }, membership_type },
      employees,
      office_id: null,
      joined: morning(shift(-((company * 37) % 365)), today),
      moved_in: null,
    };
    members.push(member);
    return member;
  };

  for (const [index, location] of locations.entries()) {
    const opened = morning(addMonths(todayIso, -(OPENED_MONTHS_AGO + (index % 3))) ?? todayIso, today);
    const floors = location.floors.length > 0 ? location.floors : [1];
    const perFloor = new Map<number, number>();
    for (let i = 0; i < OFFICES_PER_LOCATION; i++) {
      const floor = floors[i % floors.length]!;
      const n = (perFloor.get(floor) ?? 0) + 1;
      perFloor.set(floor, n);
      const desks = 1 + Math.floor(rng.next() ** 2 * 20);
      const perDesk = rng.int(650, 900);
      const monthly = round(desks * perDesk, 5);
      const type = desks <= 4 ? (rng.next() < 0.2 ? 'Executive Office' : 'Private Office') : desks <= 10 ? 'Team Office' : 'Enterprise Suite';
      const office: PlannedOffice = {
        id: randomUUID(),
        details: {
          office_number: `${floor}${String(n).padStart(2, '0')}`,
          location_id: location.id,
          type,
          desks,
          floor,
          windowed: rng.next() < 0.55,
          marketed_rates: { monthly, six_month: round(monthly * 0.95, 5), twelve_month: round(monthly * 0.9, 5) },
        },
        status: 'VACANT',
        contacts: [],
        lease: null,
        at: { created: opened, leased: null, status: null },
      };
      const r = rng.next();
      if (r < 0.8 && company < MEMBERS) {
        const member = nextMember(location.id);
        member.office_id = office.id;
        const term = rng.pick([6, 12, 24, 36] as const);
        const q = rng.next();
        // Lease ends: soon (within 30 days), within 90, already past, or later.
        const endIn = q < 0.12 ? rng.int(1, 30) : q < 0.26 ? rng.int(31, 90) : q < 0.34 ? -rng.int(1, 60) : rng.int(91, 30 * term);
        // A few members on short stays (3 months, ending within two months) took them at a
        // discount, as short stays often are: the term report's short-term opportunity has real rows.
        const short = term === 6 && endIn > 0 && endIn <= 60;
        const months = short ? 3 : term;
        const start = addMonths(shift(endIn), -months) ?? todayIso;
        const factor = short ? 0.86 + rng.next() * 0.06 : 0.9 + rng.next() * 0.15;
        office.lease = { signed_rate: round(monthly * factor, 10), term_months: months, start_date: start };
        office.status = 'LEASED';
        office.at.leased = morning(start, today);
        member.moved_in = office.at.leased;
        member.joined = new Date(office.at.leased.getTime() - 14 * 86_400_000);
        if (rng.next() < 0.35) {
          const domain = `${slug(member.profile.company_name)}.com`;
          const count = rng.int(1, 2);
          for (let c = 0; c < count; c++) {
            const p = person(domain);
            office.contacts.push({ id: randomUUID(), ...p, phone: phone(), role: c === 0 ? 'Primary tenant contact' : 'Billing', is_primary: c === 0 });
          }
        }
      } else {
        office.status = r < 0.9 ? 'VACANT' : r < 0.95 ? 'PENDING' : 'UNAVAILABLE';
        if (office.status !== 'VACANT') office.at.status = morning(shift(-(10 + ((offices.length * 7) % 80))), today);
      }
      offices.push(office);
    }
  }
  // The remaining companies have no office yet (prospects, desk members), spread over the locations.
  while (company < MEMBERS) nextMember(rng.pick(locations).id);
  return { offices, members };
}
