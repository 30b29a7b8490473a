/** The parts of a location the signing summary names. */
export interface SigningLocation {
  name: string;
  address?: string | null | undefined;
  city?: string | null | undefined;
}

const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

/**
 * One line for the location: its address, led by the name only when the address does not already
 * say it ("55 Broadway" at "55 Broadway, New York, NY 10006"), and the city only when the address
 * is a bare street (a full address, "…, Brooklyn, NY 11201", already says where): nothing twice.
 */
export function locationLine({ name, address, city }: SigningLocation): string {
  const where = address?.trim() ?? '';
  const parts: string[] = [];
  const label = name.trim();
  if (label && !(where && contains(where, label))) parts.push(label);
  if (where) parts.push(where);
  const town = city?.trim() ?? '';
  if (town && !where.includes(',') && !contains(where, town) && town.toLowerCase() !== label.toLowerCase()) parts.push(town);
  return parts.join(', ');
}
