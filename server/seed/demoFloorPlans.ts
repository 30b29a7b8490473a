import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { rowLayout } from '@shared/domain/floorLayout';
import { floorBackgroundAggregate } from '../../events/floorPlan/backgroundDecider';
import { floorId, placementId } from '../../events/floorPlan/floorId';
import { placementAggregate } from '../../events/floorPlan/placementDecider';
import type { HandleCommand } from '../../events/handleCommand';
import type { Pool } from '../../events/store/types';
import { storeContent } from '../resources/contents';
import { seedOnce } from './once';

/** The locations whose every floor is drawn; the others get their lowest floor only. */
const WHOLE_BUILDINGS = ['55 Broadway', '60 Broad'];
/** Boxes across a row of the demo plans. */
const PER_ROW = 5;

const system = () => ({ userId: 'system', now: new Date() });

/** CRC-32 of PNG chunks (the table-less form: a demo image is small). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A plain architectural sheet for the demo plans: a pale floor, outer walls and a corridor band,
 * as a greyscale PNG drawn here (no image files ship with the seed).
 */
export function demoFloorImage(width = 1200, height = 800): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const wall = x < 8 || y < 8 || x >= width - 8 || y >= height - 8;
      const grid = x % 60 === 0 || y % 60 === 0;
      raw[row + 1 + x] = wall ? 90 : grid ? 228 : 246;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Demo floor plans, once (their own marker, so a demo database seeded before plans existed gets
 * them): every office of the floors drawn placed in rows by number, through the placement
 * commands, and a background on the first floor of each whole building.
 */
export async function seedDemoFloorPlans(sql: Pool, handle: HandleCommand): Promise<boolean> {
  return seedOnce(sql, 'system-demo-seed-floor-plans', 'DemoFloorPlansSeeded', async (tx) => {
    interface SeededOffice {
      id: string;
      location_id: string;
      location: string;
      floor: number;
      office_number: string;
    }
    const offices: SeededOffice[] = await tx<SeededOffice[]>`
      SELECT o.id, o.location_id, l.name AS location, o.floor, o.office_number
      FROM offices o JOIN locations l ON l.id = o.location_id
      ORDER BY l.name, o.floor, length(o.office_number), o.office_number COLLATE "C"`;
    if (offices.length === 0) return false;
    const floors = new Map<string, SeededOffice[]>();
    for (const office of offices) {
      const key = `${office.location_id}/${office.floor}`;
      floors.set(key, [...(floors.get(key) ?? []), office]);
    }
    const lowest = new Map<string, number>();
    for (const office of offices) lowest.set(office.location_id, Math.min(lowest.get(office.location_id) ?? Infinity, office.floor));

    const image = demoFloorImage();
    const sha256 = createHash('sha256').update(image).digest('hex');
    let stored = false;
    for (const group of floors.values()) {
      const { location_id, location, floor } = group[0]!;
      if (!WHOLE_BUILDINGS.includes(location) && floor !== lowest.get(location_id)) continue;
      const plan = { location_id, floor };
      const boxes = rowLayout(group.length, PER_ROW);
      for (const [i, office] of group.entries()) {
        const command = { type: 'PlaceOffice' as const, plan, office: { id: office.id, office_number: office.office_number, location_id, floor }, box: boxes[i]!, shown: false };
        await handle(placementAggregate, placementId(office.id), command, system(), { tx });
      }
      if (WHOLE_BUILDINGS.includes(location) && floor === lowest.get(location_id)) {
        if (!stored) await storeContent(tx, sha256, image);
        stored = true;
        const background = { content_type: 'image/png' as const, size: image.length, sha256, width: 1200, height: 800 };
        await handle(floorBackgroundAggregate, floorId(location_id, floor), { type: 'SetFloorBackground', plan, image: background }, system(), { tx });
      }
    }
    return true;
  });
}
