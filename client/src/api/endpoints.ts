import type { LoginResult, PublicConfig, User } from '@shared/schemas/auth';
import type { CreateLocationInput, Location, UpdateLocationInput } from '@shared/schemas/locations';
import type { CreateUserInput, UpdateUserInput, UserListQuery } from '@shared/schemas/users';
import type { z } from 'zod';
import type { AddEmployeeInput, CreateMemberInput, Member, UpdateMemberInput } from '@shared/schemas/members';
import type { CreateDealInput, Deal, DealStats, MoveDealInput, UpdateDealInput } from '@shared/schemas/deals';
import type { DealChange, DealChangesSlackAnswer, DealChangesSummary } from '@shared/schemas/dealHistory';
import type { AgreementAnswer, AgreementVersion, SignatureAnswer } from '@shared/schemas/agreements';
import type { AddOfficeContactInput, CreateOfficeInput, Office, OfficeStatus, UpdateOfficeInput } from '@shared/schemas/offices';
import type { SearchResult } from '@shared/schemas/search';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { Company, Contact, CreateCompanyInput, CreateContactInput, CrmStatus, UpdateCompanyInput, UpdateContactInput } from '@shared/schemas/crm';
import type { CreateTemplateInput, Template, TemplateListQuery, TemplateVersion, UpdateTemplateInput } from '@shared/schemas/templates';
import type { ActivityEntry } from '@shared/activity';
import type { CreateTaskInput, Task, UpdateTaskInput } from '@shared/schemas/tasks';
import type { TaskPriority, TaskStatus } from '@shared/domain/tasks';
import type { Resource, UploadResourceFields } from '@shared/schemas/resources';
import type { CompanySettings, SystemSettings, UpdateSystemSettingsInput } from '@shared/schemas/settings';
import type { ConnectGmailAnswer, GmailCallbackAnswer, GmailCallbackInput, GmailEmail, GmailEmailsQuery, GmailStatus } from '@shared/schemas/gmail';

import type { Booking, BookingSummary, CreateBookingInput, FeedTokenIssued, FeedTokenStatus, Room, UpdateBookingInput } from '@shared/schemas/bookings';
import type { OccupancyReport, OccupancyReportQuery, TermAnalysisQuery, TermAnalysisReport } from '@shared/schemas/reports';
import { api, apiDownload, apiFile, type CommandMeta } from './client';

/**
 * Request bodies, derived from the zod schemas the server validates with (their input side), so
 * the client cannot send a shape the server does not accept. The version travels in `meta`.
 */
type Body<S extends z.ZodType> = Omit<z.input<S>, 'version'>;
export type CreateOfficeBody = Body<typeof CreateOfficeInput>;
export type UpdateOfficeBody = Body<typeof UpdateOfficeInput>;
export type AddContactBody = Body<typeof AddOfficeContactInput>;
export type CreateMemberBody = Body<typeof CreateMemberInput>;
export type UpdateMemberBody = Body<typeof UpdateMemberInput>;
export type AddEmployeeBody = Body<typeof AddEmployeeInput>;
export type CreateDealBody = Body<typeof CreateDealInput>;
export type CreateContactBody = Body<typeof CreateContactInput>;
export type UpdateContactBody = Body<typeof UpdateContactInput>;
export type CreateCompanyBody = Body<typeof CreateCompanyInput>;
export type UpdateCompanyBody = Body<typeof UpdateCompanyInput>;
export type UpdateDealBody = Body<typeof UpdateDealInput>;
export type MoveDealBody = Body<typeof MoveDealInput>;
export type CreateTemplateBody = Body<typeof CreateTemplateInput>;
export type UpdateTemplateBody = Body<typeof UpdateTemplateInput>;
export type CreateTaskBody = Body<typeof CreateTaskInput>;
export type UpdateTaskBody = Body<typeof UpdateTaskInput>;
export type UpdateSystemSettingsBody = Body<typeof UpdateSystemSettingsInput>;
export type CreateUserBody = Body<typeof CreateUserInput>;
export type UpdateUserBody = Body<typeof UpdateUserInput>;
export type CreateLocationBody = Body<typeof CreateLocationInput>;
export type UpdateLocationBody = Body<typeof UpdateLocationInput>;
export type CreateBookingBody = Body<typeof CreateBookingInput>;
export type UpdateBookingBody = Body<typeof UpdateBookingInput>;

