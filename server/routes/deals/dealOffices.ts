import { getOffice } from '../../../projections/offices/queries';
import { marketRate } from '@shared/domain/deals';
import type { Db } from '../../../events/store/types';
import { HttpError } from '../../httpError';

/** Offices a deal may offer: at the deal's location, and VACANT or PENDING (spec part 2, Add Deal). */
const OFFERABLE = new Set(['VACANT', 'PENDING']);

const refuse = (message: string) => new HttpError(400, message, [{ field: 'office_ids', message }]);

/**
 * Checks a deal's offices and answers its market rate (their average monthly marketed rate).
 * Offices the deal already holds (`kept`) need not be free any more: a deal keeps what it had.
 */
export async function dealOffices(db: Db, officeIds: string[], locationId: string, kept: readonly string[] = []): Promise<number | null> {
  const offices = await Promise.all(officeIds.map((id) => getOffice(db, id)));
  for (const [i, office] of offices.entries()) {
    if (!office) throw refuse(`Office ${officeIds[i]} not found`);
    if (office.location_id !== locationId) throw refuse(`Office ${office.office_number} is not at the deal's location`);
    if (!kept.includes(office.id) && !OFFERABLE.has(office.status)) {
      throw refuse(`Office ${office.office_number} is ${office.status.toLowerCase()}: only vacant or pending offices can be offered`);
    }
  }
  return marketRate(offices.map((o) => o!.marketed_rates.monthly));
}
