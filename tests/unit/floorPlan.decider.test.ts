import { describe, expect, it } from 'vitest';
import { rowLayout } from '@shared/domain/floorLayout';
import type { FloorBackgroundEvent, PlacementEvent } from '../../events/floorPlan/events';
import { floorBackgroundDecider, type FloorBackgroundCommand } from '../../events/floorPlan/backgroundDecider';
import { floorId, placementId } from '../../events/floorPlan/floorId';
import { placementDecider, type PlacementCommand } from '../../events/floorPlan/placementDecider';
import { fixedIds, specFor } from '../support/givenWhenThen';

const ids = fixedIds('office', 'broadway', 'broad');
const given = specFor<PlacementCommand, unknown, PlacementEvent>(placementDecider as never);
const plan = { location_id: ids.broadway, floor: 4 };
const office = { id: ids.office, office_number: '402', location_id: ids.broadway, floor: 4 };
const box = { x: 0.1, y: 0.2, width: 0.3, height: 0.1 };
const named = { office_id: ids.office, office_number: '402' };
const placed: PlacementEvent = { type: 'OfficePlaced', data: { ...named, ...plan, ...box } };

describe('placement decider', () => {
  it('given nothing, when an office is placed on its own floor, then it is recorded with its box', () => {
    given([]).when({ type: 'PlaceOffice', plan, office, box, shown: false }).then([placed]);
  });

  it('given a placement, when it is moved, then the whole new box is recorded', () => {
    given([placed]).when({ type: 'PlaceOffice', plan, office, box: { ...box, x: 0.5 }, shown: true }).then([{ type: 'OfficePlaced', data: { ...placed.data, x: 0.5 } }]);
  });

  it('given a placement the plan shows, when the same box is placed again, then nothing is recorded', () => {
    given([placed]).when({ type: 'PlaceOffice', plan, office, box, shown: true }).then([]);
  });

  it('given a placement an office move took off the plan, when the same box is placed again, then it is recorded', () => {
    given([placed]).when({ type: 'PlaceOffice', plan, office, box, shown: false }).then([placed]);
  });

  it('when an office of another location or floor is placed, then it is refused with 400', () => {
    given([]).when({ type: 'PlaceOffice', plan, office: { ...office, location_id: ids.broad }, box, shown: false }).thenRefuses(400, 'The office is at another location');
    given([]).when({ type: 'PlaceOffice', plan, office: { ...office, floor: 5 }, box, shown: false }).thenRefuses(400, 'The office is on floor 5, not this floor');
  });

  it('given a placement, when it is taken off, then it is recorded; on another floor or off already, 404', () => {
    given([placed]).when({ type: 'UnplaceOffice', plan }).then([{ type: 'OfficeUnplaced', data: { ...named, ...plan } }]);
    given([placed]).when({ type: 'UnplaceOffice', plan: { ...plan, floor: 5 } }).thenRefuses(404, 'The office is not on this floor plan');
    given([placed, { type: 'OfficeUnplaced', data: { ...named, ...plan } }]).when({ type: 'UnplaceOffice', plan }).thenRefuses(404, 'The office is not on this floor plan');
    given([]).when({ type: 'UnplaceOffice', plan }).thenRefuses(404, 'The office is not on this floor plan');
  });

  it('given a placement at the location the office left, when the system clears it, then it is unplaced, moved to the new location', () => {
    const moved = { ...office, location_id: ids.broad };
    given([placed]).when({ type: 'ClearMovedPlacement', office: moved }).then([{ type: 'OfficeUnplaced', data: { ...named, ...plan, moved_to: ids.broad } }]);
    given([placed]).when({ type: 'ClearMovedPlacement', office }).then([]);
    given([]).when({ type: 'ClearMovedPlacement', office: moved }).then([]);
  });

  it('keeps the location of a box taken off (no move), and takes the new one after an office move', () => {
    const off = placementDecider.evolve(placementDecider.evolve(null, placed), { type: 'OfficeUnplaced', data: { ...named, ...plan } });
    expect(off).toEqual({ ...named, ...plan, box: null });
    const cleared = placementDecider.evolve(placementDecider.evolve(null, placed), { type: 'OfficeUnplaced', data: { ...named, ...plan, moved_to: ids.broad } });
    expect(cleared?.location_id).toBe(ids.broad);
  });
});

const backgroundGiven = specFor<FloorBackgroundCommand, unknown, FloorBackgroundEvent>(floorBackgroundDecider as never);
const image = { content_type: 'image/png' as const, size: 2048, sha256: 'a'.repeat(64), width: 1600, height: 900 };
const set: FloorBackgroundEvent = { type: 'FloorBackgroundSet', data: { ...plan, ...image } };

describe('floor background decider', () => {
  it('given nothing, when an image is set, then it is recorded; the same image again records nothing; another replaces it', () => {
    backgroundGiven([]).when({ type: 'SetFloorBackground', plan, image }).then([set]);
    backgroundGiven([set]).when({ type: 'SetFloorBackground', plan, image }).then([]);
    const other = { ...image, sha256: 'b'.repeat(64), width: 800 };
    backgroundGiven([set]).when({ type: 'SetFloorBackground', plan, image: other }).then([{ type: 'FloorBackgroundSet', data: { ...plan, ...other } }]);
  });

  it('given an image, when it is removed, then it is recorded; with none, 404', () => {
    backgroundGiven([set]).when({ type: 'RemoveFloorBackground', plan }).then([{ type: 'FloorBackgroundRemoved', data: plan }]);
    backgroundGiven([]).when({ type: 'RemoveFloorBackground', plan }).thenRefuses(404, 'This floor plan has no background');
    backgroundGiven([set, { type: 'FloorBackgroundRemoved', data: plan }]).when({ type: 'RemoveFloorBackground', plan }).thenRefuses(404, 'This floor plan has no background');
  });
});

describe('floorId', () => {
  it('is a version 5 UUID, the same for the same floor, another for another floor or location', () => {
    const id = floorId(ids.broadway, 4);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(floorId(ids.broadway.toUpperCase(), 4)).toBe(id);
    expect(floorId(ids.broadway, 5)).not.toBe(id);
    expect(floorId(ids.broad, 4)).not.toBe(id);
  });

  it('gives an office’s placement an id of its own, never the office’s', () => {
    expect(placementId(ids.office)).toBe(placementId(ids.office.toUpperCase()));
    expect(placementId(ids.office)).not.toBe(ids.office);
    expect(placementId(ids.office)).not.toBe(placementId(ids.broad));
  });
});

describe('rowLayout', () => {
  it('lays boxes out in rows, left to right, all inside the plan and apart', () => {
    const boxes = rowLayout(7);
    expect(boxes).toHaveLength(7);
    expect(new Set(boxes.map((b) => b.y)).size).toBe(3);
    expect(boxes[1]!.x).toBeGreaterThan(boxes[0]!.x + boxes[0]!.width);
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(1);
      expect(b.y + b.height).toBeLessThanOrEqual(1);
    }
  });

  it('takes the band below the boxes already placed, or the whole plan when too little is left', () => {
    expect(Math.min(...rowLayout(4, 2, [{ x: 0, y: 0, width: 0.5, height: 0.4 }]).map((b) => b.y))).toBeGreaterThan(0.4);
    expect(Math.min(...rowLayout(4, 2, [{ x: 0, y: 0.1, width: 0.5, height: 0.85 }]).map((b) => b.y))).toBeLessThan(0.1);
    expect(rowLayout(3, 5).map((b) => b.y)).toEqual([0.02, 0.02, 0.02]);
    expect(rowLayout(0)).toEqual([]);
  });
});
