import { readFileSync } from 'node:fs';
import path from 'node:path';

/** lucide-react's entry: one re-export line per icon, naming the icon's own module. */
const ICON_BARREL = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g;
const OTHER_IMPORT = /(?:import|export)\s*(?:\*|[\w$]+\s*(?:,|from))[^;'"]*['"]lucide-react['"]|export\s*\{[^}]*\}\s*from\s*['"]lucide-react['"]/;
const RE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;

export const isIconBarrel = (id: string) => ICON_BARREL.test(id);

/** Each name the barrel exports, to the module it re-exports it from. */
const barrels = new Map<string, Map<string, string>>();
function barrelNames(barrel: string): Map<string, string> {
  let names = barrels.get(barrel);
  if (names) return names;
  names = new Map();
  for (const [, list, from] of readFileSync(barrel, 'utf8').matchAll(RE_EXPORT)) {
    const target = path.resolve(path.dirname(barrel), from!);
    for (const part of list!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.set(name, target);
    }
  }
  barrels.set(barrel, names);
  return names;
}

/**
 * The icon modules a module uses, for one that imports the icon barrel: through the barrel it
 * imports every icon, though the bundle keeps only those it names. Null when it cannot tell (a
 * namespace import, a name the barrel does not list): then all of the barrel counts.
 */
export function namedIcons(code: string, barrel: string): string[] | null {
  if (OTHER_IMPORT.test(code)) return null;
  const names = barrelNames(barrel);
  const icons: string[] = [];
  for (const [, list] of code.matchAll(NAMED_IMPORT)) {
    for (const part of list!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (!name || name.startsWith('type ')) continue;
      const icon = names.get(name);
      if (!icon) return null;
      icons.push(icon);
    }
  }
  return icons;
}
