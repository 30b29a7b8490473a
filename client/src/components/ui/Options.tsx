import type { ReactNode } from 'react';

/**
 * A select's options, one per row (a location, a company, a contact): its id is the value, its
 * name the text unless `label` says otherwise. A first option ('No Company', 'All Locations')
 * stays with the select, as what it means differs.
 */
export function RowOptions<T extends { id: string; name?: string }>({ rows, label }: { rows: readonly T[]; label?: (row: T) => ReactNode }) {
  return (
    <>
      {rows.map((row) => (
        <option key={row.id} value={row.id}>
          {label ? label(row) : row.name}
        </option>
      ))}
    </>
  );
}

/** A select's options from a fixed list of keys, each shown by its label (roles, categories, periods). */
export function KeyOptions<K extends string>({ keys, labels }: { keys: readonly K[]; labels: Readonly<Record<K, ReactNode>> }) {
  return (
    <>
      {keys.map((key) => (
        <option key={key} value={key}>
          {labels[key]}
        </option>
      ))}
    </>
  );
}
