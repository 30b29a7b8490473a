import { atom, atomWithStorage } from '../../../state/jotai';

/** The floor shown, per location id, remembered in local storage like the grid/list choice. */
export const floorChoiceAtom = atomWithStorage<Record<string, number>>('officeManagement.floor', {}, undefined, { getOnInit: true });
/** The heat overlay (leases ending soon) is on. */
export const floorHeatAtom = atom(false);
/** The plan's zoom: 1 fits the plan to its column. */
export const floorZoomAtom = atom(1);
