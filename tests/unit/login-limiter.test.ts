import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../src/app/login-limiter.js';

describe('sign-in budgets', () => {
  it('locks an account after 5 failures without locking other accounts from the same address', () => {
    const l = new LoginLimiter();
    for (let i = 0; i < 5; i++) expect(l.reserve('alice', '127.0.0.1')).not.toBeNull();
    expect(l.reserve('alice', '127.0.0.1')).toBeNull();
    expect(l.reserve('alice', '10.0.0.9')).toBeNull(); // the account itself is locked
    expect(l.reserve('bob', '127.0.0.1')).not.toBeNull();
  });

  it('keeps the per-address budget across accounts; another account’s success does not reset it', () => {
    const l = new LoginLimiter();
    let refused = 0;
    // 24 guesses over 8 accounts: 3 each, under every account's own budget of 5, so only the
    // address budget (20) can refuse them.
    for (let i = 0; i < 24; i++) {
      const a = l.reserve(`user${i % 8}`, '127.0.0.1');
      if (!a) refused++;
      // A correct sign-in of someone else in between gives back only its own attempt.
      l.reserve('bob', '127.0.0.1')?.succeeded();
    }
    expect(refused).toBe(4);
    // Another address is not affected.
    expect(l.reserve('user0', '10.0.0.9')).not.toBeNull();
  });

  it('frees the account after a success and after the window', () => {
    const l = new LoginLimiter(5, 20, 1000);
    for (let i = 0; i < 4; i++) l.reserve('alice', 'a', 0);
    l.reserve('alice', 'a', 1)?.succeeded();
    for (let i = 0; i < 5; i++) expect(l.reserve('alice', 'a', 2)).not.toBeNull();
    expect(l.reserve('alice', 'a', 3)).toBeNull();
    expect(l.reserve('alice', 'a', 1005)).not.toBeNull();
  });

  it('holds a bounded number of keys however many names are tried', () => {
    const l = new LoginLimiter(5, 1_000_000, 15 * 60_000, 300);
    for (let i = 0; i < 5000; i++) l.reserve(`name${i}`, `10.0.${i % 250}.1`, i);
    expect(l.size).toBeLessThanOrEqual(303);
  });
});
