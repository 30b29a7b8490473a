/**
 * An earlier version's content against the current one, with jsdiff: line by line (what a
 * reviewer reads first) or word by word inside the text (small rewordings). Pure.
 */
import { diffLines, diffWordsWithSpace } from 'diff';

export type DiffMode = 'lines' | 'words';
export type DiffKind = 'added' | 'removed' | 'same';

export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** One line of a line diff: what happened to it, and its number in the earlier and current text. */
export interface DiffLine {
  kind: DiffKind;
  text: string;
  before: number | null;
  after: number | null;
}

export interface ContentDiff {
  lines: DiffLine[];
  added: number;
  removed: number;
}

const kindOf = (part: { added?: boolean; removed?: boolean }): DiffKind => (part.added ? 'added' : part.removed ? 'removed' : 'same');

/**
 * Lines of `before` and `after`, each marked kept, removed or added, numbered on both sides. A
 * last line with or without a line break after it is the same line (people do not see the break).
 */
export function lineDiff(before: string, after: string): ContentDiff {
  const lines: DiffLine[] = [];
  let b = 0;
  let a = 0;
  for (const part of diffLines(before, after, { ignoreNewlineAtEof: true, stripTrailingCr: true })) {
    const kind = kindOf(part);
    const texts = part.value.replace(/\n$/, '').split('\n');
    for (const text of texts) {
      if (kind !== 'added') b += 1;
      if (kind !== 'removed') a += 1;
      lines.push({ kind, text, before: kind === 'added' ? null : b, after: kind === 'removed' ? null : a });
    }
  }
  return {
    lines,
    added: lines.filter((l) => l.kind === 'added').length,
    removed: lines.filter((l) => l.kind === 'removed').length,
  };
}

/** The current text with the words the change removed and added, in reading order. */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((part) => ({ kind: kindOf(part), text: part.value }));
}
