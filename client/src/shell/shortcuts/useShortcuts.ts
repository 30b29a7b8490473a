import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { MAIN_CONTENT_ID } from '../../lib/focusMain';
import { useSetAtom } from '../../state/jotai';
import { addRequestAtom } from '../addRequest';
import { isTypingTarget, newOnPath, shortcutFor } from './shortcutKeys';

/** How long a lone `g` waits for its letter. */
const G_WAIT_MS = 1500;

/**
 * The app's keyboard shortcuts (shortcutKeys.ts), on the window: `?` opens the list, `g` + a
 * letter goes to a screen, `n` asks the screen for its Add dialog, `/` focuses the screen's search.
 * Not while typing, and not while a dialog or menu is open (it has the keys).
 */
export function useShortcuts(openHelp: () => void) {
  const navigate = useNavigate();
  const requestAdd = useSetAtom(addRequestAtom);
  const gAt = useRef(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || isTypingTarget(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      const afterG = gAt.current > 0 && Date.now() - gAt.current < G_WAIT_MS;
      gAt.current = 0;
      const action = shortcutFor(event, afterG);
      if (!action) return;
      switch (action.kind) {
        case 'pending':
          gAt.current = Date.now();
          return;
        case 'help':
          openHelp();
          break;
        case 'go':
          void navigate(action.path);
          break;
        case 'new': {
          const what = newOnPath(window.location.pathname);
          if (!what) return;
          requestAdd(what);
          break;
        }
        case 'search': {
          const field = document.querySelector<HTMLInputElement>(`#${MAIN_CONTENT_ID} input[type="search"]`);
          if (!field) return;
          field.focus();
          field.select();
          break;
        }
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, requestAdd, openHelp]);
}
