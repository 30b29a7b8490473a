import type { AutoLayoutAnswer, FloorBackground, FloorList, FloorPlacement, FloorPlan } from '@shared/schemas/floorPlans';
import { FLOOR_PLAN_MESSAGES } from '@shared/schemas/floorPlans';
import type { z } from 'zod';
import { api, type CommandMeta } from '../../../api/client';
import type { Box } from './floorGeometry';

const enc = encodeURIComponent;
const base = (locationId: string, floor: number) => `/floor-plans/${enc(locationId)}/${enc(String(floor))}`;

/** The floor plan's requests (API.md "Floor plans"). */
export const floorPlanApi = {
  plan: (query: { location: string; floor: number; as_of?: string }, signal?: AbortSignal) => api<FloorPlan>('GET', '/floor-plans', { query, signal }),
  floors: (location: string, signal?: AbortSignal) => api<FloorList>('GET', '/floor-plans/floors', { query: { location }, signal }),
  place: (locationId: string, floor: number, officeId: string, box: Box, meta?: CommandMeta) =>
    api<FloorPlacement>('PUT', `${base(locationId, floor)}/placements/${enc(officeId)}`, { body: { x: box.x, y: box.y, width: box.width, height: box.height }, meta }),
  unplace: (locationId: string, floor: number, officeId: string, meta?: CommandMeta) =>
    api<null>('DELETE', `${base(locationId, floor)}/placements/${enc(officeId)}`, { body: {}, meta }),
  /** Places the floor's unplaced offices in rows by number. */
  layOut: (locationId: string, floor: number) => api<z.infer<typeof AutoLayoutAnswer>>('POST', `${base(locationId, floor)}/auto-layout`, { body: {} }),
  uploadBackground: (locationId: string, floor: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api<z.infer<typeof FloorBackground>>('PUT', `${base(locationId, floor)}/background`, { body: form, tooLarge: FLOOR_PLAN_MESSAGES.tooLarge });
  },
  removeBackground: (locationId: string, floor: number) => api<null>('DELETE', `${base(locationId, floor)}/background`, { body: {} }),
};