/** GET /api/bookings filters: instants, at most 62 days apart. */
export interface BookingQuery {
  location?: string;
  room_id?: string;
  member_id?: string;
  from: string;
  to: string;
}

const enc = encodeURIComponent;

/** Every call the client makes, by area. */
export const endpoints = {
  config: () => api<PublicConfig>('GET', '/config'),
  login: (email: string, password: string) =>
    api<LoginResult>('POST', '/auth/login', { body: { email, password }, sessionCall: false }),
  me: () => api<User>('GET', '/auth/me'),
  locations: () => api<Location[]>('GET', '/locations'),
  location: (id: string) => api<Location>('GET', `/locations/${enc(id)}`),
  createLocation: (body: CreateLocationBody, meta?: CommandMeta) => api<Location>('POST', '/locations', { body, meta }),
  updateLocation: (id: string, body: UpdateLocationBody, meta?: CommandMeta) => api<Location>('PUT', `/locations/${enc(id)}`, { body, meta }),

  // Users: administrators only, except one's own account.
  users: (query: z.input<typeof UserListQuery> = {}) => api<User[]>('GET', '/users', { query }),
  user: (id: string) => api<User>('GET', `/users/${enc(id)}`),
  createUser: (body: CreateUserBody, meta?: CommandMeta) => api<User>('POST', '/users', { body, meta }),
  /** A blank password keeps the current one. */
  updateUser: (id: string, body: UpdateUserBody, meta?: CommandMeta) => api<User>('PUT', `/users/${enc(id)}`, { body, meta }),
  deleteUser: (id: string, meta?: CommandMeta) => api<null>('DELETE', `/users/${enc(id)}`, { body: {}, meta }),

  // Meeting rooms and their bookings.
  rooms: (location?: string) => api<Room[]>('GET', '/rooms', { query: { location } }),
  bookings: (query: BookingQuery) => api<Booking[]>('GET', '/bookings', { query: { ...query } }),
  booking: (id: string) => api<Booking>('GET', `/bookings/${enc(id)}`),
  /** One booking, or every booking of a repeating series (the first is the one asked for). */
  createBooking: (body: CreateBookingBody, meta?: CommandMeta) => api<Booking | Booking[]>('POST', '/bookings', { body, meta }),
  updateBooking: (id: string, body: UpdateBookingBody, meta?: CommandMeta) => api<Booking>('PUT', `/bookings/${enc(id)}`, { body, meta }),
  cancelBooking: (id: string, series: boolean, meta?: CommandMeta) =>
    api<Booking | null>('DELETE', `/bookings/${enc(id)}`, { query: series ? { series: 1 } : undefined, body: {}, meta }),
  bookingSummary: (memberId: string) => api<BookingSummary>('GET', '/bookings/summary', { query: { member_id: memberId } }),
  /** Whether the user has a calendar feed token (the token itself is shown only when made). */
  feedToken: () => api<z.infer<typeof FeedTokenStatus>>('GET', '/me/feed-token'),
  /** A new feed token; the one before stops working. */
  rotateFeedToken: () => api<z.infer<typeof FeedTokenIssued>>('POST', '/me/feed-token'),
  revokeFeedToken: () => api<null>('DELETE', '/me/feed-token'),

  // Offices. `location` is the selected location's name; 'All Locations' and '' are dropped.
  offices: (location?: string) => api<Office[]>('GET', '/offices', { query: { location } }),
  office: (id: string) => api<Office>('GET', `/offices/${enc(id)}`),
  createOffice: (body: CreateOfficeBody, meta?: CommandMeta) => api<Office>('POST', '/offices', { body, meta }),
  updateOffice: (id: string, body: UpdateOfficeBody, meta?: CommandMeta) => api<Office>('PUT', `/offices/${enc(id)}`, { body, meta }),
  changeOfficeStatus: (id: string, status: OfficeStatus, meta?: CommandMeta) =>
    api<Office>('PATCH', `/offices/${enc(id)}/status`, { body: { status }, meta }),
  addOfficeContact: (id: string, body: AddContactBody, meta?: CommandMeta) =>
    api<Office>('POST', `/offices/${enc(id)}/contacts`, { body, meta }),
  removeOfficeContact: (id: string, contactId: string, meta?: CommandMeta) =>
    api<Office>('DELETE', `/offices/${enc(id)}/contacts/${enc(contactId)}`, { body: {}, meta }),

  // Members.
  members: (location?: string) => api<Member[]>('GET', '/members', { query: { location } }),
  member: (id: string) => api<Member>('GET', `/members/${enc(id)}`),
  createMember: (body: CreateMemberBody, meta?: CommandMeta) => api<Member>('POST', '/members', { body, meta }),
  updateMember: (id: string, body: UpdateMemberBody, meta?: CommandMeta) => api<Member>('PUT', `/members/${enc(id)}`, { body, meta }),
  addEmployee: (id: string, body: AddEmployeeBody, meta?: CommandMeta) =>
    api<Member>('POST', `/members/${enc(id)}/employees`, { body, meta }),
  /** An office id assigns it; null unassigns (the company's own office, or `releaseOfficeId`). */
  assignMemberOffice: (id: string, officeId: string | null, meta?: CommandMeta, releaseOfficeId?: string) =>
    api<Member>('PATCH', `/members/${enc(id)}/office`, { body: releaseOfficeId ? { office_id: officeId, release_office_id: releaseOfficeId } : { office_id: officeId }, meta }),
  /** The company also leases this office and keeps the one it has (the office grid's bulk Assign). */
  leaseMemberOffice: (id: string, officeId: string, meta?: CommandMeta) =>
    api<Member>('PATCH', `/members/${enc(id)}/office`, { body: { office_id: officeId, keep_current: true }, meta }),

  // Deals. Lists come in stage order, then rank; a move names its new neighbours in the column.
  events: (query: { entity_id?: string; stream?: string; limit?: number; before?: number }) => api<ActivityEntry[]>('GET', '/events', { query }),
  contacts: (query: { q?: string; company_id?: string; status?: string } = {}, signal?: AbortSignal) => api<Contact[]>('GET', '/contacts', { query, signal }),
  contact: (id: string) => api<Contact>('GET', `/contacts/${enc(id)}`),
  createContact: (body: CreateContactBody, meta?: CommandMeta) => api<Contact>('POST', '/contacts', { body, meta }),
  updateContact: (id: string, body: UpdateContactBody, meta?: CommandMeta) => api<Contact>('PUT', `/contacts/${enc(id)}`, { body, meta }),
  setContactStatus: (id: string, status: CrmStatus, meta?: CommandMeta) => api<Contact>('PATCH', `/contacts/${enc(id)}/status`, { body: { status }, meta }),
  deleteContact: (id: string, meta?: CommandMeta) => api<null>('DELETE', `/contacts/${enc(id)}`, { body: {}, meta }),
  companies: (query: { q?: string; status?: string } = {}, signal?: AbortSignal) => api<Company[]>('GET', '/companies', { query, signal }),
  company: (id: string) => api<Company>('GET', `/companies/${enc(id)}`),
  createCompany: (body: CreateCompanyBody, meta?: CommandMeta) => api<Company>('POST', '/companies', { body, meta }),
  updateCompany: (id: string, body: UpdateCompanyBody, meta?: CommandMeta) => api<Company>('PUT', `/companies/${enc(id)}`, { body, meta }),
  setCompanyStatus: (id: string, status: CrmStatus, meta?: CommandMeta) => api<Company>('PATCH', `/companies/${enc(id)}/status`, { body: { status }, meta }),
  deleteCompany: (id: string, meta?: CommandMeta) => api<null>('DELETE', `/companies/${enc(id)}`, { body: {}, meta }),
  dashboard: (location?: string) => api<Dashboard>('GET', '/dashboard', { query: { location } }),
  search: (q: string, signal?: AbortSignal) => api<SearchResult[]>('GET', '/search', { query: { q }, signal }),
  deals: (query: { location?: string; stage?: string; q?: string; contact_id?: string; company_id?: string } = {}) => api<Deal[]>('GET', '/deals', { query }),
  deal: (id: string) => api<Deal>('GET', `/deals/${enc(id)}`),
  dealStats: (location?: string) => api<DealStats>('GET', '/deals/stats', { query: { location } }),
  /** The board as it stood at an instant (ISO): the deals and their figures then. */
  dealsAsOf: (as_of: string, location?: string) => api<Deal[]>('GET', '/deals', { query: { location, as_of } }),
  dealStatsAsOf: (as_of: string, location?: string) => api<DealStats>('GET', '/deals/stats', { query: { location, as_of } }),
  /** What changed on the board since an instant, newest first, and the window's figures. */
  dealChanges: (query: { since: string; until?: string; location?: string; limit?: number; before?: number }) => api<DealChange[]>('GET', '/deals/changes', { query }),
  dealChangesSummary: (query: { since: string; until?: string; location?: string }) => api<DealChangesSummary>('GET', '/deals/changes', { query: { ...query, summary: '1' } }),
  dealChangesPdf: (query: { since: string; until?: string; location?: string }) => apiDownload('/deals/changes', { ...query, format: 'pdf' }),
  postDealChangesToSlack: (body: { since: string; until?: string; location?: string }) => api<DealChangesSlackAnswer>('POST', '/deals/changes/slack', { body }),
  createDeal: (body: CreateDealBody, meta?: CommandMeta) => api<Deal>('POST', '/deals', { body, meta }),
  updateDeal: (id: string, body: UpdateDealBody, meta?: CommandMeta) => api<Deal>('PUT', `/deals/${enc(id)}`, { body, meta }),
  moveDeal: (id: string, body: MoveDealBody, meta?: CommandMeta) => api<Deal>('PATCH', `/deals/${enc(id)}/stage`, { body, meta }),
  /** Takes back the caller's own last move of the deal, if nothing changed it since. */
  undoDealMove: (id: string, meta?: CommandMeta) => api<Deal>('POST', `/deals/${enc(id)}/undo`, { body: {}, meta }),
  /** Renders the deal's agreement (a new version each time) and moves it to Agreement Sent. */
  generateAgreement: (id: string, meta?: CommandMeta) => api<AgreementAnswer>('POST', `/deals/${enc(id)}/agreement`, { body: {}, meta }),
  /** Sends the latest agreement for signature; the signing link is in this answer only. */
  requestSignature: (id: string, meta?: CommandMeta) => api<SignatureAnswer>('POST', `/deals/${enc(id)}/signature`, { body: {}, meta }),
  dealAgreements: (id: string) => api<AgreementVersion[]>('GET', `/deals/${enc(id)}/agreements`),
  agreementPdf: (id: string, version: number) => apiFile(`/deals/${enc(id)}/agreements/${version}`),
  /** The signed agreement with its audit page, once the signing process stored it. */
  executedAgreement: (id: string) => apiDownload(`/deals/${enc(id)}/agreement/executed`),
  /** "Try again" on a signing that needs attention. */
  retrySigning: (id: string, meta?: CommandMeta) => api<Deal>('POST', `/deals/${enc(id)}/signing/retry`, { body: {}, meta }),

  // Marketing templates: every signed-in user reads them all; history is every earlier version.
  templates: (query: z.input<typeof TemplateListQuery> = {}) => api<Template[]>('GET', '/templates', { query }),
  template: (id: string) => api<Template>('GET', `/templates/${enc(id)}`),
  templateHistory: (id: string, signal?: AbortSignal) => api<TemplateVersion[]>('GET', `/templates/${enc(id)}/history`, { signal }),
  createTemplate: (body: CreateTemplateBody, meta?: CommandMeta) => api<Template>('POST', '/templates', { body, meta }),
  updateTemplate: (id: string, body: UpdateTemplateBody, meta?: CommandMeta) => api<Template>('PUT', `/templates/${enc(id)}`, { body, meta }),
  deleteTemplate: (id: string, meta?: CommandMeta) => api<null>('DELETE', `/templates/${enc(id)}`, { body: {}, meta }),
  // Tasks. `location` is the selected location's name; `office_id` lists one office's tasks.
  tasks: (query: { location?: string; status?: TaskStatus; priority?: TaskPriority; office_id?: string } = {}) => api<Task[]>('GET', '/tasks', { query }),
  task: (id: string) => api<Task>('GET', `/tasks/${enc(id)}`),
  createTask: (body: CreateTaskBody, meta?: CommandMeta) => api<Task>('POST', '/tasks', { body, meta }),
  updateTask: (id: string, body: UpdateTaskBody, meta?: CommandMeta) => api<Task>('PUT', `/tasks/${enc(id)}`, { body, meta }),
  changeTaskStatus: (id: string, status: TaskStatus, meta?: CommandMeta) => api<Task>('PATCH', `/tasks/${enc(id)}/status`, { body: { status }, meta }),

  // Employee resources: everyone reads and downloads; managers and admins upload (multipart) and delete.
  resources: () => api<Resource[]>('GET', '/resources'),
  uploadResource: (fields: UploadResourceFields, file: File, meta?: CommandMeta) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value) form.append(key, value);
    form.append('file', file, file.name);
    return api<Resource>('POST', '/resources', { body: form, meta });
  },
  deleteResource: (id: string, meta?: CommandMeta) => api<null>('DELETE', `/resources/${enc(id)}`, { body: {}, meta }),
  downloadResource: (id: string) => apiFile(`/resources/${enc(id)}/download`),

  // Settings: the company's time off for everyone; the system settings (the CRM key, masked) for administrators.
  companySettings: () => api<CompanySettings>('GET', '/settings/company'),
  systemSettings: () => api<SystemSettings>('GET', '/settings/system'),
  updateSystemSettings: (body: UpdateSystemSettingsBody, meta?: CommandMeta) => api<SystemSettings>('PUT', '/settings/system', { body, meta }),
  // Reports: JSON for the screen; the same query with format csv or pdf downloads it.
  occupancyReport: (query: Omit<OccupancyReportQuery, 'format'>, signal?: AbortSignal) => api<OccupancyReport>('GET', '/reports/occupancy', { query, signal }),
  termAnalysis: (query: Omit<TermAnalysisQuery, 'format'>, signal?: AbortSignal) => api<TermAnalysisReport>('GET', '/reports/term-analysis', { query, signal }),
  reportFile: (report: 'occupancy' | 'term-analysis', query: OccupancyReportQuery | TermAnalysisQuery) => apiDownload(`/reports/${report}`, query),
  // Gmail: the signed-in user's own connection, and e-mail history of a contact or a company.
  gmailStatus: () => api<GmailStatus>('GET', '/gmail/status'),
  connectGmail: (redirect_uri: string) => api<ConnectGmailAnswer>('POST', '/gmail/connect', { body: { redirect_uri } }),
  gmailCallback: (body: GmailCallbackInput) => api<GmailCallbackAnswer>('POST', '/gmail/callback', { body }),
  disconnectGmail: (meta?: CommandMeta) => api<GmailStatus>('POST', '/gmail/disconnect', { body: {}, meta }),
  gmailEmails: (query: GmailEmailsQuery, signal?: AbortSignal) => api<GmailEmail[]>('GET', '/gmail/emails', { query, signal }),
};
