import { useMemo } from 'react';
import { Command } from 'cmdk';
import { Briefcase, Building, Building2, CalendarClock, CornerDownLeft, FileText, ListTodo, MapPin, NotebookText, Plus, Search, User, UserCog, Users, type LucideIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { may } from '@shared/policy';
import type { SearchKind, SearchResult } from '@shared/schemas/search';
import { useUser } from '../auth/session';
import { Spinner } from '../components/ui/Spinner';
import { useAtom, useSetAtom } from '../state/jotai';
import { addRequestAtom, type AddRequest } from './addRequest';
import { highlightParts } from './highlight';
import { NAVIGATION, type NavLinkItem } from './navigation';
import { PALETTE_CONTENT, PALETTE_INPUT, PALETTE_OVERLAY, PALETTE_PLACEHOLDER } from './paletteLook';
import { paletteOpenAtom, paletteTextAtom } from './paletteState';
import { useSearch } from './useSearch';

const KINDS: Record<SearchKind, { heading: string; icon: LucideIcon }> = {
  office: { heading: 'Offices', icon: Building },
  member: { heading: 'Members', icon: Users },
  deal: { heading: 'Deals', icon: Briefcase },
  contact: { heading: 'Contacts', icon: User },
  company: { heading: 'Companies', icon: Building2 },
  task: { heading: 'Tasks', icon: ListTodo },
  template: { heading: 'Templates', icon: NotebookText },
  document: { heading: 'Documents', icon: FileText },
  location: { heading: 'Locations', icon: MapPin },
  user: { heading: 'Users', icon: UserCog },
  booking: { heading: 'Bookings', icon: CalendarClock },
};

/** What the palette can do besides opening a row; shown when they match what was typed. */
interface PaletteAction {
  label: string;
  icon: LucideIcon;
  to: string;
  /** The screen's Add dialog to open there. */
  add?: AddRequest;
}

const screens = (): NavLinkItem[] => NAVIGATION.flatMap((item) => ('children' in item ? item.children : [item]));

/**
 * Find anything: type a few letters to jump to any office, member, deal, contact, company, task,
 * template, document, location or (administrators) user the user may see (the server searches
 * and ranks), grouped by kind with the words typed marked, or to a screen or an action. Keyboard
 * only: arrows, Enter, Escape.
 */
export function CommandPalette() {
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const [text, setText] = useAtom(paletteTextAtom);
  const user = useUser();
  const navigate = useNavigate();
  const found = useSearch(open ? text : '');

  const actions = useMemo<PaletteAction[]>(() => {
    const all: PaletteAction[] = [
      ...(may(user, 'deal.create') ? [{ label: 'Add deal', icon: Plus, to: '/crm/deals', add: 'deal' as const }] : []),
      ...(may(user, 'office.create') ? [{ label: 'Add office', icon: Plus, to: '/offices', add: 'office' as const }] : []),
      ...(may(user, 'task.create') ? [{ label: 'Add task', icon: Plus, to: '/tasks', add: 'task' as const }] : []),
      ...(may(user, 'template.create') ? [{ label: 'Add template', icon: Plus, to: '/templates', add: 'template' as const }] : []),
      ...screens().map((s) => ({ label: `Go to ${s.label}`, icon: s.icon ?? CornerDownLeft, to: s.to })),
    ];
    const q = text.trim().toLowerCase();
    return q ? all.filter((a) => a.label.toLowerCase().includes(q)) : all;
  }, [user, text]);

  const groups = useMemo(() => {
    const results = found.status === 'done' ? found.value : [];
    const byKind = new Map<SearchKind, SearchResult[]>();
    for (const r of results) byKind.set(r.kind, [...(byKind.get(r.kind) ?? []), r]);
    // Groups in the order of their best result: the server ranked them.
    return [...byKind.entries()];
  }, [found]);

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) setText('');
  };
  const requestAdd = useSetAtom(addRequestAtom);
  const go = (to: string, add?: AddRequest) => {
    close(false);
    if (add) requestAdd(add);
    void navigate(to);
  };

  return (
    <Command.Dialog
      open={open}
      onOpenChange={close}
      label="Find anything"
      shouldFilter={false}
      loop
      overlayClassName={PALETTE_OVERLAY}
      contentClassName={PALETTE_CONTENT}
    >
      <div className="flex items-center gap-2 border-b border-slate-100 px-4">
        <Search className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder={PALETTE_PLACEHOLDER}
          // The dialog selects the field's text when it opens: keep what was typed while the
          // palette loaded (paletteState.ts) and go on after it instead.
          onFocus={(event) => {
            const field = event.currentTarget;
            queueMicrotask(() => field.setSelectionRange(field.value.length, field.value.length));
          }}
          className={PALETTE_INPUT}
        />
        {found.status === 'loading' && <Spinner className="h-4 w-4" label="Searching" />}
      </div>
      <Command.List className="max-h-[min(60vh,28rem)] overflow-y-auto p-2" data-testid="palette-results">
        {found.status === 'failed' && <p className="px-3 py-2 text-sm text-red-700">{found.message}</p>}
        {found.status === 'done' && found.value.length === 0 && actions.length === 0 && (
          <p className="px-3 py-6 text-center text-sm text-slate-600">Nothing matches “{text.trim()}”.</p>
        )}
        {groups.map(([kind, results]) => (
          <Command.Group key={kind} heading={KINDS[kind].heading} className={GROUP}>
            {results.map((r) => {
              const Icon = KINDS[kind].icon;
              return (
                <Command.Item key={`${kind}:${r.id}`} value={`${kind}:${r.id}`} onSelect={() => go(r.path)} className={ITEM} data-testid="palette-item">
                  <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">
                      <Highlighted label={r.title} query={text} />
                    </span>
                    {r.subtitle && (
                      <span className="block truncate text-xs text-slate-600">
                        <Highlighted label={r.subtitle} query={text} />
                      </span>
                    )}
                  </span>
                </Command.Item>
              );
            })}
          </Command.Group>
        ))}
        {actions.length > 0 && (
          <Command.Group heading="Actions" className={GROUP}>
            {actions.map((a) => (
              <Command.Item key={a.label} value={`action:${a.label}`} onSelect={() => go(a.to, a.add)} className={ITEM}>
                <a.icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                <span className="flex-1 text-slate-900">
                  <Highlighted label={a.label} query={text} />
                </span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
      </Command.List>
      <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">↑↓ to choose · Enter to open · Esc to close</p>
    </Command.Dialog>
  );
}

/** A label with the words typed in <mark>, so one sees why a row was found. */
function Highlighted({ label, query }: { label: string; query: string }) {
  return highlightParts(label, query).map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded-sm bg-amber-100 text-inherit">
        {part.text}
      </mark>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}

const GROUP = '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-600 [&_[cmdk-group-heading]]:uppercase';
const ITEM = 'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm data-[selected=true]:bg-brand-50 data-[selected=true]:ring-1 data-[selected=true]:ring-brand-200';
