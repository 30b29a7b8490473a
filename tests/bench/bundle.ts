import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const DIST = path.resolve('client/dist');

/** Every chunk a set of modules loads before it can run: themselves and their static imports. */
function closure(manifest: Record<string, ManifestChunk>, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) visit(dep);
  };
  roots.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file);
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length, 0) / 1024;

export interface BundleFigures {
  loginKb: number;
  shellKb: number;
  loginFiles: number;
  shellFiles: number;
}

/**
 * Builds the client and sums the gzip size of the JavaScript a first visit needs: for /login the
 * entry and the sign-in screen; for the shell the entry, the shell and the dashboard screen.
 */
export function measureBundle(): BundleFigures {
  execFileSync('npx', ['vite', 'build', '--configLoader', 'runner', '--logLevel', 'error'], { stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const login = closure(manifest, ['index.html', 'src/screens/login/LoginPage.tsx']);
  const shell = closure(manifest, ['index.html', 'src/shell/Shell.tsx', 'src/screens/placeholder/ComingSoonScreen.tsx']);
  return { loginKb: gzipKb(login), shellKb: gzipKb(shell), loginFiles: login.length, shellFiles: shell.length };
}
