import { readFileSync } from 'node:fs';
import type { FloorBackgroundEvent, PlacementEvent } from '../../events/floorPlan/events';
import type { OfficeDetailsEdited } from '../../events/office/events';
import { defineReadModel } from '../engine/defineReadModel';
import { entityId } from '../engine/projection';
import { backgroundsTouched, placementsTouched } from './queries';

/** The office's columns a box on the plan shows: a change of any of them re-sends the box. */
const SHOWN = ['office_number', 'status', 'tenant', 'end_date', 'desks'];

/** A box off its plan: at no location, so no one sees it (shared/visibility.ts), and no box. */
const OFF_PLAN = { location_id: null, floor: null, x: null, y: null, width: null, height: null };

export const floorPlacementsProjection = defineReadModel<PlacementEvent | OfficeDetailsEdited>({
  name: 'floor_placements',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'floor_placements',
  joins: [{ column: 'office_id', model: 'offices', shows: SHOWN }],
  evolve: {
    OfficePlaced: {
      upsert: (row, { stream_id, data: d }) => ({
        ...row, id: entityId(stream_id), office_id: d.office_id, location_id: d.location_id, floor: d.floor, x: d.x, y: d.y, width: d.width, height: d.height,
      }),
    },
    // Off the plan, the row stays (at no location): sockets are told it left, and may take it back.
    OfficeUnplaced: (row) => ({ ...row, ...OFF_PLAN }),
    // An office moved to another floor or location leaves the plan it was on (and every socket
    // showing it is told): its box was drawn for that floor.
    OfficeDetailsEdited: {
      rows: ({ data, stream_id }) => (data.floor === undefined && data.location_id === undefined ? null : { column: 'office_id', value: entityId(stream_id) }),
      // The event names only what changed: the box's floor or location is no longer the office's.
      evolve: (row) => (row.location_id === null ? row : { ...row, ...OFF_PLAN }),
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
