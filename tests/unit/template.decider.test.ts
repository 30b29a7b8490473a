import { describe, expect, it } from 'vitest';
import { fold } from '../../events/decider';
import { TEMPLATE_NOT_FOUND, templateAggregate, templateDecider } from '../../events/template/decider';
import type { TemplateDetailsData, TemplateEvent } from '../../events/template/events';
import { createsOnce, specFor } from '../support/givenWhenThen';

const given = specFor(templateDecider);
const id = '33333333-1b2c-4d5e-8f90-123456789abc';
const details: TemplateDetailsData = {
  name: 'Welcome Email',
  category: 'Email',
  description: 'For new members',
  content: 'Dear [Member Name], welcome to [Location Name].',
};
const created: TemplateEvent = { type: 'TemplateCreated', data: { id, ...details } };
const deleted: TemplateEvent = { type: 'TemplateDeleted', data: {} };

describe('template decider', () => {
  createsOnce(given, 'a template', { type: 'CreateTemplate', id, details }, created, 'Template already exists');

  it('given a template, when it is edited, then only the fields that change are recorded', () => {
    given([created])
      .when({ type: 'EditTemplate', changes: { name: 'Welcome Email', content: 'Hello [Member Name]!', category: 'Email' } })
      .then([{ type: 'TemplateEdited', data: { content: 'Hello [Member Name]!' } }]);
  });

  it('given a template, when an edit changes nothing, then nothing is recorded', () => {
    given([created]).when({ type: 'EditTemplate', changes: { ...details } }).then([]);
    given([created]).when({ type: 'EditTemplate', changes: {} }).then([]);
  });

  it('given an edited template, when it is edited back, then the change is recorded against the latest version', () => {
    const edited: TemplateEvent = { type: 'TemplateEdited', data: { description: null, category: 'Notification' } };
    given([created, edited])
      .when({ type: 'EditTemplate', changes: { description: 'For new members', category: 'Notification' } })
      .then([{ type: 'TemplateEdited', data: { description: 'For new members' } }]);
  });

  it('given a template, when it is deleted, then it is deleted', () => {
    given([created]).when({ type: 'DeleteTemplate' }).then([deleted]);
  });

  it('given no template, or a deleted one, when it is edited or deleted, then it is not found', () => {
    given([]).when({ type: 'EditTemplate', changes: { name: 'X' } }).thenRefuses(404, TEMPLATE_NOT_FOUND);
    given([]).when({ type: 'DeleteTemplate' }).thenRefuses(404, TEMPLATE_NOT_FOUND);
    given([created, deleted]).when({ type: 'EditTemplate', changes: { name: 'X' } }).thenRefuses(404, TEMPLATE_NOT_FOUND);
    given([created, deleted]).when({ type: 'DeleteTemplate' }).thenRefuses(404, TEMPLATE_NOT_FOUND);
  });

  it('given a deleted template, when its id is used for a new one, then that is refused (ids are never reused)', () => {
    given([created, deleted]).when({ type: 'CreateTemplate', id, details }).thenRefuses(409, 'Template already exists');
  });

  it('reaches every signed-in user whatever its state: templates belong to no location', () => {
    const state = fold(templateDecider, [created]);
    expect(templateAggregate.scope(id, state, null)).toEqual({ locations: [], everyone: true });
    expect(templateAggregate.streamId(id)).toBe(`template-${id}`);
  });
});
