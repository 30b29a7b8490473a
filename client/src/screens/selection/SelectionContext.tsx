import { createContext, useContext } from 'react';
import { cn } from '../../lib/cn';

/** The screen's ticked rows, for the boxes on cards and rows deep in the board or grid. */
export interface SelectionApi {
  isSelected: (id: string) => boolean;
  /** A click on a row's box; `range` when Shift was held. */
  toggle: (id: string, range: boolean) => void;
  /** Something is ticked: every box shows (otherwise a card may show its box only on hover or focus). */
  active: boolean;
}

export const SelectionContext = createContext<SelectionApi | null>(null);

/**
 * A row's tick box, named for the row. `revealClassName` hides it until wanted (hover, focus)
 * while nothing is ticked. Renders nothing where the screen offers no selection
 * (no provider: e.g. a read-only user, or the card under the pointer while dragging).
 */
export function SelectBox({ id, name, className, revealClassName }: { id: string; name: string; className?: string; revealClassName?: string }) {
  const selection = useContext(SelectionContext);
  if (!selection) return null;
  const checked = selection.isSelected(id);
  return (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      data-testid="select-row"
      checked={checked}
      // The box is the row's own control: its click must not open the row.
      onClick={(event) => {
        event.stopPropagation();
        selection.toggle(id, event.shiftKey);
      }}
      onChange={() => undefined}
      className={cn(
        'h-4 w-4 cursor-pointer rounded border-slate-300 text-brand-600 accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500',
        className,
        !selection.active && !checked && revealClassName,
      )}
    />
  );
}
