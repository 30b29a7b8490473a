import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import type { ResourceType } from '@shared/schemas/resources';

/** What the bytes of an accepted file are: its badge, its media type, and the extensions it may carry. */
export interface FileKind {
  type: ResourceType;
  contentType: string;
  /** The first is the one added to a file name that has none of them. */
  extensions: string[];
}

const TEXT: FileKind = { type: 'Doc', contentType: 'text/plain; charset=utf-8', extensions: ['txt', 'csv', 'md', 'log', 'tsv'] };

/** Accepted by what file-type reads in the bytes; everything it finds that is not here is refused. */
const BY_EXTENSION: Record<string, FileKind> = {
  docx: { type: 'Doc', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  rtf: { type: 'Doc', contentType: 'application/rtf', extensions: ['rtf'] },
  png: { type: 'Doc', contentType: 'image/png', extensions: ['png'] },
  jpg: { type: 'Doc', contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  gif: { type: 'Doc', contentType: 'image/gif', extensions: ['gif'] },
  webp: { type: 'Doc', contentType: 'image/webp', extensions: ['webp'] },
};

const WORD_97: FileKind = { type: 'Doc', contentType: 'application/msword', extensions: ['doc'] };

/**
 * A Word 97-2003 file is a compound file (as are Excel sheets and Windows installers) with a
 * stream named WordDocument; directory entry names are UTF-16LE.
 */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/** A PDF with fields to fill in is a form. One that pdf-lib cannot read is still a PDF. */
async function pdfKind(bytes: Buffer): Promise<FileKind> {
  const fields = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false })
    .then((pdf) => pdf.getForm().getFields().length)
    .catch(() => 0);
  return { type: fields > 0 ? 'Form' : 'PDF', contentType: 'application/pdf', extensions: ['pdf'] };
}

/**
 * What the file is, read from its bytes (never its name or the type the browser claimed): PDF,
 * Word, plain UTF-8 text or a common image; null for anything else (an executable, an archive, a
 * spreadsheet, an archive renamed .pdf).
 */
export async function sniff(bytes: Buffer): Promise<FileKind | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) {
    // file-type knows binary formats; text has no signature. UTF-8 without NUL bytes is text.
    return isUtf8(bytes) && !bytes.includes(0) ? TEXT : null;
  }
  if (found.ext === 'pdf') return pdfKind(bytes);
  if (found.ext === 'cfb') return bytes.includes(WORD_STREAM) ? WORD_97 : null;
  return BY_EXTENSION[found.ext] ?? null;
}
