import { useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IMPORT_KINDS_SPEC, type ImportKind, type ImportPreview } from '@shared/imports';
import { cn } from '../../lib/cn';

const ROW_HEIGHT = 36;

/**
 * Every row of the file with the values of the mapped columns and its problems; a long file
 * renders only the rows in view. Every problem is shown in full (a row grows to hold them), and
 * what a row does besides ("Creates company “Acme”"). "Only rows with problems" narrows it to
 * what needs fixing.
 */
export function PreviewTable({ kind, preview }: { kind: ImportKind; preview: ImportPreview }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const columns = useMemo(() => IMPORT_KINDS_SPEC[kind].fields.filter((f) => preview.mapping.includes(f.field)), [kind, preview.mapping]);
  const rows = useMemo(() => (onlyProblems ? preview.rows.filter((r) => r.problems.length > 0) : preview.rows), [onlyProblems, preview.rows]);
  const scroller = useRef<HTMLDivElement>(null);
  // The header row sits above the rows inside the same scroller (sticky), so both share its width.
  // Rows grow to show every reason in full (measured as they render); most stay one line.
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10, scrollMargin: ROW_HEIGHT });
  // Fixed widths: the header and the rows line up whatever the values. Problems come first, in view.
  const template = `4rem 22rem repeat(${columns.length}, 10rem)`;

  return (
    <div>
      <label className="mb-2 inline-flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={onlyProblems} onChange={(e) => setOnlyProblems(e.target.checked)} className="h-4 w-4 rounded border-slate-300" />
        Only rows with problems ({preview.invalid.toLocaleString('en-US')})
      </label>
      <div ref={scroller} role="table" aria-label="Rows in the file" aria-rowcount={rows.length + 1} tabIndex={0} className="max-h-80 overflow-auto rounded-lg border border-slate-200 text-sm">
        <div role="row" className="sticky top-0 z-10 grid min-w-max bg-slate-50 text-xs font-semibold text-slate-600 uppercase" style={{ gridTemplateColumns: template, height: ROW_HEIGHT }}>
          <span role="columnheader" className="px-2 py-2.5">
            Line
          </span>
          <span role="columnheader" className="px-2 py-2.5">
            Status
          </span>
          {columns.map((c) => (
            <span role="columnheader" key={c.field} className="truncate px-2 py-2.5">
              {c.label}
            </span>
          ))}
        </div>
        {rows.length === 0 ? (
          <p className="px-3 py-6 text-center text-slate-500">{onlyProblems ? 'No row has a problem.' : 'The file has no rows.'}</p>
        ) : (
          <div className="relative min-w-max" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              const bad = row.problems.length > 0;
              return (
                <div
                  role="row"
                  key={row.line}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  data-testid="import-row"
                  data-line={row.line}
                  className={cn('absolute inset-x-0 grid border-t border-slate-100', bad && 'bg-red-50/60')}
                  style={{ top: item.start - ROW_HEIGHT, minHeight: ROW_HEIGHT, gridTemplateColumns: template }}
                >
                  <span role="cell" className="px-2 py-2 text-slate-500 tabular-nums">
                    {row.line}
                  </span>
                  <span role="cell" className={cn('px-2 py-2 break-words whitespace-normal', bad ? 'font-medium text-red-700' : 'text-emerald-700')} data-testid="import-status">
                    {bad ? (
                      <ul className="space-y-0.5">
                        {row.problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    ) : (
                      <>
                        Ready
                        {(row.notes ?? []).map((n) => (
                          <span key={n} className="block text-xs text-slate-600">
                            {n}
                          </span>
                        ))}
                      </>
                    )}
                  </span>
                  {columns.map((c) => (
                    <span role="cell" key={c.field} className="truncate px-2 py-2 text-slate-800" title={row.values[c.field]}>
                      {row.values[c.field]}
                    </span>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
