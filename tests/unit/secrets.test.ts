import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, loadKey } from '../../src/app/secrets.js';

describe('secrets key', () => {
  it('can live outside the data directory (PHISHGUARD_SECRETS_KEY_FILE), so a copied data directory opens nothing', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pg-data-'));
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'pg-keys-')), 'phishguard-secrets.key');
    const key = loadKey(dataDir, 'secrets', { PHISHGUARD_SECRETS_KEY_FILE: elsewhere });
    expect(existsSync(join(dataDir, 'secrets.key'))).toBe(false);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o600);
    expect(loadKey(dataDir, 'secrets', { PHISHGUARD_SECRETS_KEY_FILE: elsewhere }).equals(key)).toBe(true);
    const sealed = encryptSecret(key, 'refresh-token');
    // The data directory alone (its own, different key) cannot open it.
    expect(() => decryptSecret(loadKey(dataDir, 'secrets'), sealed)).toThrow();
    expect(decryptSecret(key, sealed)).toBe('refresh-token');
  });

  it('refuses a key of the wrong size, naming where it came from', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pg-data-'));
    expect(() => loadKey(dataDir, 'secrets', { PHISHGUARD_SECRETS_KEY: 'c2hvcnQ=' })).toThrow(
      /PHISHGUARD_SECRETS_KEY: the key must be 32 bytes, base64/,
    );
  });
});
