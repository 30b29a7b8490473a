import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Stream } from 'node:stream';
import type { Middleware, Next, ParameterizedContext } from 'koa';
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
/** Brotli's quality for what is compressed as it is sent (see above). */
const BROTLI_QUALITY = 5;

export function compression(): Middleware {
  const options = {
    filter: isCompressible,
    encodingPreference: ['br', 'gzip', 'identity'],
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    // Only the two every browser speaks; zstd is newer than Node 20, deflate's framing ambiguous.
    deflate: false as const,
    zstd: false as const,
  };
  const files = compress({ ...options, threshold: 1024 });
  const answers = compress({ ...options, threshold: ANSWER_THRESHOLD });
  return (ctx, next) => (ctx.path.startsWith('/api/') ? answers(ctx, () => compressSmallAnswer(ctx, next)) : files(ctx, next));
}

/** API answers from this size are compressed (smaller ones cost more CPU than they save a link). */
const ANSWER_THRESHOLD = 4096;
/** Up to this size an answer is compressed at once, in memory; past it, as a stream (below). */
const AT_ONCE_UP_TO = 64 * 1024;

/**
 * An API answer of 4 to 64 KB (a dashboard, a profile, a short list) compressed at once, on this
 * thread, with its Content-Length: about 0.5 ms of CPU for 7 KB. As a stream, the same answer
 * went through zlib's thread pool in several hops and took milliseconds longer to leave, more so
 * on a busy node. Larger answers are left to the stream (koa-compress, which then sees the
 * Content-Encoding set here and leaves these alone), so that no answer holds the thread for long.
 */
async function compressSmallAnswer(ctx: ParameterizedContext, next: Next): Promise<void> {
  await next();
  const { body } = ctx;
  if (body == null || typeof body !== 'object' && typeof body !== 'string') return;
  if (Buffer.isBuffer(body) || body instanceof Stream) return;
  if (ctx.compress === false || ctx.method === 'HEAD' || ctx.response.get('Content-Encoding') || !isCompressible(ctx.response.type)) return;
  if (/\bno-transform\b/i.test(ctx.response.get('Cache-Control'))) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const size = Buffer.byteLength(text);
  if (size < ANSWER_THRESHOLD || size > AT_ONCE_UP_TO) {
    // Serialised once: the stream takes the text as it is.
    ctx.body = text;
    return;
  }
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') {
    ctx.body = text;
    return;
  }
  const packed =
    encoding === 'br'
      ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
      : gzipSync(text);
  ctx.set('Content-Encoding', encoding);
  ctx.body = packed;
}
