import { createHash } from 'node:crypto';

/** The namespaces of floor and placement ids (fixed random UUIDs): an id is the same on every node, forever. */
const FLOOR_NAMESPACE = '6f1d6c3e-8a4b-4f0e-9a57-3c2d1b0e9f71';
const PLACEMENT_NAMESPACE = 'b3a4f0d2-51c7-4e8e-8d3b-7a2e9c1f6b40';

/**
 * The id of one floor of one location: a name-based UUID (RFC 9562 version 5) of the pair, so a
 * floor needs no creation event and its background's stream and row are found from the path alone.
 */
export function floorId(locationId: string, floor: number): string {
  return nameBased(FLOOR_NAMESPACE, `${locationId.toLowerCase()}/${floor}`);
}

/**
 * The id of an office's placement (its box on floor plans): found from the office's id alone, and
 * never the office's own, so the office's events are never taken for the placement row's own (the
 * row keeps its stream's version).
 */
export function placementId(officeId: string): string {
  return nameBased(PLACEMENT_NAMESPACE, officeId.toLowerCase());
}

function nameBased(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
