import { generateKeyBetween } from 'fractional-indexing';

/**
 * The rank for a card dropped between two neighbours of a column (null: the column's end): what
 * the server stores and what the board shows until the server answers, so both agree.
 * Only the moved card gets a rank; nobody else is renumbered. Two cards dropped at one spot at
 * once get the same rank and sort by id after it, so both land in a stable order; a drop next to
 * such a pair (or a misordered pair) has no key between them and goes just after the upper one.
 */
export function rankBetween(above: string | null, below: string | null): string {
  if (above !== null && below !== null && above >= below) return generateKeyBetween(above, null);
  return generateKeyBetween(above, below);
}
