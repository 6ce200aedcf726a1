import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app.js';

/** The app on a real loopback socket, so the peer address is what a proxy on this machine would be. */
async function listen(overrides: Record<string, unknown>) {
  const t = await testApp(overrides);
  const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = (headers: Record<string, string>) =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ username: 'alice', password: 'alice-password' }),
    });
  return { t, login, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('behind a TLS-terminating proxy', () => {
  it('sets Secure cookies and logs the client address only when the proxy is trusted', async () => {
    const trusted = await listen({ trustedProxies: ['127.0.0.1'] });
    try {
      const viaTls = await trusted.login({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' });
      expect(viaTls.status).toBe(200);
      expect(viaTls.headers.getSetCookie().join('\n')).toMatch(/pg_access=[^;]+;.*Secure/i);
      const audit = await trusted.t.deps.store.audit.list({ action: 'auth.login', page: 1, size: 5 });
      expect(audit.items[0]?.address).toBe('203.0.113.7');
      expect(viaTls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const plain = await trusted.login({});
      expect(plain.headers.getSetCookie().join('\n')).not.toMatch(/Secure/i);
      // HSTS only where the client used HTTPS: over plain HTTP it means nothing.
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await trusted.close();
    }

    // Anyone else's forwarding headers are ignored: no Secure flag on plain HTTP, real address logged.
    const untrusted = await listen({});
    try {
      const forged = await untrusted.login({
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '198.51.100.9',
      });
      expect(forged.headers.getSetCookie().join('\n')).not.toMatch(/Secure/i);
      const audit = await untrusted.t.deps.store.audit.list({ action: 'auth.login', page: 1, size: 5 });
      expect(audit.items[0]?.address).toBe('127.0.0.1');
    } finally {
      await untrusted.close();
    }
  });
});
