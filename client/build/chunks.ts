import type { Rolldown } from 'vite';
import { isIconBarrel, namedIcons } from './iconImports';

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * How the client's code is cut into files. Left to itself the bundler makes one file per set of
 * screens sharing a module: about seventy small files for a first visit to /offices, each a
 * request with its own headers and, on a slow link, its own round trip. Here the code a first
 * visit always needs goes into a few files instead:
 *
 * - `react`: what both pages (the app and the public signing page) run, React above all;
 * - `app`: the rest of what the app's entry imports (router, session, store, toasts);
 * - `shell`: what the signed-in frame imports (sidebar, top bar, socket, menus, dialogs), which
 *   every screen but sign-in shows and so may take from it;
 * - the screens: what a screen imports that the shell does not. Modules several screens share
 *   would each be a file of their own; those no bigger than a few kilobytes go to one `screens`
 *   file (icons, small components), which a screen loads beside its own.
 *
 * The sign-in screen stays apart, so /login loads no shell.
 */

const ROOTS = {
  app: /[\\/]client[\\/]src[\\/]main\.tsx$/,
  sign: /[\\/]client[\\/]src[\\/]sign[\\/]main\.tsx$/,
  login: /[\\/]client[\\/]src[\\/]screens[\\/]login[\\/]LoginPage\.tsx$/,
  shell: /[\\/]client[\\/]src[\\/]shell[\\/]Shell\.tsx$/,
} as const;
type Root = keyof typeof ROOTS;

/** A screen module shared by at least this many screens and no bigger joins the `screens` file. */
const SHARED_SMALL = { screens: 2, maxBytes: 4_000 };
const SCREEN = /[\\/]client[\\/]src[\\/]screens[\\/]/;
const SHARED_RULES = /[\\/]shared[\\/]domain[\\/]/;
const SHARED_CODE = /[\\/]client[\\/]src[\\/]|[\\/]shared[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/;

/** The modules each root reaches through static imports, computed once per build. */
export function chunkGroups() {
  let reach: Record<Root, Set<string>> | null = null;
  let shared: Set<string> | null = null;

  const closure = (ctx: ChunkingContext, start: string, into = new Set<string>()) => {
    const stack = [start];
    while (stack.length) {
      const id = stack.pop()!;
      if (into.has(id)) continue;
      into.add(id);
      // The icon barrel is followed from each importer to the icons it names, not to all of them
      // (the bundle keeps only those); when the names cannot be told, to all.
      if (isIconBarrel(id)) continue;
      const info = ctx.getModuleInfo(id);
      for (const next of info?.importedIds ?? []) {
        stack.push(next);
        if (isIconBarrel(next)) stack.push(...(namedIcons(info?.code ?? '', next) ?? ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return into;
  };

  /** Every module id the build knows, found from the entries through static and dynamic imports. */
  const allModules = (ctx: ChunkingContext, entries: string[]) => {
    const seen = new Set<string>();
    const stack = [...entries];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) stack.push(next);
    }
    return seen;
  };

  const prepare = (ctx: ChunkingContext, anyId: string) => {
    // Walk up from any module to the entries (modules nothing imports), then down to all.
    const entries = new Set<string>();
    const up = [anyId];
    const visited = new Set<string>();
    while (up.length) {
      const id = up.pop()!;
      if (visited.has(id)) continue;
      visited.add(id);
      const info = ctx.getModuleInfo(id);
      const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
      if (info?.isEntry || importers.length === 0) entries.add(id);
      up.push(...importers);
    }
    const modules = allModules(ctx, [...entries]);
    const find = (pattern: RegExp) => [...modules].find((id) => pattern.test(id));
    reach = Object.fromEntries(
      (Object.keys(ROOTS) as Root[]).map((root) => {
        const id = find(ROOTS[root]);
        return [root, id ? closure(ctx, id) : new Set<string>()];
      }),
    ) as Record<Root, Set<string>>;
    // How many lazily loaded screens reach each module.
    const users = new Map<string, number>();
    for (const id of modules) {
      if (!SCREEN.test(id) || !(ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0)) continue;
      for (const used of closure(ctx, id)) users.set(used, (users.get(used) ?? 0) + 1);
    }
    // The app's own small shared modules, and icons, join `screens` only when everything they
    // import is in it or already loaded (entry, shell): one that imports a chart library would
    // otherwise make every screen load that library's file.
    const loaded = new Set([...reach.app, ...reach.shell]);
    const candidates = new Set(
      [...users].filter(([id, count]) => count >= SHARED_SMALL.screens && SHARED_CODE.test(id) && !loaded.has(id) && (ctx.getModuleInfo(id)?.code?.length ?? Infinity) <= SHARED_SMALL.maxBytes).map(([id]) => id),
    );
    for (let changed = true; changed; ) {
      changed = false;
      for (const id of candidates) {
        if ((ctx.getModuleInfo(id)?.importedIds ?? []).every((next) => candidates.has(next) || loaded.has(next))) continue;
        candidates.delete(id);
        changed = true;
      }
    }
    shared = candidates;
  };

  const name = (id: string, ctx: ChunkingContext): string | null => {
    if (!reach || !shared) prepare(ctx, id);
    const r = reach!;
    // The entries' own modules stay in the entries' files; Vite's preload polyfill, which both
    // run, goes with React rather than in a file of its own.
    if (ROOTS.app.test(id) || ROOTS.sign.test(id)) return null;
    if (id.includes('modulepreload-polyfill')) return 'react';
    if (r.app.has(id) && r.sign.has(id)) return 'react';
    if (r.app.has(id)) return 'app';
    // Small pieces the signing page or the sign-in screen share with the screens (money, field
    // components) ride in the file those already load rather than in files of their own; only
    // pure rules from the signing page (one importing a zod schema would bring zod with it).
    if (r.sign.has(id)) return SHARED_RULES.test(id) && [...closure(ctx, id)].every((used) => SHARED_RULES.test(used)) ? 'react' : null;
    if (r.login.has(id)) return SHARED_CODE.test(id) && !ROOTS.login.test(id) ? 'app' : null;
    if (r.shell.has(id)) return 'shell';
    return shared!.has(id) ? 'screens' : null;
  };

  return { groups: [{ name, debugName: 'first-visit files', includeDependenciesRecursively: false }] };
}
