import type { DealStage } from '@shared/domain/deals';
import { liveCollection } from '../../live/registry';
import { atom, atomWithStorage } from '../../state/jotai';
import type { DealSort } from './dealList';

/** Every deal the user may see, kept live. */
export const dealsAtom = liveCollection('deals');

export type DealView = 'pipeline' | 'list' | 'statistics';
/** The spec's key for the chosen view. */
export const DEAL_VIEW_STORAGE_KEY = 'crmDeals';
export const dealViewAtom = atomWithStorage<DealView>(DEAL_VIEW_STORAGE_KEY, 'pipeline', undefined, { getOnInit: true });

export const dealSearchAtom = atom('');
export const dealStageFilterAtom = atom<DealStage | 'all'>('all');
export const dealSortAtom = atom<DealSort | null>(null);

/**
 * A signing link just answered to this user (it is never pushed or stored): shown once in a
 * dialog with 'Copy signing link', and gone when the dialog closes.
 */
export const signingLinkAtom = atom<{ deal_name: string; url: string; expires_at: string } | null>(null);
