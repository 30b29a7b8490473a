import { perUserChoiceAtom, usePerUserChoice } from '../../lib/usePerUserChoice';

/**
 * How much room a deal card takes. Compact fits all six stages across a 1440 px screen (sidebar
 * included) with titles cut after two lines; comfortable is the roomier default.
 */
export const BOARD_DENSITIES = ['comfortable', 'compact'] as const;
export type BoardDensity = (typeof BOARD_DENSITIES)[number];

export const isBoardDensity = (value: unknown): value is BoardDensity => BOARD_DENSITIES.includes(value as BoardDensity);

/** Remembered per user in local storage. */
export const BOARD_DENSITY_STORAGE_KEY = 'dealBoard.density';
const boardDensityAtom = perUserChoiceAtom(BOARD_DENSITY_STORAGE_KEY);

export function useBoardDensity() {
  return usePerUserChoice<BoardDensity>(boardDensityAtom, isBoardDensity, 'comfortable');
}
