import type { Template } from '@shared/schemas/templates';
import type { TemplateCategory } from '@shared/domain/templates';

/**
 * The templates a screen shows: of the category (or all), whose name, description or content
 * contains the search text in any letter case (what GET /api/templates?q= matches), by name.
 */
export function filterTemplates(templates: readonly Template[], category: TemplateCategory | 'all', search: string): Template[] {
  const q = search.trim().toLowerCase();
  return templates
    .filter((t) => category === 'all' || t.category === category)
    .filter((t) => !q || [t.name, t.description ?? '', t.content].some((text) => text.toLowerCase().includes(q)))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1));
}

/** How many templates each category holds. */
export function countByCategory(templates: readonly Template[]): Record<TemplateCategory, number> {
  const counts: Record<TemplateCategory, number> = { Email: 0, Notification: 0, Social: 0, Document: 0 };
  for (const t of templates) counts[t.category] += 1;
  return counts;
}

/** "Nov 20, 2025": the card's last-modified date, in the user's time zone. */
export function formatModified(at: string): string {
  return new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "Nov 20, 2025, 3:04 PM": when a version was made. */
export function formatMoment(at: string): string {
  return new Date(at).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
