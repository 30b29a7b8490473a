import { useRef, type ReactNode } from 'react';
import { isFigureColumn, type ReportTable } from '@shared/domain/reportsTables';
import { cn } from '../../lib/cn';
import { useScrolls } from '../../lib/useScrolls';

/**
 * One of the report's tables, exactly as the exports write it. `decorate` may add to a cell (an
 * icon), never change its words. The last row of a table with a Total is set off.
 */
export function ReportTableView({
  table,
  caption = true,
  decorate,
  className,
}: {
  table: ReportTable;
  /** Show the title as the caption; otherwise it is read out but not shown (the card has a heading). */
  caption?: boolean;
  decorate?: (row: string[], column: number) => ReactNode;
  className?: string;
}) {
  const right = table.columns.map((_, i) => isFigureColumn(table, i));
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(box);
  return (
    // A table wider than its card scrolls sideways, and then takes the keyboard focus to be scrolled.
    <div ref={box} className={cn('overflow-x-auto', className)} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': table.title } : {})}>
      <table className="w-full text-sm" data-report-table={table.id}>
        <caption className={caption ? 'pb-2 text-left text-base font-semibold text-slate-900' : 'sr-only'}>{table.title}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
            {table.columns.map((column, i) => (
              <th key={column} scope="col" className={cn('px-3 py-2 font-medium whitespace-nowrap', right[i] ? 'text-right' : 'text-left')}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.rows.length === 0 ? (
            <tr>
              <td colSpan={table.columns.length} className="px-3 py-4 text-slate-600">
                {table.empty ?? 'None'}
              </td>
            </tr>
          ) : (
            table.rows.map((row, r) => (
              <tr key={`${row[0]}-${r}`} className={cn(row[0] === 'Total' && 'font-semibold text-slate-900')}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-900">
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={cn('px-3 py-2 text-slate-700 tabular-nums', right[i] ? 'text-right whitespace-nowrap' : 'text-left')}>
                      {decorate?.(row, i)}
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
