import type { Office } from '@shared/schemas/offices';

/** What a manager reads when an office leaves their locations (an administrator moved it). */
export const movedAwayText = (office: Pick<Office, 'office_number'>, movedTo: string) =>
  `Office ${office.office_number} moved to ${movedTo}, which you don't manage`;
