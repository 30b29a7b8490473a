import { createHash, randomUUID } from 'node:crypto';
import { announce } from '../../events/store/announce';
import { append, readStream } from '../../events/store/append';
import type { Pool } from '../../events/store/types';
import { storeContent } from '../../server/resources/contents';
import { pdfBytes } from './sampleFiles';

export interface Signature {
  /** The DealAgreementSigned event's log position and its version in the deal's stream. */
  position: number;
  version: number;
  /** The signed agreement's hash and bytes. */
  sha256: string;
  agreement: Buffer;
  token_id: string;
  signer_name: string;
  ip: string;
  user_agent: string;
}

/**
 * A deal's agreement generated and signed, as the public signing page records them: the agreement
 * (a small real PDF) stored by its hash, then DealAgreementGenerated and DealAgreementSigned
 * appended to the deal's stream at its current version with the deal's scope, and announced.
 * For tests only: production signatures come from the signing page, never from here.
 */
export async function signDeal(
  sql: Pool,
  dealId: string,
  options: { signer_name?: string; ip?: string; user_agent?: string; storeAgreement?: boolean } = {},
): Promise<Signature> {
  const streamId = `deal-${dealId}`;
  const agreement = await pdfBytes(`Membership agreement ${dealId}`);
  const sha256 = createHash('sha256').update(agreement).digest('hex');
  const token_id = randomUUID();
  const signer_name = options.signer_name ?? 'Pat Signer';
  const ip = options.ip ?? '203.0.113.7';
  const user_agent = options.user_agent ?? 'Mozilla/5.0 (X11; Linux x86_64) SigningTest/1.0';
  const appended = await sql.begin(async (tx) => {
    const events = await readStream(tx, streamId);
    const created = events.find((e) => e.type === 'DealCreated');
    if (!created) throw new Error(`no deal ${dealId}`);
    // Where the deal is now: its creation's location, or the last edit that moved it.
    const location = events.map((e) => (e.data as { location_id?: string }).location_id).filter((id): id is string => !!id).pop()!;
    if (options.storeAgreement !== false) await storeContent(tx, sha256, agreement);
    const metadata = { user_id: 'signer', correlation_id: randomUUID(), causation_id: null, at: new Date().toISOString(), scope: { locations: [location] } };
    const version = Math.max(...events.map((e) => e.version));
    const appended = await append(tx, {
      streamId,
      streamType: 'deal',
      expectedVersion: version,
      metadata,
      events: [
        { type: 'DealAgreementGenerated', data: { agreement_version: 1, sha256, size: agreement.length, file_name: 'agreement.pdf' } },
        {
          type: 'DealAgreementSigned',
          data: { token_id, agreement_version: 1, document_sha256: sha256, signer_name, signed_at: new Date().toISOString(), ip, user_agent },
        },
      ],
    });
    return appended;
  });
  announce(sql, appended);
  const signed = appended[1];
  return { position: signed!.position, version: signed!.version, sha256, agreement, token_id, signer_name, ip, user_agent };
}
