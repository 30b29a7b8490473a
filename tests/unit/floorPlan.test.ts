import { describe, expect, it } from 'vitest';
import { GRID, MIN_SIZE, NEW_SIZE, droppedBox, freeSpot, movedBox, resizedBox, snap, snapBox, toFraction } from '../../client/src/screens/offices/floor/floorGeometry';
import { heatBucket } from '../../client/src/screens/offices/floor/heat';
import { nextInDirection, readingOrder } from '../../client/src/screens/offices/floor/floorNavigation';
import { keyboardStep } from '../../client/src/screens/offices/floor/keyboardSteps';
import { deskWords, itemName, planItems } from '../../client/src/screens/offices/floor/placementItems';
import { leftText } from '../../client/src/screens/offices/floor/useLeavers';
import type { FloorPlacement } from '../../shared/schemas/floorPlans';
import type { Office } from '../../shared/schemas/offices';

const plan = { width: 800, height: 400 };

describe('floor plan fractions and snapping', () => {
  it('snaps a fraction to the nearest grid line, without float dust', () => {
    expect(snap(0.31)).toBe(0.3);
    expect(snap(0.3125)).toBe(0.325);
    expect(snap(3 * GRID + 0.001)).toBe(0.075);
  });

  it('turns pixels into fractions of the plan, and nothing on a plan without size', () => {
    expect(toFraction(200, 800)).toBe(0.25);
    expect(toFraction(10, 0)).toBe(0);
  });

  it('keeps a snapped box on the plan and at least the smallest size', () => {
    expect(snapBox({ x: 0.99, y: -0.2, width: 0.001, height: 0.3 })).toEqual({ x: 1 - MIN_SIZE, y: 0, width: MIN_SIZE, height: 0.3 });
    expect(snapBox({ x: 0.5, y: 0.5, width: 2, height: 0.1 })).toEqual({ x: 0, y: 0.5, width: 1, height: 0.1 });
  });

  it('moves a box by a drag in pixels, snapped to the grid', () => {
    const box = { x: 0.1, y: 0.1, width: 0.1, height: 0.1 };
    // 81 px of 800 is 0.10125 across: snaps to 0.2; 19 px of 400 is 0.0475 down: snaps to 0.15.
    expect(movedBox(box, 81, 19, plan)).toEqual({ x: 0.2, y: 0.15, width: 0.1, height: 0.1 });
    expect(movedBox(box, -5000, 0, plan).x).toBe(0);
  });

  it('resizes from the corner, never past the plan edge nor below the smallest size', () => {
    const box = { x: 0.8, y: 0.1, width: 0.1, height: 0.1 };
    expect(resizedBox(box, 400, 0, plan)).toEqual({ ...box, width: 0.2 });
    expect(resizedBox(box, -400, -400, plan)).toEqual({ ...box, width: MIN_SIZE, height: MIN_SIZE });
  });

  it('finds the first free spot in rows for an office placed from the keyboard', () => {
    expect(freeSpot([])).toEqual({ x: 0, y: 0, ...NEW_SIZE });
    // The top-left corner taken: the next grid step right of it.
    expect(freeSpot([{ x: 0, y: 0, width: 0.1, height: 0.1 }])).toEqual({ x: 0.1, y: 0, ...NEW_SIZE });
    // A whole band taken: the row below it.
    expect(freeSpot([{ x: 0, y: 0, width: 1, height: 0.2 }])).toEqual({ x: 0, y: 0.2, ...NEW_SIZE });
    // A full plan: the corner (overlaps are allowed).
    expect(freeSpot([{ x: 0, y: 0, width: 1, height: 1 }])).toEqual({ x: 0, y: 0, ...NEW_SIZE });
  });

  it('places a dropped office where its corner fell on the plan', () => {
    expect(droppedBox(300, 160, { left: 100, top: 60, width: 800, height: 400 })).toMatchObject({ x: 0.25, y: 0.25 });
  });
});

describe('lease heat buckets', () => {
  it('colours leased offices by the days left, ended leases hottest', () => {
    expect([-3, 0, 30, 31, 60, 61, 90, 91].map((d) => heatBucket('LEASED', d))).toEqual([30, 30, 30, 60, 60, 90, 90, null]);
  });
  it('leaves offices out that are not leased or have no end date', () => {
    expect(heatBucket('VACANT', 10)).toBeNull();
    expect(heatBucket('PENDING', 10)).toBeNull();
    expect(heatBucket('LEASED', null)).toBeNull();
  });
});

