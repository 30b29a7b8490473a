import { createHash } from 'node:crypto';

/** The namespace of floor ids (a fixed random UUID): a floor's id is the same on every node, forever. */
const FLOOR_NAMESPACE = '6f1d6c3e-8a4b-4f0e-9a57-3c2d1b0e9f71';

/**
 * The id of one floor of one location: a name-based UUID (RFC 9562 version 5) of the pair, so a
 * floor needs no creation event and its background's stream and row are found from the path alone.
 */
export function floorId(locationId: string, floor: number): string {
  const hash = createHash('sha1')
    .update(Buffer.from(FLOOR_NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(`${locationId.toLowerCase()}/${floor}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
