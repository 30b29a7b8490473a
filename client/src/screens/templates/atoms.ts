import type { TemplateCategory } from '@shared/domain/templates';
import { liveCollection } from '../../live/registry';
import { atom } from '../../state/jotai';

/** Every template (all signed-in users read them all), kept live. */
export const templatesAtom = liveCollection('templates');

export const templateSearchAtom = atom('');
export const templateCategoryAtom = atom<TemplateCategory | 'all'>('all');
