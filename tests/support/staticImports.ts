import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface StaticReach {
  /** Source files reached, relative to the repository root. */
  files: Set<string>;
  /** Packages reached (their names, as imported). */
  packages: Set<string>;
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@shared/') ? path.resolve('shared', specifier.slice('@shared/'.length)) : path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The modules a file imports at run time: type-only imports are erased, dynamic ones load later. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
  }
  return specifiers;
}

/**
 * Everything the given source files import statically, followed through the app's own files: what
 * the bundler must load before they run. Read from the sources, so it needs no build.
 */
export function staticReach(roots: string[]): StaticReach {
  const files = new Set<string>();
  const packages = new Set<string>();
  const stack = roots.map((root) => path.resolve(root));
  while (stack.length) {
    const file = stack.pop()!;
    const relative = path.relative(process.cwd(), file);
    if (files.has(relative)) continue;
    files.add(relative);
    if (!/\.tsx?$/.test(file)) continue;
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.') && !specifier.startsWith('@shared/')) {
        packages.add(packageName(specifier));
        continue;
      }
      const target = resolve(file, specifier);
      if (!target) throw new Error(`${relative}: cannot resolve ${specifier}`);
      stack.push(target);
    }
  }
  return { files, packages };
}
