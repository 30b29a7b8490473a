import type { FieldErrors, FieldValues, Path, UseFormSetFocus } from 'react-hook-form';

/** The paths of a form's field errors ('desks', 'marketed_rates.monthly'), without the form-level `root`. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (key === 'root' && !prefix) return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if (!value || typeof value !== 'object') return [];
    return 'message' in value || 'type' in value ? [path] : errorPaths(value as FieldErrors, path);
  });
}

/**
 * Focuses the invalid field that comes first on screen. react-hook-form focuses in the order
 * fields registered, which is not the order a person reads (a select registered by its parent
 * comes before the inputs of render props above it).
 */
export function focusFirstError<T extends FieldValues>(setFocus: UseFormSetFocus<T>, paths: string[]) {
  const placed = paths
    .map((path) => ({ path, element: document.getElementsByName(path)[0] }))
    .filter((entry): entry is { path: string; element: HTMLElement } => !!entry.element);
  placed.sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = placed[0]?.path;
  if (first) setFocus(first as Path<T>);
}
