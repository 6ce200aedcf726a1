import { afterEach, describe, expect, it, vi } from 'vitest';
import { skipWithout } from '../helpers/required-tool.js';

describe('suites that need a system tool', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('skip without it on a developer machine, run with it, and fail without it under CI', () => {
    vi.stubEnv('CI', '');
    expect(skipWithout('dovecot', null)).toBe(true);
    expect(skipWithout('dovecot', '/usr/sbin/dovecot')).toBe(false);
    vi.stubEnv('CI', '1');
    expect(() => skipWithout('dovecot', null)).toThrow(/dovecot is required under CI/);
    expect(skipWithout('chromium', '/usr/bin/chromium')).toBe(false);
  });
});
