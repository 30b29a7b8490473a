import { describe, expect, it } from 'vitest';
import { CONTACT_NOT_FOUND, contactDecider } from '../../events/crm/deciders';
import type { ContactEvent } from '../../events/crm/events';
import { specFor } from '../support/givenWhenThen';

const given = specFor(contactDecider);
const acme = '33333333-1b2c-4d5e-8f90-123456789abc';
const globex = '44444444-1b2c-4d5e-8f90-123456789abc';
const created: ContactEvent = {
  type: 'ContactCreated',
  data: {
    id: '11111111-1b2c-4d5e-8f90-123456789abc', name: 'Ada Park', email: 'ada@acme.example', phone: null, title: null,
    company_id: acme, status: 'Prospect', notes: null, lead_source: null,
  },
};

describe('contact decider', () => {
  it('edits only the fields that change', () => {
    given([created]).when({ type: 'EditContact', changes: { title: 'CFO', name: 'Ada Park' } }).then([{ type: 'ContactEdited', data: { title: 'CFO' } }]);
    given([created]).when({ type: 'EditContact', changes: { name: 'Ada Park' } }).then([]);
  });
  it('moves to another company with only the company it moves to: the companies read model works out the one it left', () => {
    given([created]).when({ type: 'EditContact', changes: { company_id: globex } }).then([{ type: 'ContactEdited', data: { company_id: globex } }]);
  });
  it('given an older edit that named the company the contact left, then its state keeps only the company it moved to', () => {
    const older = { type: 'ContactEdited', data: { company_id: globex, previous_company_id: acme } } as unknown as ContactEvent;
    const state = [created, older].reduce(contactDecider.evolve, contactDecider.initialState);
    expect(state).toMatchObject({ company_id: globex });
    expect(state).not.toHaveProperty('previous_company_id');
  });
  it('deletes a contact naming the company it belonged to, and refuses an unknown one', () => {
    given([created]).when({ type: 'DeleteContact' }).then([{ type: 'ContactDeleted', data: { company_id: acme } }]);
    given([]).when({ type: 'DeleteContact' }).thenRefuses(404, CONTACT_NOT_FOUND);
  });
});
