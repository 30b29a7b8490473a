import { describe, it } from 'vitest';
import { RESOURCE_NOT_FOUND, resourceDecider } from '../../events/resource/decider';
import type { ResourceDetailsData, ResourceEvent } from '../../events/resource/events';
import { createsOnce, specFor } from '../support/givenWhenThen';

const given = specFor(resourceDecider);
const id = '44444444-1b2c-4d5e-8f90-123456789abc';
const details: ResourceDetailsData = {
  name: 'Employee Handbook',
  description: 'Policies',
  category: 'HR Policies & Guidelines',
  type: 'PDF',
  file_name: 'employee-handbook.pdf',
  content_type: 'application/pdf',
  size: 2048,
  sha256: 'a'.repeat(64),
};
const uploaded: ResourceEvent = { type: 'ResourceUploaded', data: { id, ...details } };
const deleted: ResourceEvent = { type: 'ResourceDeleted', data: {} };

describe('resource decider', () => {
  createsOnce(given, 'a document', { type: 'UploadResource', id, details }, uploaded, 'Document already exists');

  it('given a document, when it is deleted, then it is deleted', () => {
    given([uploaded]).when({ type: 'DeleteResource' }).then([deleted]);
  });

  it('given no document, or a deleted one, when it is deleted, then it is not found', () => {
    given([]).when({ type: 'DeleteResource' }).thenRefuses(404, RESOURCE_NOT_FOUND);
    given([uploaded, deleted]).when({ type: 'DeleteResource' }).thenRefuses(404, RESOURCE_NOT_FOUND);
  });

  it('given a deleted document, when its id is uploaded again, then that is refused (ids are never reused)', () => {
    given([uploaded, deleted]).when({ type: 'UploadResource', id, details }).thenRefuses(409, 'Document already exists');
  });
});
