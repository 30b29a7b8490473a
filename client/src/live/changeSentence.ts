/**
 * What changed between two copies of a row, in people's words, among the fields a screen cares
 * about ({ marketed_rates: 'marketed rates', ... }). Pure.
 */
export function changedLabels<R extends object>(before: R, after: R, labels: Partial<Record<keyof R, string>>): string[] {
  const changed = new Set<string>();
  for (const [key, label] of Object.entries(labels) as [keyof R, string][]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) changed.add(label);
  }
  return [...changed];
}

/** "Jordan Lee changed this office (marketed rates) since you opened it." — the server's 409 wording. */
export function changeSentence(by: string | null, noun: string, fields: string[]): string {
  const what = fields.length > 0 ? ` (${fields.join(', ')})` : '';
  return `${by ?? 'Someone else'} changed this ${noun}${what} since you opened it.`;
}

/**
 * The line beside the notice's Reload button. The server's 409 already says "Reload to see the
 * change.", so the line then only adds that typing is kept: the notice says "reload" once.
 */
export function reloadAdvice(message: string): string {
  return /\breload\b/i.test(message) ? 'What you typed is kept.' : 'Reload to get the latest values; what you typed is kept.';
}
