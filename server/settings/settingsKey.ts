import { randomBytes, hkdfSync } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where a generated key is kept: beside the embedded database's files, never inside the database. */
export const SETTINGS_KEY_FILE = 'settings-key';

/** SETTINGS_KEY (any text of 32+ characters) stretched to the 32 bytes AES-256 takes. */
export function keyFromSecret(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'flexspace-settings', 'aes-256-gcm', 32));
}

/**
 * The key that encrypts secrets in the settings: from SETTINGS_KEY when configured (every server
 * of a deployment sets the same one), else generated once into DATA_DIR/settings-key (mode 0600)
 * and read from there after. Either way it is kept apart from the data it protects: a dump or
 * backup of the database alone cannot read the CRM key.
 */
export async function loadSettingsKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return keyFromSecret(configured);
  const file = path.join(dataDir, SETTINGS_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  // The folder keeps its usual mode (the embedded database's own user walks through it); the file is 0600.
  await mkdir(dataDir, { recursive: true });
  // Written aside and linked into place: a link fails when the file exists, so two servers
  // starting at once agree on the first key, and nobody ever reads a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  return (await readKeyFile(file))!;
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key (base64url); remove it or set SETTINGS_KEY`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
