import { z } from 'zod';
import { answerText, str } from './strings';

export const SEARCH_KINDS = ['office', 'member', 'deal', 'contact', 'company', 'task', 'template', 'document', 'location', 'user', 'booking'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** GET /api/search?q=&limit= */
export const SearchQuery = z
  .object({
    q: str('Search', 'Type something to search for').trim().min(1, { message: 'Type something to search for' }).max(100, { message: 'Search for at most 100 characters' }),
    limit: z.coerce.number({ message: 'Limit must be a number' }).int({ message: 'Limit must be a whole number' }).min(1, { message: 'Limit must be at least 1' }).max(50, { message: 'Limit must be at most 50' }).default(20),
  })
  .strict();
export type SearchQuery = z.infer<typeof SearchQuery>;

/** One thing found: what it is, what to call it, a line about it, and where it opens. */
export interface SearchResult {
  kind: SearchKind;
  id: string;
  title: string;
  subtitle: string;
  path: string;
}

/** One search hit, as the OpenAPI document describes it (checked against the type above). */
export const SearchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.uuid(),
  title: answerText(),
  subtitle: answerText(),
  path: answerText(),
}) satisfies z.ZodType<SearchResult>;
