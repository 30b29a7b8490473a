import { useCallback } from 'react';
import { useUser } from '../auth/session';
import { atomWithStorage, useAtom, type WritableAtom } from '../state/jotai';
import { choiceOf, withChoice } from './perUser';

/** Every user's choice under one local-storage key; what is stored is checked when read. */
export type StoredChoices = WritableAtom<unknown, [unknown], void>;

export function perUserChoiceAtom(key: string): StoredChoices {
  return atomWithStorage<unknown>(key, {}, undefined, { getOnInit: true });
}

/** The signed-in user's choice in `stored`, and a setter that keeps the other users' choices. */
export function usePerUserChoice<T>(stored: StoredChoices, isValid: (value: unknown) => value is T, fallback: T): [T, (value: T) => void] {
  const user = useUser();
  const [all, setAll] = useAtom(stored);
  const set = useCallback((value: T) => setAll(withChoice(all, user.id, value)), [all, setAll, user.id]);
  return [choiceOf(all, user.id, isValid, fallback), set];
}
