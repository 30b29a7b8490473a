import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../server/settings/secretBox';
import { keyFromSecret, loadSettingsKey, rawKeyOf, SETTINGS_KEY_FILE, type SettingsKey } from '../../server/settings/settingsKey';

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

  const boxOf = (k: SettingsKey) => createSecretBox(k.key, k.alsoOpens);
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'settings-key-'));
    dirs.push(dir);
    return dir;
  };

  it('comes from SETTINGS_KEY when configured, the same on every server', async () => {
    const a = await loadSettingsKey('x'.repeat(40), '/nonexistent');
    expect(a.key).toHaveLength(32);
    expect(a.key.equals((await loadSettingsKey('x'.repeat(40), '/elsewhere')).key)).toBe(true);
  });

  it('is the same key on a node given the key file\'s content as SETTINGS_KEY: each reads what the other sealed', async () => {
    // Node A generated its key file; node B is given that file's content, as the README says.
    const dirA = await tempDir();
    const a = await loadSettingsKey(undefined, dirA);
    const content = await readFile(path.join(dirA, SETTINGS_KEY_FILE), 'utf8');
    const b = await loadSettingsKey(content, await tempDir());
    expect(b.key.equals(a.key)).toBe(true);
    const sealedOnA = boxOf(a).seal('crm_live_key_from_a', 'crm_api_key');
    expect(boxOf(b).open(sealedOnA, 'crm_api_key')).toBe('crm_live_key_from_a');
    expect(boxOf(b).owns(sealedOnA)).toBe(true);
    const sealedOnB = boxOf(b).seal('https://hooks.slack.com/services/T/B/from-b', 'slack_webhook_url');
    expect(boxOf(a).open(sealedOnB, 'slack_webhook_url')).toBe('https://hooks.slack.com/services/T/B/from-b');
    // A line break after it, as an env file or `$(cat …)` may leave, changes nothing.
    expect((await loadSettingsKey(`${content}\n`, '/elsewhere')).key.equals(a.key)).toBe(true);
  });

  it('still opens what a passphrase sealed before, whatever its form', async () => {
    const passphrases = [
      'a settings key of at least thirty-two characters',
      // `openssl rand -base64 32`: padded, standard alphabet, so not the key file's form.
      'q1kOE8Nqy0f4lo6vqh3xsXYFTZaTSGv+7d6yuE4Ah/8=',
      // A passphrase that happens to look like a key file's content.
      randomBytes(32).toString('base64url'),
    ];
    for (const passphrase of passphrases) {
      const sealedBefore = createSecretBox(keyFromSecret(passphrase)).seal('crm_live_key_0004', 'crm_api_key');
      const now = boxOf(await loadSettingsKey(passphrase, '/nonexistent'));
      expect(now.open(sealedBefore, 'crm_api_key'), passphrase).toBe('crm_live_key_0004');
    }
  });

  it('takes only the key file\'s exact form as the key itself; any other text is a passphrase', () => {
    const key = randomBytes(32);
    expect(rawKeyOf(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(rawKeyOf(key.toString('base64'))).toBeNull();
    expect(rawKeyOf('x'.repeat(43))).toBeNull();
    expect(rawKeyOf('x'.repeat(40))).toBeNull();
    expect(rawKeyOf(randomBytes(48).toString('base64url'))).toBeNull();
  });

  it('is otherwise generated once into the data folder, readable by its owner only, and the same for servers starting together', async () => {
    const dir = await tempDir();
    const keys = (await Promise.all([1, 2, 3, 4].map(() => loadSettingsKey(undefined, dir)))).map((k) => k.key);
    for (const key of keys) expect(key.equals(keys[0]!)).toBe(true);
    expect(keys[0]).toHaveLength(32);
    const file = path.join(dir, SETTINGS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await loadSettingsKey(undefined, dir)).key.equals(keys[0]!)).toBe(true);
    expect((await readFile(file, 'utf8')).length).toBeGreaterThan(40);
  });
});
