/**
 * An office's four statuses, apart from the zod schemas that check them: the offices screen
 * shows them before its dialogs' forms (and the schema library) have loaded.
 */
export const OFFICE_STATUSES = ['LEASED', 'VACANT', 'PENDING', 'UNAVAILABLE'] as const;
export type OfficeStatus = (typeof OFFICE_STATUSES)[number];
