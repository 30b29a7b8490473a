import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts in the built
 * index.html (the boot script of client/build/bootPreload.ts), read once when the server starts. The
 * policy allows scripts from this origin only, and these by their exact text; a client rebuilt
 * under a running server loses only its early start until the server restarts.
 */
export function inlineScriptSources(clientDir: string | undefined): string[] {
  const file = clientDir && path.join(clientDir, 'index.html');
  if (!file || !existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}
