import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A 32-byte key: PHISHGUARD_<NAME>_KEY (base64), else the file PHISHGUARD_<NAME>_KEY_FILE names
 * (kept outside the data directory, a copied data directory alone does not open what the key
 * seals), else <dataDir>/<name>.key. A key file is created 0600 on first use.
 */
export function loadKey(dataDir: string, name: string, env: NodeJS.ProcessEnv = {}): Buffer {
  const variable = `PHISHGUARD_${name.toUpperCase().replace(/-/g, '_')}_KEY`;
  const fromEnv = env[variable];
  if (fromEnv) return checked(Buffer.from(fromEnv, 'base64'), variable);
  const file = env[`${variable}_FILE`] || join(dataDir, `${name}.key`);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  return checked(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'), file);
}

function checked(key: Buffer, from: string): Buffer {
  if (key.length !== 32) throw new Error(`${from}: the key must be 32 bytes, base64`);
  return key;
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plaintext, 'utf8'), c.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    c.getAuthTag().toString('base64url'),
    ct.toString('base64url'),
  ].join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('not a sealed secret');
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
}

/** AES-256-GCM as one base64url token (iv, tag, ciphertext): for values carried in URLs. */
export function sealToken(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([c.update(plaintext, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), ct]).toString('base64url');
}

export function openToken(key: Buffer, token: string): string {
  const b = Buffer.from(token, 'base64url');
  if (b.length < 29) throw new Error('not a sealed token');
  const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
  d.setAuthTag(b.subarray(12, 28));
  return Buffer.concat([d.update(b.subarray(28)), d.final()]).toString('utf8');
}
