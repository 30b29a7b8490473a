import { RESOURCE_CATEGORIES, type Resource, type ResourceCategory } from '@shared/schemas/resources';

/** The spec's search: name or description contains the text, in any letter case. */
export function searchResources(resources: readonly Resource[], search: string): Resource[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...resources];
  return resources.filter((r) => r.name.toLowerCase().includes(text) || (r.description ?? '').toLowerCase().includes(text));
}

/** Documents by category, every category present (in the page's order), each by name. */
export function byCategory(resources: readonly Resource[]): Record<ResourceCategory, Resource[]> {
  const groups = Object.fromEntries(RESOURCE_CATEGORIES.map((c) => [c, [] as Resource[]])) as Record<ResourceCategory, Resource[]>;
  for (const resource of resources) groups[resource.category]?.push(resource);
  for (const list of Object.values(groups)) list.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
  return groups;
}

/** "245 KB", "1.2 MB": a file's size as people read it (1 KB = 1,024 bytes). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / 1024 / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** "Nov 20, 2025": when a document was last updated, in the user's time zone. */
export function formatUpdated(at: string): string {
  return new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** The document name a picked file suggests: its name without the extension, separators as spaces. */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Which categories are open. Without a search, the user's choice (two open at first); while
 * searching, every category with a match opens unless the user closed it during this search.
 */
export interface OpenCategories {
  chosen: ReadonlySet<ResourceCategory>;
  /** Closed by the user while the current search was shown; forgotten when the search changes. */
  closedInSearch: ReadonlySet<ResourceCategory>;
}

export const isOpen = (state: OpenCategories, category: ResourceCategory, searching: boolean) =>
  searching ? !state.closedInSearch.has(category) : state.chosen.has(category);

export function toggleCategory(state: OpenCategories, category: ResourceCategory, searching: boolean): OpenCategories {
  const flip = (set: ReadonlySet<ResourceCategory>) => {
    const next = new Set(set);
    if (next.has(category)) next.delete(category);
    else next.add(category);
    return next;
  };
  return searching ? { ...state, closedInSearch: flip(state.closedInSearch) } : { ...state, chosen: flip(state.chosen) };
}
