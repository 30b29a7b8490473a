import { describe, expect, it } from 'vitest';
import { isCompressible } from '../../server/middleware/compression';

describe('Which answers are compressed', () => {
  it.each([
    'application/json; charset=utf-8',
    'text/html; charset=utf-8',
    'text/css; charset=utf-8',
    'text/javascript; charset=utf-8',
    'application/javascript',
    'image/svg+xml',
    'text/csv; charset=utf-8',
  ])('given %s, then it is compressed', (type) => {
    expect(isCompressible(type)).toBe(true);
  });

  it.each([
    // Read line by line as written: a compressor would hold lines back.
    'application/x-ndjson',
    'text/event-stream',
    // Compressed already.
    'application/pdf',
    'image/png',
    'image/jpeg',
    'application/zip',
    'font/woff2',
    '',
    undefined,
  ])('given %s, then it is sent as it is', (type) => {
    expect(isCompressible(type)).toBe(false);
  });
});
