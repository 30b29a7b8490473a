/**
 * Marketing template rules both ends use: the categories, their labels, the card preview, and
 * the placeholders a template's content names in square brackets ("Dear [Member Name],").
 */
export const TEMPLATE_CATEGORIES = ['Email', 'Notification', 'Social', 'Document'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** The spec's labels: "Social Media (stored as Social)". */
export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, string> = {
  Email: 'Email',
  Notification: 'Notification',
  Social: 'Social Media',
  Document: 'Document',
};

/** Accepted for a category besides the stored names: the label people see ('Social Media' is Social). */
export const TEMPLATE_CATEGORY_ALIASES = ['Social Media'] as const;

/** A card shows this many characters of the content (spec part 1, section 9). */
export const TEMPLATE_PREVIEW_LENGTH = 200;

/** The longest placeholder name: longer bracketed text is prose, not a field to fill in. */
export const MAX_PLACEHOLDER_LENGTH = 60;

/** `[Company Name]`: a name without brackets or line breaks between one pair of brackets. */
const PLACEHOLDER = /\[([^[\]\r\n]+)\]/g;

/**
 * The placeholders a content names, each once, in order of first appearance, as written inside
 * the brackets (trimmed). Empty brackets and bracketed text longer than MAX_PLACEHOLDER_LENGTH
 * are not placeholders.
 */
export function placeholdersOf(content: string): string[] {
  const found = new Set<string>();
  for (const match of content.matchAll(PLACEHOLDER)) {
    const name = match[1]!.trim();
    if (name.length > 0 && name.length <= MAX_PLACEHOLDER_LENGTH) found.add(name);
  }
  return [...found];
}

/** The card's preview: the first TEMPLATE_PREVIEW_LENGTH characters, with an ellipsis when cut. */
export function templatePreview(content: string): string {
  const chars = [...content];
  return chars.length <= TEMPLATE_PREVIEW_LENGTH ? content : `${chars.slice(0, TEMPLATE_PREVIEW_LENGTH).join('')}...`;
}
