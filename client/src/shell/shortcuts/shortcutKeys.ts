/**
 * The keyboard shortcuts: what the `?` dialog lists and what the key handler does. Pure: a key
 * press and what came before it in, an action out. Plain keys never fire while the user types in a
 * field, and never with Ctrl, Cmd or Alt (those belong to the browser and the palette).
 */

/** "Go to" targets: `g` then the letter. */
export const GO_TO: readonly { key: string; path: string; label: string }[] = [
  { key: 'd', path: '/', label: 'Dashboard' },
  { key: 'o', path: '/offices', label: 'Office Management' },
  { key: 'p', path: '/crm/deals', label: 'Deals pipeline' },
  { key: 'c', path: '/crm/contacts', label: 'Contacts' },
  { key: 'm', path: '/members', label: 'Member Directory' },
  { key: 't', path: '/tasks', label: 'Task Management' },
  { key: 'r', path: '/reporting', label: 'Occupancy Reports' },
];

export type ShortcutAction =
  | { kind: 'help' }
  | { kind: 'go'; path: string }
  | { kind: 'new' }
  | { kind: 'search' }
  /** The `g` of a two-key go-to: wait for the next key. */
  | { kind: 'pending' };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** What a key press does, given whether the previous press was a lone `g`. Null: not ours. */
export function shortcutFor(press: KeyPress, afterG: boolean): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (afterG) {
    const target = GO_TO.find((g) => g.key === press.key.toLowerCase());
    return target ? { kind: 'go', path: target.path } : null;
  }
  switch (press.key) {
    case '?':
      return { kind: 'help' };
    case 'g':
      return { kind: 'pending' };
    case 'n':
      return { kind: 'new' };
    case '/':
      return { kind: 'search' };
    default:
      return null;
  }
}

/** A field, an editable area or a list box has the keys: shortcuts stay out of its way. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
  if (target.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((target as HTMLInputElement).type);
  return target.getAttribute('role') === 'combobox' || target.getAttribute('role') === 'textbox';
}

/** What `n` adds on a screen (the command palette's request), by path. */
export function newOnPath(pathname: string): 'deal' | 'office' | 'task' | 'template' | null {
  if (pathname === '/crm' || pathname === '/crm/deals') return 'deal';
  if (pathname === '/offices') return 'office';
  if (pathname === '/tasks') return 'task';
  if (pathname === '/templates') return 'template';
  return null;
}

/** The next or previous stage of a focused card (`[` / `]`, Shift+Left / Shift+Right), or null. */
export function stageStep(press: KeyPress & { shiftKey: boolean }): -1 | 1 | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === '[' || (press.shiftKey && press.key === 'ArrowLeft')) return -1;
  if (press.key === ']' || (press.shiftKey && press.key === 'ArrowRight')) return 1;
  return null;
}

/** The dialog's list, in groups. */
export const SHORTCUT_LIST: readonly { group: string; items: readonly { keys: string[]; label: string }[] }[] = [
  {
    group: 'Anywhere',
    items: [
      { keys: ['?'], label: 'Show keyboard shortcuts' },
      { keys: ['Ctrl', 'K'], label: 'Find anything' },
      { keys: ['/'], label: 'Search this screen' },
      { keys: ['n'], label: 'New deal on the board, new office on the grid, new task, new template' },
    ],
  },
  { group: 'Go to', items: GO_TO.map((g) => ({ keys: ['g', g.key], label: g.label })) },
  {
    group: 'Deal board and office grid',
    items: [
      { keys: ['['], label: 'Move the focused deal to the previous stage (or Shift+←)' },
      { keys: [']'], label: 'Move the focused deal to the next stage (or Shift+→)' },
      { keys: ['Shift', 'click'], label: 'Select a range of cards or rows' },
      { keys: ['Esc'], label: 'Clear the selection' },
      { keys: ['Ctrl', 'Z'], label: 'Undo your last move on the board' },
    ],
  },
];
