import { z } from 'zod';

const LocationFields = {
  name: z.string().min(1),
  city: z.string().min(1),
  address: z.string().min(1),
  manager: z.string().min(1),
  floors: z.array(z.number().int()),
  /** The location's IANA zone and its daily opening hours (HH:MM): bookings are checked on that wall clock. */
  time_zone: z.string().min(1),
  opens_at: z.string().regex(/^\d{2}:\d{2}$/),
  closes_at: z.string().regex(/^\d{2}:\d{2}$/),
};

/** Locations created before zones and hours existed have none: they read as DEFAULT_HOURS. */
const { time_zone, opens_at, closes_at, ...Required } = LocationFields;

export const LocationEventSchemas = {
  LocationCreated: z.object({ id: z.uuid(), ...Required, time_zone: time_zone.optional(), opens_at: opens_at.optional(), closes_at: closes_at.optional() }).strict(),
  LocationUpdated: z.object(LocationFields).partial().strict(),
};

export type LocationCreated = { type: 'LocationCreated'; data: z.infer<typeof LocationEventSchemas.LocationCreated> };
export type LocationUpdated = { type: 'LocationUpdated'; data: z.infer<typeof LocationEventSchemas.LocationUpdated> };
export type LocationEvent = LocationCreated | LocationUpdated;
