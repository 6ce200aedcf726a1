import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImapFolder, type ImapSettings } from '../../src/adapters/imap/imap-source.js';
import { DOVECOT, startDovecot, type Dovecot } from '../helpers/dovecot.js';
import { skipWithout } from '../helpers/required-tool.js';

const USER = 'oauth@example.test';
const TOKEN = 'ya29.test-access-token';

// Dovecot checks XOAUTH2 tokens with an OAuth 2.0 introspection endpoint (RFC 7662): here a
// local one that knows a single token. PhishGuard sends the token as the IMAP provider expects.
describe.skipIf(skipWithout('dovecot', DOVECOT))('IMAP with XOAUTH2 against a real Dovecot', () => {
  let dovecot: Dovecot;
  let introspection: Server;
  const seen: string[] = [];
  const settings = (accessToken: string): ImapSettings => ({
    host: '127.0.0.1',
    port: dovecot.port,
    security: 'none',
    user: USER,
    accessToken,
    folder: 'INBOX',
  });

  beforeAll(async () => {
    introspection = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const token = new URLSearchParams(body).get('token') ?? '';
        seen.push(token);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(token === TOKEN ? { active: 'true', username: USER } : { active: 'false' }));
      });
    });
    await new Promise<void>((r) => introspection.listen(0, '127.0.0.1', r));
    const { port } = introspection.address() as { port: number };
    dovecot = await startDovecot(
      { [USER]: 'unused-password' },
      { oauth2IntrospectionUrl: `http://127.0.0.1:${port}/introspect` },
    );
    dovecot.deliver(
      USER,
      'From: A <a@example.org>\r\nSubject: Hello\r\nMessage-ID: <x1@example.org>\r\n\r\nHello.\r\n',
    );
  }, 60_000);
  afterAll(async () => {
    await dovecot?.stop();
    introspection?.close();
  });

  it('reads the folder with a valid access token and refuses an invalid one', async () => {
    const uids: number[] = [];
    for await (const m of readImapFolder(settings(TOKEN), null)) uids.push(m.uid);
    expect(uids).toEqual([1]);
    expect(seen).toContain(TOKEN);
    const gen = readImapFolder(settings('expired-token'), null);
    await expect(gen.next()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(seen).toContain('expired-token');
  });
});
