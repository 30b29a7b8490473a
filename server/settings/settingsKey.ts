import { randomBytes, hkdfSync } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where a generated key is kept: beside the embedded database's files, never inside the database. */
export const SETTINGS_KEY_FILE = 'settings-key';

/** The key that seals, and keys that open only: what values sealed before may need. */
export interface SettingsKey {
  key: Buffer;
  alsoOpens: Buffer[];
}

const KEY_BYTES = 32;

/** A passphrase (any other text of 32+ characters) stretched to the 32 bytes AES-256 takes. */
export function keyFromSecret(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'flexspace-settings', 'aes-256-gcm', KEY_BYTES));
}

/**
 * The key file's own form: 32 bytes as 43 base64url characters, exactly as the file holds them
 * (no padding, canonical), so its content given as SETTINGS_KEY is the same key, byte for byte.
 * Null for anything else, which is a passphrase.
 */
export function rawKeyOf(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9_-]{43}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64url');
  return key.length === KEY_BYTES && key.toString('base64url') === trimmed ? key : null;
}

/**
 * SETTINGS_KEY as a key: the key file's content is that key itself; any other text is a
 * passphrase, stretched with HKDF. A passphrase that happens to have the file's form was stretched
 * before this rule, so its stretched key still opens what it sealed then.
 */
export function keyFromSetting(configured: string): SettingsKey {
  const raw = rawKeyOf(configured);
  return raw ? { key: raw, alsoOpens: [keyFromSecret(configured)] } : { key: keyFromSecret(configured), alsoOpens: [] };
}

/**
 * The key that encrypts secrets in the settings: from SETTINGS_KEY when configured, else
 * generated once into DATA_DIR/settings-key (mode 0600) and read from there after. The two are
 * one key: the file's content set as SETTINGS_KEY on another node gives that node the same key.
 * Either way it is kept apart from the data it protects: a dump or backup of the database alone
 * cannot read the CRM key.
 */
export async function loadSettingsKey(configured: string | undefined, dataDir: string): Promise<SettingsKey> {
  if (configured) return keyFromSetting(configured);
  const file = path.join(dataDir, SETTINGS_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return { key: existing, alsoOpens: [] };
  // The folder keeps its usual mode (the embedded database's own user walks through it); the file is 0600.
  await mkdir(dataDir, { recursive: true });
  // Written aside and linked into place: a link fails when the file exists, so two servers
  // starting at once agree on the first key, and nobody ever reads a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(KEY_BYTES).toString('base64url'), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return { key: (await readKeyFile(file))!, alsoOpens: [] };
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  try {
    // Read as leniently as it always was (padding, either base64 alphabet): a file written by hand keeps its key.
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
    if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a 32-byte key (base64url); remove it or set SETTINGS_KEY`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
