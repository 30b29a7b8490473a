import { liveCollection } from '../../live/registry';

/** Every contact and company the user has loaded, kept live (they are everyone's). */
export const contactsAtom = liveCollection('contacts');
export const companiesAtom = liveCollection('companies');
