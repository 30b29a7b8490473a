import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Seals secrets the settings keep (the CRM API key) with AES-256-GCM: a fresh 96-bit IV each
 * time, the 128-bit tag checked on opening, and the field's name as associated data, so a sealed
 * value cannot be moved to another field. A sealed value names its key by a short id, so a server
 * holding another key says so instead of failing obscurely.
 *
 * Sealed form: `v1.<key id>.<iv>.<ciphertext>.<tag>`, base64url parts.
 */
export interface SecretBox {
  seal(plain: string, field: string): string;
  /** The plain text; null when the value was sealed with another key or has been tampered with. */
  open(sealed: string, field: string): string | null;
  /** Was this value sealed with a key this box holds? */
  owns(sealed: string): boolean;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** Names a key without revealing anything of it (one-way). */
const keyIdOf = (key: Buffer) => createHmac('sha256', key).update('flexspace settings key id').digest('base64url').slice(0, 10);

/**
 * Seals with `key`; opens what `key` or any of `alsoOpens` sealed (a key that was in use before:
 * its values stay readable without sealing anything new with it).
 */
export function createSecretBox(key: Buffer, alsoOpens: readonly Buffer[] = []): SecretBox {
  for (const k of [key, ...alsoOpens]) if (k.length !== 32) throw new Error('The settings encryption key must be 32 bytes');
  const keyId = keyIdOf(key);
  const keys = new Map([...alsoOpens, key].map((k) => [keyIdOf(k), k]));
  const owns = (sealed: string) => keys.has(sealed.split('.')[1] ?? '');
  return {
    seal(plain, field) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(field));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, keyId, b64(iv), b64(ciphertext), b64(cipher.getAuthTag())].join('.');
    },
    open(sealed, field) {
      const [version, id, iv, ciphertext, tag] = sealed.split('.');
      const opener = id === undefined ? undefined : keys.get(id);
      if (version !== VERSION || !opener || !iv || ciphertext === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', opener, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(field));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    owns,
  };
}
