/** One run of a label: the words typed (`match`) or the text between them. */
export interface LabelPart {
  text: string;
  match: boolean;
}

/**
 * Splits `label` into the runs that match a word of `query` (case-insensitive, anywhere, every
 * occurrence) and the runs between, in order, so the palette can mark what was found. Overlapping
 * or touching matches form one run; an empty query marks nothing. Joined, the parts are `label`.
 */
export function highlightParts(label: string, query: string): LabelPart[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const lower = label.toLowerCase();
  // Which characters of the label some word covers. Lowercasing can change a string's length
  // (e.g. "İ"); then positions would not line up, so nothing is marked rather than the wrong part.
  const covered = new Array<boolean>(label.length).fill(false);
  if (lower.length === label.length) {
    for (const word of words) {
      for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) covered.fill(true, at, at + word.length);
    }
  }
  const parts: LabelPart[] = [];
  for (let i = 0; i < label.length; i += 1) {
    const match = covered[i] === true;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += label.charAt(i);
    else parts.push({ text: label.charAt(i), match });
  }
  return parts;
}
