/**
 * The ranks around a drop spot in a column (the moved card left out, in board order): between
 * `beforeId` (the card above) and `afterId` (the card below); at the top when neither is named.
 * Cards sharing a rank (two drops at one spot at once) count as one place. Null when a named
 * card is not in the column.
 */
export function placeBetween(
  column: { id: string; rank: string }[],
  beforeId: string | null,
  afterId: string | null,
): { above: string | null; below: string | null } | null {
  if (beforeId !== null) {
    const i = column.findIndex((card) => card.id === beforeId);
    if (i < 0) return null;
    const above = column[i]!.rank;
    const below = column.slice(i + 1).find((card) => card.rank > above)?.rank ?? null;
    return { above, below };
  }
  if (afterId !== null) {
    const i = column.findIndex((card) => card.id === afterId);
    if (i < 0) return null;
    const below = column[i]!.rank;
    const above = column.slice(0, i).reverse().find((card) => card.rank < below)?.rank ?? null;
    return { above, below };
  }
  return { above: null, below: column[0]?.rank ?? null };
}
