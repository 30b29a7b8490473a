/**
 * How a column's values are written in COPY's text format: as JSON text (json, jsonb), as an
 * array literal (any array type, its elements written as `element` says), or as the value's
 * own text (every other type, which PostgreSQL parses with the type's input function).
 */
export type ColumnKind =
  | { readonly kind: 'json' }
  | { readonly kind: 'array'; readonly element: ColumnKind }
  | { readonly kind: 'scalar' };

export const SCALAR: ColumnKind = { kind: 'scalar' };

/**
 * The text of a value as the type's input function takes it, or undefined for SQL NULL: the
 * same text jsonb_populate_recordset would hand that function for the value's JSON, so a row
 * written by COPY equals the row written through JSON (a Date as its ISO text, an object in a
 * non-json column as its JSON text, true/false as the words).
 */
export function valueText(value: unknown, kind: ColumnKind): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (kind.kind === 'json') return JSON.stringify(value);
  if (kind.kind === 'array' && Array.isArray(value)) return arrayText(value, kind.element);
  if (typeof value === 'string') return value;
  // JSON has no NaN or Infinity (they stringify to null), so neither does a row written through it.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** An array literal: every element double-quoted (so commas, braces, quotes and spaces stay its own), NULL unquoted. */
export function arrayText(values: readonly unknown[], element: ColumnKind): string {
  const parts = values.map((value) => {
    if (Array.isArray(value) && element.kind !== 'json') return arrayText(value, element);
    const text = valueText(value, element.kind === 'array' ? element.element : element);
    return text === undefined ? 'NULL' : `"${text.replace(/[\\"]/g, '\\$&')}"`;
  });
  return `{${parts.join(',')}}`;
}

/** A field of COPY's text format: backslash, tab, newline and carriage return escaped; \N for NULL. */
export function copyField(value: unknown, kind: ColumnKind): string {
  const text = valueText(value, kind);
  if (text === undefined) return '\\N';
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, escapeChar) : text;
}

function escapeChar(char: string): string {
  return char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r';
}

/** One line of COPY's text format: the row's fields in `columns` order, tab-separated. */
export function copyLine(row: Record<string, unknown>, columns: readonly string[], kinds: readonly ColumnKind[]): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) line += (i ? '\t' : '') + copyField(row[columns[i]!], kinds[i]!);
  return line + '\n';
}
