import type { CommandMeta } from '../../../api/client';
import { api } from '../../../api/client';
import type { Box } from './floorGeometry';
import type { FloorPlacement, FloorPlan } from './floorPlanTypes';

const enc = encodeURIComponent;
const base = (locationId: string, floor: number) => `/floor-plans/${enc(locationId)}/${enc(String(floor))}`;

/** The floor plan's requests (API.md "Floor plans"). */
export const floorPlanApi = {
  plan: (query: { location: string; floor: number; as_of?: string }, signal?: AbortSignal) => api<FloorPlan>('GET', '/floor-plans', { query, signal }),
  place: (locationId: string, floor: number, officeId: string, box: Box, meta?: CommandMeta) =>
    api<FloorPlacement>('PUT', `${base(locationId, floor)}/placements/${enc(officeId)}`, { body: { x: box.x, y: box.y, width: box.width, height: box.height }, meta }),
  unplace: (locationId: string, floor: number, officeId: string, meta?: CommandMeta) =>
    api<null>('DELETE', `${base(locationId, floor)}/placements/${enc(officeId)}`, { body: {}, meta }),
  uploadBackground: (locationId: string, floor: number, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api<{ url: string }>('PUT', `${base(locationId, floor)}/background`, { body: form, tooLarge: 'The floor plan image must be at most 10 MB' });
  },
  /** Places the floor's unplaced offices in rows by number. */
  layOut: (locationId: string, floor: number) => api<unknown>('POST', `${base(locationId, floor)}/auto-layout`, { body: {} }),
  removeBackground: (locationId: string, floor: number) => api<null>('DELETE', `${base(locationId, floor)}/background`, { body: {} }),
};
