import type { Middleware } from 'koa';
import compress from 'koa-compress';

/**
 * The text a slow link pays for: the client's HTML, scripts, styles and SVG, and the API's JSON.
 * An allow-list rather than "anything text": `text/event-stream` and `application/x-ndjson` are
 * answers read line by line as they are written (the import's progress), and a compressor holds
 * lines back until its block fills; PDFs, images and archives are compressed already.
 */
const COMPRESSIBLE = /^(?:text\/(?:html|css|javascript|plain|csv)|application\/(?:json|javascript|xml)|image\/svg\+xml)(?:;|$)/i;

export const isCompressible = (type: string | undefined): boolean => COMPRESSIBLE.test(type ?? '');

/**
 * Brotli or gzip by the request's Accept-Encoding (brotli first), for answers of 1 KB or more.
 * Brotli stays at the library's quality 4, fast enough to run on every answer as it is sent,
 * so the build needs no precompressed copies.
 */
export function compression(): Middleware {
  return compress({
    filter: isCompressible,
    threshold: 1024,
    encodingPreference: ['br', 'gzip', 'identity'],
    // Only the two every browser speaks; zstd is newer than Node 20, deflate's framing ambiguous.
    deflate: false,
    zstd: false,
  });
}
