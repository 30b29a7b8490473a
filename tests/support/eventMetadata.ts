import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../events/store/types';

/** Metadata for events a store test appends directly: a test user, a fresh correlation id, no scope. */
export const testMetadata = (): EventMetadata => ({
  user_id: 'test',
  correlation_id: randomUUID(),
  causation_id: null,
  at: new Date().toISOString(),
  scope: { locations: [] },
});
