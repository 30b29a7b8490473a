import { liveCollection } from '../../live/registry';
import { atom } from '../../state/jotai';

/** Every member company the user may see, kept live. */
export const membersAtom = liveCollection('members');

export const memberSearchAtom = atom('');
