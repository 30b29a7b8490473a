import { liveCollection } from '../../live/registry';
import { atom, atomWithStorage } from '../../state/jotai';
import type { OfficeSort } from './officeList';

/** Every office the user may see, kept live. */
export const officesAtom = liveCollection('offices');

export type OfficeView = 'grid' | 'list' | 'floor';
/** Grid, list or floor plan, remembered in local storage. */
export const OFFICE_VIEW_STORAGE_KEY = 'officeManagement.view';
export const officeViewAtom = atomWithStorage<OfficeView>(OFFICE_VIEW_STORAGE_KEY, 'grid', undefined, { getOnInit: true });

export const officeSearchAtom = atom('');
export const officeStatusFilterAtom = atom<'all' | string>('all');
export const officeDeskFilterAtom = atom('');
export const officeSortAtom = atom<OfficeSort | null>(null);
