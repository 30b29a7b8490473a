import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import type { Aggregate, Decider } from '../decider';
import { conflict, notFound } from '../store/errors';
import { ResourceEventSchemas, type ResourceDetailsData, type ResourceEvent, type ResourceUploaded } from './events';

export type ResourceCommand = { type: 'UploadResource'; id: string; details: ResourceDetailsData } | { type: 'DeleteResource' };

/** The document as it stands; `deleted` once removed (its id is never reused). */
export type ResourceState = (ResourceUploaded['data'] & { deleted: boolean }) | null;

export const RESOURCE_NOT_FOUND = 'Document not found';

export const resourceDecider: Decider<ResourceCommand, ResourceState, ResourceEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'UploadResource':
        if (state) throw conflict('Document already exists');
        return [{ type: 'ResourceUploaded', data: { id: command.id, ...command.details } }];

      case 'DeleteResource':
        if (!state || state.deleted) throw notFound(RESOURCE_NOT_FOUND);
        return [{ type: 'ResourceDeleted', data: {} }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ResourceUploaded':
        return { ...event.data, deleted: false };
      case 'ResourceDeleted':
        return state && { ...state, deleted: true };
    }
  },
};

/**
 * Documents belong to no location: every signed-in user reads the library, so their events reach
 * everyone; who may upload and delete is the policy table's business.
 */
export const resourceAggregate: Aggregate<ResourceCommand, ResourceState, ResourceEvent> = {
  streamType: 'resource',
  streamId: (id) => `resource-${id}`,
  decider: resourceDecider,
  eventSchemas: ResourceEventSchemas,
  scope: eventScope(VISIBILITY.resources),
};
