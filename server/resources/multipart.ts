import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { MAX_RESOURCE_BYTES, RESOURCE_MESSAGES } from '@shared/schemas/resources';
import { HttpError } from '../httpError';

/** The file of an upload, whole in memory (at most MAX_RESOURCE_BYTES), with its hash. */
export interface ReceivedFile {
  fileName: string;
  bytes: Buffer;
  sha256: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

/** Room for the text fields and the multipart framing around the largest accepted file. */
const FRAMING_ALLOWANCE = 64 * 1024;
const FIELD_LIMIT = 8 * 1024;

const badRequest = (message: string) => new HttpError(400, message);
const tooLarge = () => new HttpError(413, RESOURCE_MESSAGES.tooLarge);

/**
 * Reads a multipart upload as it streams in (busboy): one part named `file` and text fields. The
 * file's bytes are hashed as they arrive and kept only up to the size limit: past it they are
 * dropped, the rest of the request is read and discarded, and the answer is 413, so a file too
 * large never reaches memory whole, let alone the database. A request that says up front it is
 * too large is refused before any of it is read.
 */
export function readUpload(req: IncomingMessage, maxBytes = MAX_RESOURCE_BYTES): Promise<ReceivedUpload> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + FRAMING_ALLOWANCE) return Promise.reject(tooLarge());

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send file names in UTF-8.
      defParamCharset: 'utf8',
      // busboy reports the limit when a file reaches it: one byte more is the first too many.
      limits: { fileSize: maxBytes + 1, files: 1, fields: 6, parts: 8, fieldSize: FIELD_LIMIT },
    });
  } catch {
    return Promise.reject(badRequest(RESOURCE_MESSAGES.notMultipart));
  }

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: ReceivedFile | null = null;
    let problem: HttpError | null = null;
    // The first problem found is the answer; the rest of the request is still read and dropped.
    const refuse = (error: HttpError) => {
      problem ??= error;
    };

    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        refuse(new HttpError(400, `Invalid input: ${name}: Unknown field`, [{ field: name, message: 'Unknown field' }]));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const hash = createHash('sha256');
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        if (problem) return;
        size += chunk.length;
        hash.update(chunk);
        chunks.push(chunk);
      });
      stream.on('limit', () => {
        refuse(tooLarge());
        chunks.length = 0;
      });
      stream.on('end', () => {
        if (problem) return;
        file = { fileName: info.filename ?? '', bytes: Buffer.concat(chunks, size), sha256: hash.digest('hex') };
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) refuse(badRequest(`The field ${name} is too long`));
      else fields[name] = value;
    });
    parser.on('filesLimit', () => refuse(badRequest(RESOURCE_MESSAGES.oneFile)));
    parser.on('fieldsLimit', () => refuse(badRequest('Too many fields')));
    parser.on('partsLimit', () => refuse(badRequest('Too many fields')));
    parser.on('error', (error: Error) => reject(badRequest(`The upload could not be read: ${error.message}`)));
    parser.on('close', () => (problem ? reject(problem) : resolve({ fields, file })));
    req.on('aborted', () => reject(badRequest('The upload was interrupted')));
    req.pipe(parser);
  });
}
