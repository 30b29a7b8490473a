import type { FileKind } from './sniff';

const MAX_FILE_NAME = 180;

/**
 * The name a download is saved under: the uploaded file's own name without any folders or
 * control characters, ending in an extension its bytes allow (a `report` that is a PDF is saved
 * as `report.pdf`; a text file named `page.html` as `page.html.txt`).
 */
export function storedFileName(given: string | undefined, documentName: string, kind: FileKind): string {
  const clean = (text: string) =>
    text
      // Browsers escape these three in a multipart file name (HTML's form encoding).
      .replace(/%22/g, '"')
      .replace(/%0[ad]/gi, '')
      .replace(/\s+/g, ' ')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim();
  const base = clean((given ?? '').split(/[\\/]/).pop() ?? '') || clean(documentName).replace(/[\\/]/g, '-') || 'document';
  const extension = /\.([^.]+)$/.exec(base)?.[1]?.toLowerCase();
  const named = extension && kind.extensions.includes(extension) ? base : `${base}.${kind.extensions[0]}`;
  if (named.length <= MAX_FILE_NAME) return named;
  const suffix = `.${named.split('.').pop()}`;
  return `${named.slice(0, MAX_FILE_NAME - suffix.length)}${suffix}`;
}
