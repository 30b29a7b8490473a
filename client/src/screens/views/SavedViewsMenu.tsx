import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { copyText } from '../../lib/clipboard';
import { reasonOf } from '../../lib/errorText';
import { lazyPart } from '../../shell/loadOnFirstUse';
import { SavedViewsButton } from './SavedViewsButton';
import { currentSavedView, type ViewScreen } from './savedViews';
import { useSavedViews } from './useSavedViews';

/** The dropdown (Radix menu and floating-ui) is not part of a list screen's first load. */
const dropdown = lazyPart('saved views menu', () => import('./SavedViewsDropdown'));

/**
 * Saved views of a screen: pick one (the address takes its query, so the screen follows), save the
 * view as it is under a name, delete the one shown, and copy a link to the view as it is.
 * `query`: the view's query text now (viewQuery.ts). Until first opened the menu is a plain
 * button; opening it fetches the menu, which then shows open.
 */
export function SavedViewsMenu({ screen, query }: { screen: ViewScreen; query: string }) {
  const { views, save, remove } = useSavedViews(screen);
  const [, setParams] = useSearchParams();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const current = currentSavedView(views, query);
  const [wanted, setWanted] = useState(false);
  const loaded = dropdown.useLoaded(wanted);

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

  const saveCurrent = () => {
    setName(current?.name ?? '');
    setNaming(true);
  };
  const label = current ? current.name : 'Views';

  return (
    <div className="flex shrink-0 items-center gap-2">
      {loaded ? (
        <loaded.SavedViewsDropdown
          views={views}
          current={current}
          defaultOpen={wanted}
          onPick={(view) => setParams(new URLSearchParams(view.query))}
          onSaveCurrent={saveCurrent}
          onDelete={(view) => remove(view.name)}
        />
      ) : (
        <SavedViewsButton label={label} aria-haspopup="menu" aria-expanded={false} aria-busy={wanted} onPointerEnter={dropdown.preload} onClick={() => setWanted(true)} />
      )}
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
