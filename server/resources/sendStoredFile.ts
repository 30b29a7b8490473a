import type { Context } from 'koa';
import type { Db } from '../../events/store/types';
import { openContent } from './contents';

/** A file kept by its SHA-256 beside the log (a library document, an agreement, an executed copy). */
export interface StoredFile {
  sha256: string;
  size: number;
  /** The name the browser saves it under. */
  fileName: string;
  contentType: string;
  /** Shown in the browser (a PDF to read) rather than saved at once. */
  inline?: boolean;
}

/**
 * Streams a stored file as the answer, part by part. attachment() writes a Content-Disposition
 * safe for any name (an ASCII fallback and the UTF-8 original); the hash is its ETag. Bytes
 * missing for a row that names them are the server's fault (`missing` says whose), never a 404.
 */
export async function sendStoredFile(ctx: Context, db: Db, file: StoredFile, missing: string): Promise<void> {
  const body = await openContent(db, file.sha256, file.size);
  if (!body) throw new Error(missing);
  ctx.attachment(file.fileName, file.inline ? { type: 'inline' } : undefined);
  ctx.type = file.contentType;
  ctx.length = file.size;
  ctx.etag = file.sha256;
  ctx.body = body;
}
