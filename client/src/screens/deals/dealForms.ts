/**
 * The Add Deal and Edit Deal forms: text in, the API's request body out, ending in the shared
 * request schema the server validates with. Field names are the API's (contact.email), so a
 * field the server refuses is marked at the input of the same name.
 */
import { z } from 'zod';
import { AGREEMENT_TYPES, DEAL_MEMBERSHIP_TYPES } from '@shared/domain/deals';
import { CreateDealInput, UpdateDealInput, type Deal } from '@shared/schemas/deals';
import type { UseFormSetFocus } from 'react-hook-form';
import { focusFirstError } from '../../forms/focusFirstError';
import { asRequest, numberText, optionalNumberText, optionalText, requiredChoice, requiredEmail, requiredText } from '../../forms/fields';

const MONEY_MAX = 100_000_000;

const terms = {
  agreement_type: z.enum(AGREEMENT_TYPES),
  membership_type: z.enum(DEAL_MEMBERSHIP_TYPES),
  office_ids: z.array(z.string()),
  start_date: z.string().transform((date) => date || null),
  term_months: optionalNumberText('Term (months)', { min: 0, max: 600, whole: true }),
  term_days: optionalNumberText('Term (days)', { min: 0, max: 365, whole: true }),
  // The spec's default probability is 50; an emptied field goes back to it.
  probability: numberText('Probability', { min: 0, max: 100, whole: true, empty: 50 }),
  notice_by: optionalText('Notice by', 120),
  notes: optionalText('Notes', 4000),
  source: optionalText('Source', 120),
  assigned_to: optionalText('Assigned to', 120),
};

const details = {
  deal_name: requiredText('Deal name', 160),
  company_name: requiredText('Company name', 160),
  contact: z.object({
    name: requiredText('Contact name', 120),
    email: requiredEmail('Contact email'),
    phone: optionalText('Phone', 40),
    title: optionalText('Title', 120),
  }),
  offered_price: numberText('Offered price', { min: 0, max: MONEY_MAX, empty: 'required' }),
  // The CRM rows picked from the suggestions; empty when the names were typed (new, or by name).
  company_id: z.string().transform((id) => id || null),
  contact_id: z.string().transform((id) => id || null),
};

export const AddDealForm = z
  .object({ ...details, location_id: requiredChoice('Location'), ...terms })
  .transform(asRequest(CreateDealInput));
export type DealFormValues = z.input<typeof AddDealForm>;

/** Edit: the same fields; the location stays (moving a deal to another location is not this dialog's). */
export const EditDealForm = z
  .object({ ...details, location_id: z.string(), ...terms })
  .transform(({ location_id: _location, ...body }) => body)
  .transform(asRequest(UpdateDealInput));

/** Where a refusal naming a picked row shows: at the field it was picked in. */
const PICKED_IN: Record<string, string> = { company_id: 'company_name', contact_id: 'contact.name' };

/** For showServerError's `focus`: the first refused field on screen, a picked row's at its field. */
export const focusDealField = (setFocus: UseFormSetFocus<DealFormValues>) => (paths: string[]) =>
  focusFirstError(setFocus, paths.map((path) => PICKED_IN[path] ?? path));

/** The fields the spec's 'Please fill in all required fields' covers, by label. */
export const DEAL_REQUIRED = {
  deal_name: 'Deal name',
  company_name: 'Company name',
  'contact.name': 'Contact name',
  'contact.email': 'Contact email',
  location_id: 'Location',
  offered_price: 'Offered price',
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function emptyDealValues(locationId: string, assignedTo: string): DealFormValues {
  return {
    deal_name: '',
    company_name: '',
    company_id: '',
    contact: { name: '', email: '', phone: '', title: '' },
    contact_id: '',
    location_id: locationId,
    offered_price: '',
    agreement_type: 'new_business',
    membership_type: 'Private Office',
    office_ids: [],
    start_date: '',
    term_months: '',
    term_days: '',
    probability: '50',
    notice_by: '',
    notes: '',
    source: '',
    assigned_to: assignedTo,
  };
}

export function dealValuesOf(deal: Deal): DealFormValues {
  return {
    deal_name: deal.deal_name,
    company_name: deal.company_name,
    company_id: deal.company_id ?? '',
    contact: { name: deal.contact?.name ?? '', email: deal.contact?.email ?? '', phone: deal.contact?.phone ?? '', title: deal.contact?.title ?? '' },
    contact_id: deal.contact_id ?? '',
    location_id: deal.location_id,
    offered_price: text(deal.offered_price),
    agreement_type: deal.agreement_type,
    membership_type: deal.membership_type,
    office_ids: deal.office_ids ?? [],
    start_date: deal.start_date?.slice(0, 10) ?? '',
    term_months: text(deal.term_months),
    term_days: text(deal.term_days),
    probability: text(deal.probability),
    notice_by: deal.notice_by ?? '',
    notes: deal.notes ?? '',
    source: deal.source ?? '',
    assigned_to: deal.assigned_to ?? '',
  };
}

/** What a number field holds right now, for the figures shown while typing (null when not a number). */
export function typedNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Labels for the edit dialog's "changed since you opened it" notice. */
export const DEAL_FIELD_LABELS: Partial<Record<keyof Deal, string>> = {
  deal_name: 'name',
  company_name: 'company',
  contact: 'contact',
  offered_price: 'offered price',
  probability: 'probability',
  stage: 'stage',
  office_ids: 'offices',
  term_months: 'term',
  term_days: 'term',
  start_date: 'start date',
  notes: 'notes',
  agreement_type: 'agreement type',
  membership_type: 'membership',
  assigned_to: 'assignee',
};
