import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { cn } from '../../lib/cn';

/**
 * The selection's bar: "Select all visible", how many are ticked, the screen's bulk actions
 * (children, shown once something is ticked) and Clear (also Escape).
 */
export function BulkBar({ selection, visible, noun, children, className }: {
  /** The screen's selection (useSelection): how many are ticked, and ticking all or none. */
  selection: { count: number; allSelected: boolean; selectAll: () => void; clear: () => void };
  visible: number;
  /** Plural noun: 'deals', 'offices'. */
  noun: string;
  children: ReactNode;
  className?: string;
}) {
  const { count, allSelected, selectAll: onSelectAll, clear: onClear } = selection;
  return (
    <div
      role="toolbar"
      aria-label="Selection"
      data-testid="bulk-bar"
      className={cn('flex min-h-11 flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border px-3 py-1.5 text-sm', count ? 'border-brand-200 bg-brand-50' : 'border-slate-200 bg-white', className)}
    >
      <label className="flex cursor-pointer items-center gap-2 text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4 cursor-pointer accent-brand-600"
          checked={allSelected}
          disabled={visible === 0}
          onChange={() => (allSelected ? onClear() : onSelectAll())}
        />
        Select all visible ({visible})
      </label>
      {count > 0 ? (
        <>
          <span className="font-medium text-slate-900" aria-live="polite" data-testid="selected-count">
            {count} {count === 1 ? noun.replace(/s$/, '') : noun} selected
          </span>
          <div className="flex flex-wrap items-center gap-2">{children}</div>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={onClear} aria-keyshortcuts="Escape">
            <X className="h-4 w-4" aria-hidden />
            Clear
          </Button>
        </>
      ) : (
        <span className="text-slate-500">Tick cards to act on several at once; Shift+click ticks a range.</span>
      )}
    </div>
  );
}
