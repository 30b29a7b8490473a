import { z } from 'zod';

const LocationFields = {
  name: z.string().min(1),
  city: z.string().min(1),
  address: z.string().min(1),
  manager: z.string().min(1),
  floors: z.array(z.number().int()),
};

export const LocationEventSchemas = {
  LocationCreated: z.object({ id: z.uuid(), ...LocationFields }).strict(),
  LocationUpdated: z.object(LocationFields).partial().strict(),
};

export type LocationCreated = { type: 'LocationCreated'; data: z.infer<typeof LocationEventSchemas.LocationCreated> };
export type LocationUpdated = { type: 'LocationUpdated'; data: z.infer<typeof LocationEventSchemas.LocationUpdated> };
export type LocationEvent = LocationCreated | LocationUpdated;
