import { createHash } from 'node:crypto';
import type { AgreementTerms, AgreementVersion } from '@shared/schemas/agreements';
import { readStream } from '../../events/store/append';
import type { Db, Tx } from '../../events/store/types';
import { userNames } from '../../projections/users/queries';
import { storeContent } from '../resources/contents';

/**
 * Stores an agreement PDF in the content store (resource_contents, by SHA-256, in the command's
 * transaction) with the terms it was drawn from; the row also keeps the bytes from being dropped
 * as unused by a library deletion.
 */
export async function storeAgreement(tx: Tx, bytes: Uint8Array, terms: AgreementTerms): Promise<{ sha256: string; size: number }> {
  const buffer = Buffer.from(bytes);
  const sha256 = createHash('sha256').update(buffer).digest('hex');
  await storeContent(tx, sha256, buffer);
  await tx`INSERT INTO agreement_documents ${tx({ sha256, size: buffer.length, terms: tx.json(terms as never) })} ON CONFLICT (sha256) DO NOTHING`;
  return { sha256, size: buffer.length };
}

/** The terms an agreement PDF was drawn from (null: no such agreement). */
export async function agreementTermsOf(db: Db, sha256: string): Promise<AgreementTerms | null> {
  const [row] = await db<{ terms: AgreementTerms }[]>`SELECT terms FROM agreement_documents WHERE sha256 = ${sha256}`;
  return row?.terms ?? null;
}

/** The highest agreement version of a deal so far (0: none). */
export async function latestAgreementVersion(db: Db, dealId: string): Promise<number> {
  const [row] = await db<{ version: number | null }[]>`
    SELECT max((data->>'agreement_version')::int) AS version FROM events
    WHERE stream_id = ${`deal-${dealId}`} AND type = 'DealAgreementGenerated'`;
  return row?.version ?? 0;
}

export const agreementUrl = (dealId: string, version: number) => `/api/deals/${dealId}/agreements/${version}`;

/**
 * Every agreement version of a deal, newest first, from the deal's own stream (a deal's events are
 * few): when and by whom each was generated, and where it is served.
 */
export async function agreementVersions(db: Db, dealId: string): Promise<AgreementVersion[]> {
  const events = (await readStream(db, `deal-${dealId}`)).filter((e) => e.type === 'DealAgreementGenerated');
  const names = await userNames(db, events.map((e) => e.metadata.user_id));
  const versions = events.map((e) => {
    const data = e.data as { agreement_version: number; file_name: string; size: number; sha256: string };
    return {
      agreement_version: data.agreement_version,
      file_name: data.file_name,
      size: data.size,
      sha256: data.sha256,
      generated_at: e.metadata.at,
      generated_by: names.get(e.metadata.user_id) ?? null,
      url: agreementUrl(dealId, data.agreement_version),
      current: false,
    };
  });
  versions.reverse();
  if (versions[0]) versions[0].current = true;
  return versions;
}
