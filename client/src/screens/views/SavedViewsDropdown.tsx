import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Plus, Trash2 } from 'lucide-react';
import type { SavedView } from './savedViews';
import { SavedViewsButton } from './SavedViewsButton';

const itemClass = 'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

export interface SavedViewsDropdownProps {
  views: readonly SavedView[];
  current: SavedView | null;
  defaultOpen: boolean;
  onPick: (view: SavedView) => void;
  onSaveCurrent: () => void;
  onDelete: (view: SavedView) => void;
}

/** The saved-views menu itself (Radix, with its positioning library): fetched when first opened. */
export function SavedViewsDropdown({ views, current, defaultOpen, onPick, onSaveCurrent, onDelete }: SavedViewsDropdownProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <SavedViewsButton label={current ? current.name : 'Views'} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 max-h-96 min-w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Label className="px-2.5 py-1 text-xs font-semibold text-slate-500">Saved views</DropdownMenu.Label>
          {views.length === 0 && <p className="px-2.5 py-1.5 text-sm text-slate-500">No saved views yet</p>}
          {views.map((view) => (
            <DropdownMenu.Item key={view.name} className={itemClass} onSelect={() => onPick(view)}>
              <Check className={view === current ? 'h-4 w-4' : 'invisible h-4 w-4'} aria-hidden />
              {view.name}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClass} onSelect={onSaveCurrent}>
            <Plus className="h-4 w-4" aria-hidden /> Save current view…
          </DropdownMenu.Item>
          {current && (
            <DropdownMenu.Item className={itemClass} onSelect={() => onDelete(current)}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete “{current.name}”
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
