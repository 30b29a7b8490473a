import { useCallback, useMemo, useState } from 'react';
import { atom, useAtom } from '../state/jotai';

/** What the command palette asked a screen to add ("Add deal"): the screen opens its Add dialog. */
export type AddRequest = 'deal' | 'office' | 'task' | 'template';
export const addRequestAtom = atom<AddRequest | null>(null);

/**
 * A screen's open dialog (null: none), which is `addDialog` while the palette's request for
 * `what` is pending and the user may add (`allowed`). Opening or closing any dialog settles the
 * request, so it opens once.
 */
export function useScreenDialog<D extends object>(what: AddRequest, allowed: boolean, addDialog: D): [D | null, (next: D | null) => void] {
  const [picked, setPicked] = useState<D | null>(null);
  const [request, setRequest] = useAtom(addRequestAtom);
  const requested = request === what && allowed;
  const dialog = useMemo(() => picked ?? (requested ? addDialog : null), [picked, requested, addDialog]);
  const setDialog = useCallback(
    (next: D | null) => {
      setRequest(null);
      setPicked(next);
    },
    [setRequest],
  );
  return [dialog, setDialog];
}
