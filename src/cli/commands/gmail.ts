import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { createEngine } from '../../app/engine.js';
import { GmailService } from '../../app/gmail/service.js';
import { loadKey } from '../../app/secrets.js';
import { PhishguardError } from '../../errors.js';
import { writeJson, type CliContext } from '../context.js';
import { cell, colourLevel } from '../output/table.js';
import { openStore, resolveUser, type StoreFlags } from '../store-context.js';

interface Common extends StoreFlags {
  user?: string;
}

export function registerGmail(program: Command, ctx: () => CliContext): void {
  const gmail = program.command('gmail').description('Gmail through Google sign-in (read-only)');
  const common = (c: Command) =>
    c
      .option('--user <name>', 'PhishGuard account (default: the only user)')
      .option('--data-dir <dir>', 'data directory')
      .option(
        '--database-url <url>',
        'keep the data in PostgreSQL (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
      )
      .option('--config <file>', 'JSON config file');

  common(
    gmail
      .command('login')
      .description('Connect Gmail: opens Google sign-in with a loopback redirect (URL printed)')
      .option('--timeout <seconds>', 'how long to wait for the sign-in', '300'),
  ).action(async (opts: Common & { timeout: string }) => {
    const c = ctx();
    const { config, store } = await openStore(c, opts);
    try {
      const owner = await resolveUser(store, opts.user);
      const service = new GmailService(
        config.google,
        store,
        createEngine(),
        loadKey(config.dataDir, 'secrets', c.env),
      );
      // Installed-app flow: Google sends the browser back to a one-shot server on 127.0.0.1.
      let finish: (v: { code?: string; state?: string; error?: string }) => void = () => undefined;
      const got = new Promise<{ code?: string; state?: string; error?: string }>((r) => (finish = r));
      const server = createServer((req, res) => {
        const u = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (u.pathname !== '/callback') return void res.writeHead(404).end();
        res
          .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
          .end('PhishGuard: you can close this tab and return to the terminal.\n');
        finish({
          code: u.searchParams.get('code') ?? undefined,
          state: u.searchParams.get('state') ?? undefined,
          error: u.searchParams.get('error') ?? undefined,
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const redirect = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
      try {
        // The flow is bound to this process: only its own loopback callback can complete it.
        const binding = randomBytes(24).toString('base64url');
        const url = await service.startAuth(owner.id, binding, redirect);
        c.stderr.write('Open this URL in your browser to connect Gmail (read-only):\n');
        c.stdout.write(`${url}\n`);
        const timer = setTimeout(() => finish({ error: 'timeout' }), Number(opts.timeout) * 1000);
        const q = await got;
        clearTimeout(timer);
        if (q.error === 'timeout') throw new PhishguardError('NETWORK', 'no sign-in within the time limit');
        const r = await service.handleCallback(q, binding).catch((err: PhishguardError) => {
          throw new PhishguardError(err.code, `Google sign-in failed: ${err.message}`);
        });
        c.stderr.write(`connected ${r.email} to ${r.user.username}\n`);
      } finally {
        server.close();
      }
    } finally {
      await store.close();
    }
  });

  common(
    gmail
      .command('scan')
      .description('Analyse recent Gmail messages')
      .option('--max <n>', 'messages to analyse (1-500)', '50')
      .option('--query <q>', 'Gmail search query, e.g. "newer_than:7d"')
      .option('--email <address>', 'which connected Gmail address')
      .option('--json', 'print JSON'),
  ).action(async (opts: Common & { max: string; query?: string; email?: string; json?: boolean }) => {
    const c = ctx();
    const { config, store } = await openStore(c, opts);
    try {
      const owner = await resolveUser(store, opts.user);
      const max = Number(opts.max);
      if (!Number.isInteger(max) || max < 1 || max > 500)
        throw new PhishguardError('USAGE', '--max must be 1 to 500');
      const service = new GmailService(
        config.google,
        store,
        createEngine(),
        loadKey(config.dataDir, 'secrets', c.env),
      );
      const mailbox = await service.mailboxFor(owner, opts.email);
      const emails = [];
      let pageToken: string | undefined;
      while (emails.length < max) {
        const page = await service.analyze(mailbox, {
          max: Math.min(50, max - emails.length),
          pageToken,
          q: opts.query,
        });
        emails.push(...page.emails);
        if (c.stderr.isTTY) c.stderr.write(`\ranalysed ${emails.length}/${max}`);
        if (!page.next_page_token) break;
        pageToken = page.next_page_token;
      }
      if (c.stderr.isTTY) c.stderr.write('\r\x1b[2K');
      await store.audit.add({
        userId: owner.id,
        username: owner.username,
        action: 'mailbox.scan',
        target: mailbox.address,
        detail: { analysed: emails.length, via: 'cli' },
      });
      if (opts.json) return writeJson(c, { email: mailbox.address, emails });
      const tty = c.stdout.isTTY === true;
      for (const e of emails)
        c.stdout.write(
          `${colourLevel(e.phishing_analysis.risk_level, tty).padEnd(tty ? 16 : 7)} ${String(e.phishing_analysis.risk_score).padStart(3)}  ${cell(e.sender, 32)} ${cell(e.subject || '(no subject)', 50)}\n`,
        );
    } finally {
      await store.close();
    }
  });
}
