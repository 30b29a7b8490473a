/**
 * The office dialogs' forms: text in, the API's request body out. Form fields carry the API's
 * names (marketed_rates.monthly, lease_info.term_months), so a field the server refuses is shown
 * at the input of the same name. Each schema ends in the shared request schema the server uses (asRequest).
 */
import { z } from 'zod';
import { leaseEndDate } from '@shared/domain/lease';
import { AddOfficeContactInput, CreateOfficeInput, DEFAULT_OFFICE_TYPE, UpdateOfficeInput, type Office } from '@shared/schemas/offices';
import { asRequest, moneyText, numberText, optionalMoneyText, optionalNumberText, optionalText, requiredChoice, requiredEmail, requiredText } from '../../forms/fields';

const marketedRates = z.object({
  monthly: moneyText('Monthly rate', 0),
  six_month: moneyText('6-month rate', 0),
  twelve_month: moneyText('12-month rate', 0),
});

/** A lease's term and start, either left empty (null); its end date follows from both. */
const leaseInfo = z.object({
  term_months: optionalNumberText('Lease term', { min: 1, max: 600, whole: true }),
  start_date: z.string().transform((date) => date || null),
});

/** Add Office: the spec's defaults (desks 1, floor 1, rates 0) fill empty fields. */
export const AddOfficeForm = z
  .object({
    office_number: requiredText('Office number', 40),
    location_id: requiredChoice('Location'),
    type: z
      .string()
      .trim()
      .transform((type) => type || DEFAULT_OFFICE_TYPE),
    desks: numberText('Desks', { min: 0, max: 500, whole: true, empty: 1 }),
    floor: numberText('Floor', { min: -5, max: 200, whole: true, empty: 1 }),
    windowed: z.boolean(),
    marketed_rates: marketedRates,
  })
  .transform(asRequest(CreateOfficeInput));
export type AddOfficeValues = z.input<typeof AddOfficeForm>;

/** Labels of the fields the spec's 'Office number and location are required' covers. */
export const ADD_OFFICE_REQUIRED = { office_number: 'Office number', location_id: 'Location' };

/** Edit Rates & Lease Info: an empty term or start is null; the end date follows from both. */
export const RatesForm = z
  .object({
    marketed_rates: marketedRates,
    signed_rate: optionalMoneyText('Signed rate'),
    lease_info: leaseInfo,
  })
  .transform((values) => ({
    ...values,
    lease_info: { ...values.lease_info, end_date: leaseEndDate(values.lease_info.start_date, values.lease_info.term_months) },
  }))
  .transform(asRequest(UpdateOfficeInput));
export type RatesValues = z.input<typeof RatesForm>;

/** The rates form filled from a row (also after Reload, to take the latest values). */
export function ratesValuesOf(office: Office): RatesValues {
  const rates = office.marketed_rates ?? { monthly: 0, six_month: 0, twelve_month: 0 };
  return {
    marketed_rates: { monthly: String(rates.monthly ?? 0), six_month: String(rates.six_month ?? 0), twelve_month: String(rates.twelve_month ?? 0) },
    signed_rate: office.signed_rate === null || office.signed_rate === undefined ? '' : String(office.signed_rate),
    lease_info: {
      term_months: office.lease_info?.term_months ? String(office.lease_info.term_months) : '',
      start_date: office.lease_info?.start_date?.slice(0, 10) ?? '',
    },
  };
}

/** Manage Contacts' add form. */
export const ContactForm = z
  .object({
    name: requiredText('Name', 120),
    email: requiredEmail('Email'),
    phone: optionalText('Phone', 40),
    role: optionalText('Role', 80),
    is_primary: z.boolean(),
  })
  .transform(asRequest(AddOfficeContactInput));
export type ContactValues = z.input<typeof ContactForm>;

export const CONTACT_REQUIRED = { name: 'Name', email: 'Email' };

/** The office profile's edit form: its details, marketed rates (the profile's name: market_rates) and lease. */
export const OfficeProfileForm = z
  .object({
    office_number: requiredText('Office number', 40),
    type: requiredText('Type', 60),
    desks: numberText('Desks', { min: 0, max: 500, whole: true, empty: 'required' }),
    floor: numberText('Floor', { min: -5, max: 200, whole: true, empty: 'required' }),
    windowed: z.boolean(),
    market_rates: marketedRates,
    signed_rate: optionalMoneyText('Signed rate'),
    lease_info: leaseInfo,
  })
  .transform((values) => ({
    ...values,
    lease_info: {
      ...values.lease_info,
      end_date: leaseEndDate(values.lease_info.start_date, values.lease_info.term_months),
      signed_rate: values.signed_rate,
    },
  }))
  .transform(asRequest(UpdateOfficeInput));
export type OfficeProfileValues = z.input<typeof OfficeProfileForm>;

/** The profile form filled from a row (also after Reload, to take the latest values). */
export function profileValuesOf(office: Office): OfficeProfileValues {
  const rates = office.market_rates ?? office.marketed_rates ?? { monthly: 0, six_month: 0, twelve_month: 0 };
  const signed = office.lease_info?.signed_rate ?? office.signed_rate;
  return {
    office_number: office.office_number,
    type: office.type,
    desks: String(office.desks),
    floor: String(office.floor),
    windowed: office.windowed,
    market_rates: { monthly: String(rates.monthly ?? 0), six_month: String(rates.six_month ?? 0), twelve_month: String(rates.twelve_month ?? 0) },
    signed_rate: signed === null || signed === undefined ? '' : String(signed),
    lease_info: {
      term_months: office.lease_info?.term_months ? String(office.lease_info.term_months) : '',
      start_date: office.lease_info?.start_date?.slice(0, 10) ?? '',
    },
  };
}

export type OfficeTab = 'overview' | 'pricing' | 'assignment' | 'activity';

/** Each editable field's tab, in the order the fields appear: a refused save opens the first one's tab. */
export const OFFICE_PROFILE_FIELDS: [string, OfficeTab][] = [
  ['office_number', 'overview'],
  ['type', 'overview'],
  ['desks', 'overview'],
  ['floor', 'overview'],
  ['windowed', 'overview'],
  ['market_rates.monthly', 'pricing'],
  ['market_rates.six_month', 'pricing'],
  ['market_rates.twelve_month', 'pricing'],
  ['signed_rate', 'pricing'],
  ['lease_info.term_months', 'pricing'],
  ['lease_info.start_date', 'pricing'],
];
