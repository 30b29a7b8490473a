import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkGroups } from '../../client/build/chunks';

interface FakeModule {
  importedIds?: string[];
  dynamicallyImportedIds?: string[];
  code?: string;
  isEntry?: boolean;
}

/** The bundler's view of a module graph, with each module's importers worked out from its imports. */
function context(modules: Record<string, FakeModule>) {
  const info = (id: string) => {
    const own = modules[id];
    if (!own) return null;
    const importers = Object.keys(modules).filter((other) => modules[other]!.importedIds?.includes(id));
    const dynamicImporters = Object.keys(modules).filter((other) => modules[other]!.dynamicallyImportedIds?.includes(id));
    return { importedIds: [], dynamicallyImportedIds: [], code: '', isEntry: false, ...own, importers, dynamicImporters };
  };
  return { getModuleInfo: info } as unknown as Rolldown.ChunkingContext;
}

const src = (file: string) => path.resolve('client/src', file);
const lucide = (file: string) => path.resolve('node_modules/lucide-react/dist/esm', file);

describe('The first-visit files', () => {
  it("given icons imported through lucide-react's barrel, then the entry's file holds the icons the entry names, not every icon a screen names", () => {
    const barrel = lucide('lucide-react.mjs');
    const menu = lucide('icons/menu.mjs');
    const trophy = lucide('icons/trophy.mjs');
    const ctx = context({
      [src('main.tsx')]: { isEntry: true, importedIds: [src('routes.tsx')] },
      [src('routes.tsx')]: { importedIds: [barrel], dynamicallyImportedIds: [src('shell/Shell.tsx'), src('screens/deals/DealsPage.tsx')], code: "import { Menu } from 'lucide-react';" },
      [src('shell/Shell.tsx')]: {},
      [src('screens/deals/DealsPage.tsx')]: { importedIds: [barrel], code: "import { Trophy as Won } from 'lucide-react';" },
      [barrel]: { importedIds: [menu, trophy] },
      [menu]: {},
      [trophy]: {},
    });
    const { name } = chunkGroups().groups[0]!;
    expect(name(menu, ctx)).toBe('app');
    expect(name(trophy, ctx)).not.toBe('app');
  });
});
