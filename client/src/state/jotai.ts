/**
 * The one door to jotai: screens import atoms and hooks from here, and the live layer writes
 * pushed rows through `appStore` outside React.
 */
import { createStore } from 'jotai';

export { atom, useAtom, useAtomValue, useSetAtom, Provider } from 'jotai';
export { atomWithStorage } from 'jotai/utils';
export type { Atom, PrimitiveAtom, WritableAtom } from 'jotai';

export const appStore = createStore();
