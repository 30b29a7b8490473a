import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { changedFields, existing, type Aggregate, type Decider } from '../decider';
import { conflict } from '../store/errors';
import { TemplateEventSchemas, type TemplateCreated, type TemplateDetailsData, type TemplateEvent } from './events';

export type TemplateCommand =
  | { type: 'CreateTemplate'; id: string; details: TemplateDetailsData }
  | { type: 'EditTemplate'; changes: Partial<TemplateDetailsData> }
  | { type: 'DeleteTemplate' };

/** The template as it stands; `deleted` once removed (its stream, and so its id, is never reused). */
export type TemplateState = (TemplateCreated['data'] & { deleted: boolean }) | null;

export const TEMPLATE_NOT_FOUND = 'Template not found';

export const templateDecider: Decider<TemplateCommand, TemplateState, TemplateEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'CreateTemplate':
        if (state) throw conflict('Template already exists');
        return [{ type: 'TemplateCreated', data: { id: command.id, ...command.details } }];

      case 'EditTemplate': {
        const template = existing(state?.deleted ? null : state, TEMPLATE_NOT_FOUND);
        const changes = changedFields<TemplateDetailsData>(command.changes, template);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'TemplateEdited', data: changes }];
      }

      case 'DeleteTemplate':
        existing(state?.deleted ? null : state, TEMPLATE_NOT_FOUND);
        return [{ type: 'TemplateDeleted', data: {} }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TemplateCreated':
        return { ...event.data, deleted: false };
      case 'TemplateEdited':
        return state && { ...state, ...event.data };
      case 'TemplateDeleted':
        return state && { ...state, deleted: true };
    }
  },
};

/**
 * Templates belong to no location: every signed-in user reads them, so their events reach
 * everyone (the gateway's `everyone` room); who may change them is the policy table's business.
 */
export const templateAggregate: Aggregate<TemplateCommand, TemplateState, TemplateEvent> = {
  streamType: 'template',
  streamId: (id) => `template-${id}`,
  decider: templateDecider,
  eventSchemas: TemplateEventSchemas,
  scope: eventScope(VISIBILITY.templates),
};
