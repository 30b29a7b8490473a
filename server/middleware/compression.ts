import { constants } from 'node:zlib';
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
 * Brotli or gzip by the request's Accept-Encoding (brotli first), compressed as they are sent:
 * the client's files from 1 KB, the API's answers from 4 KB. A command's answer (one row, 1 to
 * 3 KB) stays plain: a compressor per answer cost about 150 µs of CPU, a third of what a raw
 * INSERT of the same event costs, to save a link 1 to 2 KB. Brotli at quality 5: on the 0.85 MB
 * of scripts and styles a cold /offices loads, 6% smaller than the library's 4 for 8 ms more
 * (about 50 ms in all); quality 11 saves 7% more at 27 times the time, so the build writes
 * quality-11 copies of the client's files (build/precompress.ts), which the static files' server
 * sends as they are (Content-Encoding already set: nothing is compressed twice).
 */
export function compression(): Middleware {
  const options = {
    filter: isCompressible,
    encodingPreference: ['br', 'gzip', 'identity'],
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    // Only the two every browser speaks; zstd is newer than Node 20, deflate's framing ambiguous.
    deflate: false as const,
    zstd: false as const,
  };
  const files = compress({ ...options, threshold: 1024 });
  const answers = compress({ ...options, threshold: 4096 });
  return (ctx, next) => (ctx.path.startsWith('/api/') ? answers : files)(ctx, next);
}
