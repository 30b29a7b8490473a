import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../server/settings/secretBox';
import { keyFromSecret, loadSettingsKey, SETTINGS_KEY_FILE } from '../../server/settings/settingsKey';

const box = createSecretBox(keyFromSecret('a settings key of at least thirty-two characters'));
const other = createSecretBox(keyFromSecret('another settings key, also thirty-two characters'));

describe('the secret box (AES-256-GCM)', () => {
  it('opens what it sealed, for the same field only, and never shows the plain text', () => {
    const sealed = box.seal('crm_live_key_0001', 'crm_api_key');
    expect(sealed).not.toContain('crm_live_key_0001');
    expect(box.open(sealed, 'crm_api_key')).toBe('crm_live_key_0001');
    expect(box.open(sealed, 'webhook_url')).toBeNull();
    expect(box.owns(sealed)).toBe(true);
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    expect(box.seal('same', 'crm_api_key')).not.toBe(box.seal('same', 'crm_api_key'));
  });

  it('cannot be opened with another key, and says the value is not its own', () => {
    const sealed = box.seal('crm_live_key_0002', 'crm_api_key');
    expect(other.open(sealed, 'crm_api_key')).toBeNull();
    expect(other.owns(sealed)).toBe(false);
  });

  it('refuses a tampered value', () => {
    const parts = box.seal('crm_live_key_0003', 'crm_api_key').split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(box.open(parts.join('.'), 'crm_api_key')).toBeNull();
    expect(box.open('not sealed at all', 'crm_api_key')).toBeNull();
  });
});

describe('the settings key', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('comes from SETTINGS_KEY when configured, the same on every server', async () => {
    const a = await loadSettingsKey('x'.repeat(40), '/nonexistent');
    expect(a).toHaveLength(32);
    expect(a.equals(await loadSettingsKey('x'.repeat(40), '/elsewhere'))).toBe(true);
  });

  it('is otherwise generated once into the data folder, readable by its owner only, and the same for servers starting together', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'settings-key-'));
    dirs.push(dir);
    const keys = await Promise.all([1, 2, 3, 4].map(() => loadSettingsKey(undefined, dir)));
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    expect(keys[0]).toHaveLength(32);
    const file = path.join(dir, SETTINGS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await loadSettingsKey(undefined, dir)).equals(keys[0]!)).toBe(true);
    expect((await readFile(file, 'utf8')).length).toBeGreaterThan(40);
  });
});
