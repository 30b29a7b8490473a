/**
 * The upload limits' words, apart from the zod schemas that use them: the client's every failed
 * call reads them (client/src/api/failureMessage.ts), and the first screen should not wait for
 * the schema library to arrive to have them.
 */

/** The largest file the library takes: 20 MiB. */
export const MAX_RESOURCE_BYTES = 20 * 1024 * 1024;
export const RESOURCE_KINDS_TEXT = 'PDF, Word (.doc, .docx, .rtf), plain text, or an image (PNG, JPEG, GIF, WebP)';

export const RESOURCE_MESSAGES = {
  noFile: 'Choose a file to upload',
  oneFile: 'Send one file per document',
  empty: 'The file is empty',
  tooLarge: `The file is larger than ${MAX_RESOURCE_BYTES / 1024 / 1024} MB`,
  refused: `This kind of file is not accepted: upload a ${RESOURCE_KINDS_TEXT}`,
  notMultipart: 'Send the document as multipart/form-data with the fields file, name, description and category',
  busy: 'The server is receiving other uploads right now. Try again in a moment.',
} as const;

/**
 * The message of a 413 from the API's general body limit, which knows nothing of what the body
 * carried: the client replaces it (as it does a proxy's 413 page) with what the limit means there.
 */
export const REQUEST_TOO_LARGE_MESSAGE = 'Request body is too large';
