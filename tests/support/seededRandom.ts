/** A small deterministic generator, so a failure replays with the same seed. */
export function seededRandom(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

/** Today on the server's clock (YYYY-MM-DD), as the dashboard reads it. */
export const today = () => new Date().toISOString().slice(0, 10);

/** The date `days` after `from` (today by default), YYYY-MM-DD. */
export const inDays = (days: number, from = today()) => new Date(Date.parse(from) + days * 86_400_000).toISOString().slice(0, 10);
