import { OPEN_CATEGORIES, type ResourceCategory } from '@shared/schemas/resources';
import { liveCollection } from '../../live/registry';
import { atom } from '../../state/jotai';
import type { OpenCategories } from './resourceList';

/** Every document (all signed-in users read the library), kept live. */
export const resourcesAtom = liveCollection('resources');
/** The company's holidays and vacation days (one row), kept live. */
export const companySettingsAtom = liveCollection('company_settings');

export const resourceSearchAtom = atom('');
export const openCategoriesAtom = atom<OpenCategories>({ chosen: new Set(OPEN_CATEGORIES), closedInSearch: new Set<ResourceCategory>() });
