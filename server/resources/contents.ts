import { Readable } from 'node:stream';
import type { Db, Tx } from '../../events/store/types';
import { isExecutedCopy } from '../../projections/deals/signingQueries';

/** A file is stored in parts of this size: a download reads one part per query. */
export const CONTENT_PART_BYTES = 1024 * 1024;

/**
 * Advisory-lock class of content hashes: storing a file and dropping one no document uses any more
 * take turns on its hash, so a new upload of the same bytes never loses them to a deletion.
 */
const CONTENT_LOCK_CLASS = 7_340_011;
const lockContent = (tx: Tx, sha256: string) => tx`SELECT pg_advisory_xact_lock(${CONTENT_LOCK_CLASS}, hashtext(${sha256}))`;

/** Stores the bytes under their hash, in the transaction of the event that names them; equal files once. */
export async function storeContent(tx: Tx, sha256: string, bytes: Buffer): Promise<void> {
  await lockContent(tx, sha256);
  const parts = [];
  for (let part = 0, at = 0; at < bytes.length; part++, at += CONTENT_PART_BYTES) {
    parts.push({ sha256, part, bytes: bytes.subarray(at, at + CONTENT_PART_BYTES) });
  }
  // One part per statement: no single message carries more than a part's worth of bytes.
  for (const row of parts) await tx`INSERT INTO resource_contents ${tx(row)} ON CONFLICT (sha256, part) DO NOTHING`;
}

/**
 * Drops the bytes once no document names them any more (after a deletion, in its transaction): a
 * deleted document's file really leaves the database, and the log keeps only its metadata and hash.
 * A deal's agreement (agreement_documents) keeps its bytes for good, even when a library
 * document of the same bytes is deleted; a floor plan's background keeps them while it shows them.
 */
export async function dropUnusedContent(tx: Tx, sha256: string): Promise<void> {
  await lockContent(tx, sha256);
  // The same bytes may be a deal's executed copy (downloaded, then uploaded to the library).
  if (await isExecutedCopy(tx, sha256)) return;
  await tx`
    DELETE FROM resource_contents
    WHERE sha256 = ${sha256} AND NOT EXISTS (SELECT 1 FROM resources WHERE sha256 = ${sha256})
      AND NOT EXISTS (SELECT 1 FROM agreement_documents WHERE sha256 = ${sha256})
      AND NOT EXISTS (SELECT 1 FROM floor_backgrounds WHERE sha256 = ${sha256})`;
}

/**
 * The file as a stream, one part per query, so a slow download holds no connection in between;
 * null when its first part is missing (nothing is sent then).
 */
export async function openContent(db: Db, sha256: string, size: number): Promise<Readable | null> {
  const part = async (n: number) =>
    (await db<{ bytes: Buffer }[]>`SELECT bytes FROM resource_contents WHERE sha256 = ${sha256} AND part = ${n}`)[0]?.bytes;
  const first = await part(0);
  if (!first) return null;
  const parts = Math.ceil(size / CONTENT_PART_BYTES);
  async function* read() {
    yield first!;
    for (let n = 1; n < parts; n++) {
      const bytes = await part(n);
      if (!bytes) throw new Error(`content ${sha256} lacks part ${n}`);
      yield bytes;
    }
  }
  return Readable.from(read(), { objectMode: false });
}
