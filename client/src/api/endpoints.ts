import type { LoginResult, PublicConfig, User } from '@shared/schemas/auth';
import type { Location } from '@shared/schemas/locations';
import type { Employee, Member, MembershipType, PrimaryContact } from '@shared/schemas/members';
import type { MarketedRates, Office, OfficeContact, OfficeStatus } from '@shared/schemas/offices';
import { api } from './client';

/** POST /offices body, as the Add Office dialog sends it. */
export interface CreateOfficeBody {
  office_number: string;
  location_id: string;
  type: string;
  desks: number;
  floor: number;
  windowed: boolean;
  marketed_rates: MarketedRates;
}

/** PUT /offices/{id} body: rates and lease (the dialog), or the profile's editable fields. */
export interface UpdateOfficeBody {
  office_number?: string;
  type?: string;
  desks?: number;
  floor?: number;
  windowed?: boolean;
  marketed_rates?: MarketedRates;
  market_rates?: MarketedRates;
  signed_rate?: number | null;
  lease_info?: { term_months: number | null; start_date: string | null; end_date?: string | null; signed_rate?: number | null };
  version?: number;
}

export interface AddContactBody {
  name: string;
  email: string;
  phone: string | null;
  role: string | null;
  is_primary: boolean;
}

export interface CreateMemberBody {
  company_name: string;
  location_id: string;
  primary_contact: PrimaryContact;
  membership_type: MembershipType;
}

export interface UpdateMemberBody {
  company_name?: string;
  primary_contact?: PrimaryContact;
  membership_type?: MembershipType;
  version?: number;
}

export interface AddEmployeeBody {
  name: string;
  email: string;
  role: string | null;
}

const enc = encodeURIComponent;

/** Every call the client makes, by area. */
export const endpoints = {
  config: () => api<PublicConfig>('GET', '/config'),
  login: (email: string, password: string) =>
    api<LoginResult>('POST', '/auth/login', { body: { email, password }, sessionCall: false }),
  me: () => api<User>('GET', '/auth/me'),
  locations: () => api<Location[]>('GET', '/locations'),

  // Offices. `location` is the selected location's name; 'All Locations' and '' are dropped.
  offices: (location?: string) => api<Office[]>('GET', '/offices', { query: { location } }),
  office: (id: string) => api<Office>('GET', `/offices/${enc(id)}`),
  createOffice: (body: CreateOfficeBody) => api<Office>('POST', '/offices', { body }),
  updateOffice: (id: string, body: UpdateOfficeBody) => api<Office>('PUT', `/offices/${enc(id)}`, { body }),
  changeOfficeStatus: (id: string, status: OfficeStatus, version?: number) =>
    api<Office>('PATCH', `/offices/${enc(id)}/status`, { body: { status, version } }),
  addOfficeContact: (id: string, body: AddContactBody) => api<OfficeContact | Office>('POST', `/offices/${enc(id)}/contacts`, { body }),
  removeOfficeContact: (id: string, contactId: string) =>
    api<unknown>('DELETE', `/offices/${enc(id)}/contacts/${enc(contactId)}`),

  // Members.
  members: (location?: string) => api<Member[]>('GET', '/members', { query: { location } }),
  member: (id: string) => api<Member>('GET', `/members/${enc(id)}`),
  createMember: (body: CreateMemberBody) => api<Member>('POST', '/members', { body }),
  updateMember: (id: string, body: UpdateMemberBody) => api<Member>('PUT', `/members/${enc(id)}`, { body }),
  addEmployee: (id: string, body: AddEmployeeBody) => api<Employee | Member>('POST', `/members/${enc(id)}/employees`, { body }),
  /** An office id assigns it; null unassigns. */
  assignMemberOffice: (id: string, officeId: string | null) =>
    api<Member>('PATCH', `/members/${enc(id)}/office`, { body: { office_id: officeId } }),
};