describe('keyboard order on the plan', () => {
  const box = (id: string, x: number, y: number) => ({ id, x, y, width: 0.1, height: 0.1 });
  //  a b c
  //  d   e
  const items = [box('a', 0, 0), box('b', 0.3, 0), box('c', 0.6, 0.02), box('d', 0, 0.5), box('e', 0.6, 0.5)];

  it('steps to the nearest office that way, keeping to the row or column', () => {
    expect(nextInDirection(items, 'a', 'right')).toBe('b');
    expect(nextInDirection(items, 'b', 'right')).toBe('c');
    expect(nextInDirection(items, 'a', 'down')).toBe('d');
    expect(nextInDirection(items, 'd', 'right')).toBe('e');
    expect(nextInDirection(items, 'e', 'up')).toBe('c');
    expect(nextInDirection(items, 'b', 'down')).toBe('d');
  });

  it('stays put at the edge of the plan', () => {
    expect(nextInDirection(items, 'a', 'left')).toBeNull();
    expect(nextInDirection(items, 'a', 'up')).toBeNull();
  });

  it('reads the plan in rows, left to right', () => {
    expect(readingOrder([items[4]!, items[2]!, items[3]!, items[1]!, items[0]!]).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('moves a held office one grid step per arrow, and onto the plan first when it starts off it', () => {
    const rect = { left: 100, top: 50, width: 800, height: 400 };
    expect(keyboardStep('ArrowRight', { x: 300, y: 100 }, { left: 300, top: 100, width: 40, height: 40 }, rect)).toEqual({ x: 320, y: 100 });
    expect(keyboardStep('ArrowUp', { x: 300, y: 100 }, { left: 300, top: 100, width: 40, height: 40 }, rect)).toEqual({ x: 300, y: 90 });
    expect(keyboardStep('ArrowDown', { x: 10, y: 10 }, { left: 10, top: 10, width: 40, height: 40 }, rect)).toEqual({ x: 120, y: 60 });
    expect(keyboardStep('KeyA', { x: 300, y: 100 }, null, rect)).toBeUndefined();
  });
});

describe('what the plan says of an office', () => {
  const placement: FloorPlacement = { id: 'o1', office_id: 'o1', location_id: 'L1', floor: 3, office_number: '301', x: 0.1, y: 0.1, width: 0.1, height: 0.1, status: 'VACANT', member_name: null, lease_end: null, desks: 4, version: 2, created_at: '', updated_at: '' };
  const office = { id: 'o1', office_number: '301', location_id: 'L1', floor: 3, status: 'LEASED', tenant: 'Acme', desks: 6, lease_info: { end_date: '2026-03-13' } } as unknown as Office;
  const now = new Date(2026, 0, 30, 12);

  it('names a shape by number, status, member and days left', () => {
    expect(itemName({ number: '301', status: 'LEASED', member: 'Acme', daysLeft: 42 })).toBe('Office 301, Leased to Acme, lease ends in 42 days');
    expect(itemName({ number: '12', status: 'VACANT', member: null, daysLeft: null })).toBe('Office 12, Vacant');
  });

  it('counts desks in words: one desk, otherwise desks', () => {
    expect(deskWords(1)).toBe('1 desk');
    expect(deskWords(0)).toBe('0 desks');
    expect(deskWords(4)).toBe('4 desks');
  });

  it('shows the live office row over the placement copy, and drops an office that moved away', () => {
    const where = { locationId: 'L1', floor: 3 };
    const [item] = planItems([placement], { o1: office }, where, now);
    expect(item).toMatchObject({ status: 'LEASED', member: 'Acme', desks: 6, daysLeft: 42, x: 0.1 });
    expect(planItems([placement], { o1: { ...office, floor: 4 } }, where, now)).toEqual([]);
    expect(planItems([placement], null, where, now)[0]).toMatchObject({ status: 'VACANT', desks: 4 });
    expect(leftText({ ...office, floor: 4 }, where, [])).toBe('Office 301 moved to floor 4');
    expect(leftText({ ...office, location_id: 'L2' }, where, [{ id: 'L2', name: 'Austin' }])).toBe('Office 301 moved to Austin');
  });
});

describe('a background image before it is sent', () => {
  it('refuses what the server would: empty, another kind, over 10 MB', async () => {
    const { backgroundRefusal } = await import('../../client/src/screens/offices/floor/EditTools');
    expect(backgroundRefusal({ type: 'image/png', size: 0 })).toMatch(/empty/);
    expect(backgroundRefusal({ type: 'application/pdf', size: 10 })).toMatch(/PNG, JPEG or WebP/);
    expect(backgroundRefusal({ type: 'image/webp', size: 10 * 1024 * 1024 + 1 })).toMatch(/10 MB/);
    expect(backgroundRefusal({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
  });
});
