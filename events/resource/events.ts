import { z } from 'zod';
import { MAX_RESOURCE_BYTES, RESOURCE_CATEGORIES, RESOURCE_TYPES } from '@shared/schemas/resources';

/**
 * What a document is. The bytes are not in the event: they are stored once per content, keyed by
 * `sha256`, in the same transaction as the event (server/resources/contents.ts).
 */
const ResourceDetails = {
  name: z.string().min(1),
  description: z.string().nullable(),
  category: z.enum(RESOURCE_CATEGORIES),
  type: z.enum(RESOURCE_TYPES),
  file_name: z.string().min(1),
  content_type: z.string().min(1),
  size: z.number().int().min(1).max(MAX_RESOURCE_BYTES),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
};

export const ResourceEventSchemas = {
  ResourceUploaded: z.object({ id: z.uuid(), ...ResourceDetails }).strict(),
  ResourceDeleted: z.object({}).strict(),
};

type Ev<K extends keyof typeof ResourceEventSchemas> = { type: K; data: z.infer<(typeof ResourceEventSchemas)[K]> };

export type ResourceUploaded = Ev<'ResourceUploaded'>;
export type ResourceDeleted = Ev<'ResourceDeleted'>;
export type ResourceEvent = ResourceUploaded | ResourceDeleted;
export type ResourceDetailsData = Omit<ResourceUploaded['data'], 'id'>;
