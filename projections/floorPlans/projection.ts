import { readFileSync } from 'node:fs';
import type { FloorBackgroundEvent, PlacementEvent } from '../../events/floorPlan/events';
import type { OfficeDetailsEdited } from '../../events/office/events';
import { defineReadModel } from '../engine/defineReadModel';
import { entityId } from '../engine/projection';
import { backgroundsTouched, placementsTouched } from './queries';

/** The office's columns a box on the plan shows: a change of any of them re-sends the box. */
const SHOWN = ['office_number', 'status', 'tenant', 'end_date', 'desks'];

export const floorPlacementsProjection = defineReadModel<PlacementEvent | OfficeDetailsEdited>({
  name: 'floor_placements',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'floor_placements',
  joins: [{ column: 'id', model: 'offices', shows: SHOWN }],
  evolve: {
    OfficePlaced: {
      upsert: (row, { data: d }) => ({ ...row, id: d.office_id, location_id: d.location_id, floor: d.floor, x: d.x, y: d.y, width: d.width, height: d.height }),
    },
    OfficeUnplaced: () => null,
    // An office moved to another floor or location leaves the plan it was on (and every socket
    // showing it is told): its box was drawn for that floor.
    OfficeDetailsEdited: {
      rows: ({ data, stream_id }) => (data.floor === undefined && data.location_id === undefined ? null : { column: 'id', value: entityId(stream_id) }),
      // The event names only what changed: the box's floor or location is no longer the office's.
      evolve: () => null,
    },
  },
  live: { entity: 'floor_placements', load: placementsTouched },
});

export const floorBackgroundsProjection = defineReadModel<FloorBackgroundEvent>({
  name: 'floor_backgrounds',
  version: 1,
  ddl: readFileSync(new URL('./backgrounds.sql', import.meta.url), 'utf8'),
  table: 'floor_backgrounds',
  evolve: {
    FloorBackgroundSet: {
      upsert: (row, { stream_id, data: d }) => ({
        ...row, id: entityId(stream_id), location_id: d.location_id, floor: d.floor, content_type: d.content_type, size: d.size, sha256: d.sha256, width: d.width, height: d.height,
      }),
    },
    FloorBackgroundRemoved: () => null,
  },
  live: { entity: 'floor_backgrounds', load: backgroundsTouched },
});
