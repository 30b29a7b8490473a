import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AddDealForm, EditDealForm, emptyDealValues } from '../../client/src/screens/deals/dealForms';
import { demoEmail, planDeals } from '../../server/seed/demoDeals';
import { CreateDealInput } from '@shared/schemas/deals';

const LOCATION = '5f0c3a1e-8d4b-4c7a-9f21-3b6e2d1c0a99';
const COMPANY = '0b7f2c4e-1a3d-4e5f-8a9b-0c1d2e3f4a5b';
const CONTACT = '9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b';
const typed = {
  ...emptyDealValues(LOCATION, 'Alex Morgan'),
  deal_name: 'Corner suite',
  company_name: 'Acme',
  contact: { name: 'Ana Acme', email: 'ana@acme.example', phone: '', title: '' },
  offered_price: '1500',
};

describe('the deal forms’ company and contact', () => {
  it('send a picked company and contact by id, and typed ones by name and e-mail alone', () => {
    expect(AddDealForm.parse(typed)).toMatchObject({ company_name: 'Acme', company_id: null, contact_id: null, contact: { email: 'ana@acme.example' } });
    expect(AddDealForm.parse({ ...typed, company_id: COMPANY, contact_id: CONTACT })).toMatchObject({ company_id: COMPANY, contact_id: CONTACT });
    // An edit says null for a typed one: the server then links or creates it rather than keeping the old link.
    expect(EditDealForm.parse({ ...typed, company_id: '', contact_id: CONTACT })).toMatchObject({ company_id: null, contact_id: CONTACT });
  });

  it('refuse a picked id that is not one, at its own field', () => {
    const result = AddDealForm.safeParse({ ...typed, company_id: 'acme' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['company_id']);
  });
});

describe('demo contacts', () => {
  it('have plain ASCII e-mail addresses that a new deal accepts, accented names included', () => {
    expect(demoEmail('Tomás', 'Chen', 'Tandem Mobility')).toBe('tomas.chen@tandemmobility.example');
    const plans = planDeals([{ id: LOCATION, offices: [] }], new Date('2026-11-01T12:00:00Z'), randomUUID);
    expect(plans.some((p) => /[^\x20-\x7e]/.test(p.terms.contact.name))).toBe(true);
    for (const { terms } of plans) {
      const parsed = CreateDealInput.shape.contact.safeParse(terms.contact);
      expect(parsed.success, `${terms.contact.email}: ${parsed.error?.message}`).toBe(true);
    }
  });
});
