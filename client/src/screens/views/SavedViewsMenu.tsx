import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bookmark, Check, ChevronDown, Link2, Plus, Trash2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { copyText } from '../../lib/clipboard';
import { reasonOf } from '../../lib/errorText';
import { currentSavedView, type ViewScreen } from './savedViews';
import { useSavedViews } from './useSavedViews';

const itemClass = 'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100';

/**
 * Saved views of a screen: pick one (the address takes its query, so the screen follows), save the
 * view as it is under a name, delete the one shown, and copy a link to the view as it is.
 * `query`: the view's query text now (viewQuery.ts).
 */
export function SavedViewsMenu({ screen, query }: { screen: ViewScreen; query: string }) {
  const { views, save, remove } = useSavedViews(screen);
  const [, setParams] = useSearchParams();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const current = currentSavedView(views, query);

  const copyLink = async () => {
    try {
      await copyText(window.location.href);
      toast.success('Link copied', { description: 'Anyone who may see these rows gets this view from it.' });
    } catch (error) {
      toast.error('Failed to copy the link', { description: reasonOf(error) });
    }
  };
  const submit = () => {
    if (!name.trim()) return;
    save(name, query);
    setNaming(false);
    toast.success(`Saved view “${name.trim()}”`);
  };

  return (
    <div className="flex shrink-0 items-center gap-2">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="secondary" className="max-w-56" data-testid="saved-views">
            <Bookmark className="h-4 w-4 shrink-0" aria-hidden />
            <span className="truncate">{current ? current.name : 'Views'}</span>
            <ChevronDown className="h-4 w-4 shrink-0" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-50 max-h-96 min-w-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            <DropdownMenu.Label className="px-2.5 py-1 text-xs font-semibold text-slate-500">Saved views</DropdownMenu.Label>
            {views.length === 0 && <p className="px-2.5 py-1.5 text-sm text-slate-500">No saved views yet</p>}
            {views.map((view) => (
              <DropdownMenu.Item key={view.name} className={itemClass} onSelect={() => setParams(new URLSearchParams(view.query))}>
                <Check className={view === current ? 'h-4 w-4' : 'invisible h-4 w-4'} aria-hidden />
                {view.name}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => {
                setName(current?.name ?? '');
                setNaming(true);
              }}
            >
              <Plus className="h-4 w-4" aria-hidden /> Save current view…
            </DropdownMenu.Item>
            {current && (
              <DropdownMenu.Item className={itemClass} onSelect={() => remove(current.name)}>
                <Trash2 className="h-4 w-4" aria-hidden /> Delete “{current.name}”
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Button variant="secondary" onClick={() => void copyLink()} aria-label="Copy link" title="Copy a link to this view">
        <Link2 className="h-4 w-4" aria-hidden />
        <span className="hidden sm:inline">Copy link</span>
      </Button>
      <Dialog
        open={naming}
        onOpenChange={setNaming}
        title="Save view"
        description="Saves the filters, sort and view under a name, for you in this browser."
        footer={
          <>
            <Button variant="secondary" onClick={() => setNaming(false)}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!name.trim()}>
              Save view
            </Button>
          </>
        }
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field label="View name">{(control) => <Input {...control} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />}</Field>
        </form>
      </Dialog>
    </div>
  );
}
