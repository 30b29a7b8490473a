/**
 * The values a form should hold after the user reloads its row: what the user changed stays as
 * typed; every other field takes the latest value. `opened` is what the form was filled with
 * (from the row it last loaded), `typed` what it holds now, `latest` the reloaded row's values.
 * Pure, on plain nested objects of form values.
 */
export function keepTyped<T extends Record<string, unknown>>(opened: T, typed: T, latest: T): T {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(latest)) {
    const was = opened[key];
    const now = typed[key];
    const next = latest[key];
    if (isPlainObject(was) && isPlainObject(now) && isPlainObject(next)) {
      result[key] = keepTyped(was, now, next);
    } else {
      result[key] = key in typed && now !== was ? now : next;
    }
  }
  return result as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
