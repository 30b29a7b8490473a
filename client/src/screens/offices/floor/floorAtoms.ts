import { liveCollection } from '../../../live/registry';
import { atom, atomWithStorage } from '../../../state/jotai';

/** Every floor placement the user may see, kept live (id: the office's id). */
export const placementsAtom = liveCollection('floor_placements');
/** Floor backgrounds, kept live (id: the floor's id). */
export const backgroundsAtom = liveCollection('floor_backgrounds');

/** The floor shown, per location id, remembered in local storage like the grid/list choice. */
export const floorChoiceAtom = atomWithStorage<Record<string, number>>('officeManagement.floor', {}, undefined, { getOnInit: true });
/** The heat overlay (leases ending soon) is on. */
export const floorHeatAtom = atom(false);
/** The plan's zoom: 1 fits the plan to its column. */
export const floorZoomAtom = atom(1);
