import { useCallback } from 'react';
import { atom, useAtom } from '../state/jotai';

/** What the command palette asked a screen to add ("New deal"): the screen opens its Add dialog. */
export type AddRequest = 'deal' | 'office';
export const addRequestAtom = atom<AddRequest | null>(null);

/** True while `what` has been asked for; `done` clears it once the screen's dialog takes over. */
export function useAddRequest(what: AddRequest): [requested: boolean, done: () => void] {
  const [request, setRequest] = useAtom(addRequestAtom);
  const done = useCallback(() => setRequest(null), [setRequest]);
  return [request === what, done];
}
