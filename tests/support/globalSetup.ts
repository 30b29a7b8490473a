import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL when given, otherwise the
 * embedded one in a throw-away directory. Each test file makes its own database on it.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'flexspace-test-pg-'));
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres(dir, await freePort());
  project.provide('pgUrl', embedded.url);
  return async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
