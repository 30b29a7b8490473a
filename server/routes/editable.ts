/**
 * The fields a PUT changes: what was given, less the expected version and the read-only fields of
 * the row GET returned (accepted and ignored, API.md).
 */
export function editable<T>(body: Record<string, unknown>, readOnly: readonly string[]): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => value !== undefined && key !== 'version' && !readOnly.includes(key))) as Partial<T>;
}
