import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/cli.js';
import { EMAIL_FIXTURES, FIXTURES } from '../helpers/engine.js';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGTERM')));

/** Starts the built `phishguard serve` on an ephemeral port and returns its URL and first-run password. */
async function serve(
  dataDir: string,
): Promise<{ url: string; password: string | null; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--data-dir', dataDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  for (let i = 0; i < 100 && !/listening on/.test(err); i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 200));
  const url = /listening on (http:\/\/\S+)/.exec(err)?.[1];
  if (!url) throw new Error(`serve did not start: ${err}`);
  return { url, password: /password: (\S+)/.exec(err)?.[1] ?? null, stderr: () => err };
}

describe('phishguard serve (real HTTP on 127.0.0.1)', () => {
  it('creates the first admin once, binds loopback, serves the API, and user/import commands share the store', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-serve-')), 'data');
    const first = await serve(dataDir);
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.password).toMatch(/^\S{12,}$/);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'phishguard.db')).mode & 0o777).toBe(0o600);

    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin', password: first.password as string }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    expect(first.stderr()).not.toContain(access_token);

    const add = await runCli(['user', 'add', 'carol', '--password-stdin', '--data-dir', dataDir], {
      input: 'carol-password\n',
    });
    expect(add.stdout).toBe('created user carol\n');
    const imp = await runCli([
      'import',
      join(FIXTURES, 'email'),
      '--user',
      'carol',
      '--data-dir',
      dataDir,
      '--json',
    ]);
    expect(JSON.parse(imp.stdout)).toMatchObject({
      user: 'carol',
      processed: EMAIL_FIXTURES,
      added: EMAIL_FIXTURES,
    });
    const carol = (await (
      await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'carol', password: 'carol-password' }),
      })
    ).json()) as { access_token: string };
    const emails = (await (
      await fetch(`${first.url}/api/emails?size=50`, {
        headers: { authorization: `Bearer ${carol.access_token}` },
      })
    ).json()) as { total: number };
    expect(emails.total).toBe(EMAIL_FIXTURES);
    const list = await runCli(['user', 'list', '--json', '--data-dir', dataDir]);
    expect(JSON.parse(list.stdout).map((u: { username: string }) => u.username)).toEqual(['admin', 'carol']);

    children.pop()?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const second = await serve(dataDir);
    expect(second.password).toBeNull();
  }, 60_000);
});

describe('phishguard dashboard without a terminal', () => {
  it('answers requests Node refuses before the app (oversized headers, garbage) in the API shape', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-serve-')), 'data');
    const { url } = await serve(dataDir);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const u = new URL(url);
        const socket = connect(Number(u.port), u.hostname, () => socket.end(request));
        let out = '';
        socket.on('data', (d) => (out += d));
        socket.on('end', () => resolve(out));
        socket.on('error', reject);
      });
    const big = await raw(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: 'Request headers too large',
      code: 'HEADERS_TOO_LARGE',
    });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toContain('"code":"BAD_REQUEST"');
    // Still serving afterwards.
    expect((await fetch(`${url}/health`)).status).toBe(200);
  });

  it('prints the list as text, or JSON with --json, over the local store', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-dash-')), 'data');
    await runCli(['user', 'add', 'gina', '--password-stdin', '--data-dir', dataDir], {
      input: 'gina-password',
    });
    await runCli(['import', join(FIXTURES, 'email'), '--data-dir', dataDir]);
    const text = await runCli(['dashboard', '--data-dir', dataDir]);
    expect(text.code).toBe(0);
    expect(text.stdout.trim().split('\n')).toHaveLength(EMAIL_FIXTURES);
    expect(text.stdout).toMatch(
      /^HIGH\s+100\s+PayPal Service <service@paypa.*Your account has been limited/m,
    );
    const json = JSON.parse((await runCli(['dashboard', '--json', '--data-dir', dataDir])).stdout);
    const bySubject = (s: string) => json.find((e: { subject: string }) => e.subject === s);
    expect(bySubject('Your account has been limited')).toMatchObject({ risk_level: 'HIGH', risk_score: 100 });
    expect(bySubject('Your statement is ready').risk_level).toMatch(/^(SAFE|LOW)$/);
    // Filters for scripts: the dashboards' level and search, and a limit, newest first.
    const high = JSON.parse(
      (await runCli(['dashboard', '--json', '--level', 'high', '--data-dir', dataDir])).stdout,
    ) as { risk_level: string; received_at: string }[];
    expect(high.length).toBe(json.filter((e: { risk_level: string }) => e.risk_level === 'HIGH').length);
    expect(high.length).toBeGreaterThanOrEqual(4);
    const paypal = await runCli([
      'dashboard',
      '--search',
      'from:paypal level:high',
      '--limit',
      '1',
      '--data-dir',
      dataDir,
    ]);
    expect(paypal.stdout.trim().split('\n')).toHaveLength(1);
    expect(paypal.stdout).toMatch(/^HIGH\s+100\s+PayPal /);
    const bad = await runCli(['dashboard', '--level', 'urgent', '--data-dir', dataDir]);
    expect([bad.code, bad.stderr.trim()]).toEqual([
      2,
      'phishguard: --level must be one of HIGH, MEDIUM, LOW, SAFE, not urgent',
    ]);
  });
});

describe('local files end to end', () => {
  it('imports a 500-message mbox.gz, resumes a re-run without duplicates, and serves it over /api/emails', async () => {
    const { writeFileSync } = await import('node:fs');
    const { gzipSync } = await import('node:zlib');
    const dir = mkdtempSync(join(tmpdir(), 'pg-files-'));
    const dataDir = join(dir, 'data');
    const eml = (i: number) =>
      `From: Sender ${i} <s${i}@example.org>\nSubject: Message ${i}\nMessage-ID: <m${i}@example.org>\nDate: Mon, 02 Nov 2026 10:00:00 +0000\n\n${i % 5 === 0 ? 'Verify your account within 24 hours at http://198.51.100.7/login or it will be suspended.' : `Notes for meeting ${i}.`}\n`;
    const box = join(dir, 'box.mbox.gz');
    writeFileSync(
      box,
      gzipSync(
        Array.from(
          { length: 500 },
          (_, i) => `From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n${eml(i)}\n`,
        ).join(''),
      ),
    );
    await runCli(['user', 'add', 'hana', '--password-stdin', '--data-dir', dataDir], {
      input: 'hana-password',
    });
    const first = JSON.parse((await runCli(['import', box, '--json', '--data-dir', dataDir])).stdout);
    expect(first).toMatchObject({ processed: 500, added: 500, duplicates: 0 });
    const again = JSON.parse((await runCli(['import', box, '--json', '--data-dir', dataDir])).stdout);
    expect(again).toMatchObject({ processed: 500, added: 0, duplicates: 500 });
    const s = await serve(dataDir);
    const login = (await (
      await fetch(`${s.url}/api/auth/login`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'hana', password: 'hana-password' }),
      })
    ).json()) as { access_token: string };
    const page = (await (
      await fetch(`${s.url}/api/emails?size=5&risk_level=HIGH`, {
        headers: { authorization: `Bearer ${login.access_token}` },
      })
    ).json()) as { total: number };
    expect(page.total).toBe(100);
  }, 60_000);
});

describe('phishguard mailbox trust', () => {
  it('shows what the stored mail suggests, trusts it, scores the mail again, and undoes it', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-trust-')), 'data');
    await runCli(['user', 'add', 'ines', '--password-stdin', '--data-dir', dataDir], {
      input: 'ines-password',
    });
    const imported = JSON.parse(
      (
        await runCli([
          'import',
          join(FIXTURES, 'service-mail'),
          '--mailbox',
          'work',
          '--json',
          '--data-dir',
          dataDir,
        ])
      ).stdout,
    );
    const id = String(imported.mailbox_id);
    const jiraScore = async () =>
      (
        JSON.parse((await runCli(['dashboard', '--json', '--data-dir', dataDir])).stdout) as {
          subject: string;
          risk_score: number;
        }[]
      ).find((e) => e.subject.startsWith('[JIRA]'))!.risk_score;
    const untrusted = await jiraScore();
    expect(untrusted).toBeGreaterThanOrEqual(20);

    const shown = await runCli(['mailbox', 'trust', id, '--data-dir', dataDir]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Trusted now: none');
    expect(shown.stdout).toContain(
      `Suggested: mx.example.org, your receiving server by the look of it (phishguard mailbox trust ${id} --suggested)`,
    );

    const set = await runCli(['mailbox', 'trust', id, '--suggested', '--data-dir', dataDir]);
    expect(set.code).toBe(0);
    expect(set.stdout).toBe(
      `mailbox ${id} now trusts Authentication-Results written by mx.example.org; 9 stored message(s) scored again\n`,
    );
    expect(await jiraScore()).toBeLessThan(20);
    expect((await runCli(['mailbox', 'list', '--data-dir', dataDir])).stdout).toContain(
      'work  (trusts mx.example.org)',
    );

    const bad = await runCli(['mailbox', 'trust', id, 'mx.example.org --none', '--data-dir', dataDir]);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('is not an authserv-id')]);
    const both = await runCli(['mailbox', 'trust', id, 'mx.example.org', '--none', '--data-dir', dataDir]);
    expect(both.code).toBe(2);

    const none = JSON.parse(
      (await runCli(['mailbox', 'trust', id, '--none', '--json', '--data-dir', dataDir])).stdout,
    );
    expect(none).toEqual({ trusted: null, rescored: 9 });
    expect(await jiraScore()).toBe(untrusted);

    // An import into a mailbox that trusts no one says how to; one that names the server sets it.
    const hinted = await runCli([
      'import',
      join(FIXTURES, 'secure-notice'),
      '--mailbox',
      'work',
      '--data-dir',
      dataDir,
    ]);
    expect(hinted.stdout).toContain(
      `Its mail is stamped by mx.example.org; if that is your receiving server, \`phishguard mailbox trust ${id} --suggested\``,
    );
    const named = await runCli([
      'import',
      join(FIXTURES, 'secure-notice'),
      '--mailbox',
      'work',
      '--trust-authserv',
      'mx.example.org',
      '--data-dir',
      dataDir,
    ]);
    expect(named.stdout).not.toContain('Its mail is stamped');
    expect(await jiraScore()).toBeLessThan(20);
    const other = await runCli([
      'import',
      join(FIXTURES, 'secure-notice'),
      '--mailbox',
      'work',
      '--trust-authserv',
      'mx.other.example',
      '--data-dir',
      dataDir,
    ]);
    expect([other.code, other.stderr]).toEqual([
      1,
      expect.stringContaining(
        `trusts mx.example.org; to trust mx.other.example instead: phishguard mailbox trust ${id} mx.other.example`,
      ),
    ]);
  }, 120_000);
});

describe('the bundled dashboard', () => {
  it('serves hashed assets immutable, index.html uncached, an SPA fallback that never answers /api, within the JS budget', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { gzipSync } = await import('node:zlib');
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-static-')), 'data');
    const s = await serve(dataDir);
    const index = await fetch(`${s.url}/dashboard`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const js = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(js).toBeTruthy();
    const asset = await fetch(`${s.url}${js}`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${s.url}/api/no-such-thing`)).status).toBe(404);
    expect((await fetch(`${s.url}/api/no-such-thing`)).headers.get('content-type')).toMatch(/json/);
    // A raw request keeps the dot segments that fetch() would normalise away.
    const { request } = await import('node:http');
    for (const path of [
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%2f..%2fpackage.json',
    ]) {
      const body = await new Promise<string>((resolve, reject) => {
        const u = new URL(s.url);
        request({ host: u.hostname, port: u.port, path }, (res) => {
          let b = '';
          res.on('data', (d) => (b += d));
          res.on('end', () => resolve(b));
        })
          .on('error', reject)
          .end();
      });
      expect(body, path).not.toContain('"name": "phishguard"');
      expect(body, path).toMatch(/<!doctype html>|Not found/i);
    }
    // Initial JS: the entry script and the chunks index.html preloads; screens past sign-in load
    // on demand, so their chunks are not part of it (but must exist).
    const web = join(import.meta.dirname, '..', '..', 'dist', 'web');
    const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(initial.length).toBeGreaterThan(0);
    const gz = initial.reduce((n, f) => n + gzipSync(readFileSync(join(web, f))).length, 0);
    expect(gz).toBeLessThan(200 * 1024);
    const lazy = readdirSync(join(web, 'assets')).filter(
      (f) => f.endsWith('.js') && !initial.includes(`assets/${f}`),
    );
    expect(lazy.some((f) => f.startsWith('Message-'))).toBe(true);
  }, 30_000);
});

describe('phishguard user', () => {
  it('disables, enables, changes passwords and removes accounts, and says when a user does not exist', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-users-')), 'data');
    const cli = (...args: string[]) => runCli([...args, '--data-dir', dataDir]);
    await runCli(['user', 'add', 'lena', '--password-stdin', '--data-dir', dataDir], {
      input: 'lena-password',
    });
    expect((await cli('user', 'disable', 'lena')).stdout).toBe('lena disabled\n');
    expect(JSON.parse((await cli('user', 'list', '--json')).stdout)[0]).toMatchObject({
      username: 'lena',
      disabled: true,
    });
    expect((await cli('user', 'enable', 'lena')).stdout).toBe('lena enabled\n');
    const passwd = await runCli(['user', 'passwd', 'lena', '--password-stdin', '--data-dir', dataDir], {
      input: 'new-password-1',
    });
    expect(passwd.stdout).toBe('password changed for lena\n');
    expect((await cli('user', 'remove', 'lena')).stdout).toBe('removed lena\n');
    const again = await cli('user', 'remove', 'lena');
    expect([again.code, again.stderr]).toEqual([3, 'phishguard: no such user: lena\n']);
    expect(JSON.parse((await cli('user', 'list', '--json')).stdout)).toEqual([]);
  });
});

describe('serve and the CLI as a person at a terminal meets them', () => {
  it('a busy port is one line with the --port hint and exit status 7', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-busy-')), 'data');
    const { url } = await serve(dataDir);
    const port = new URL(url).port;
    const again = await runCli(['serve', '--data-dir', dataDir, '--port', port]);
    expect(again.code).toBe(7);
    expect(again.stderr.trim().split('\n')).toEqual([
      `phishguard: 127.0.0.1:${port} is already in use (another phishguard serve?): pick another port with --port N or PHISHGUARD_PORT (--port 0 takes any free one)`,
    ]);
  }, 30_000);

  it('logs one readable line per API request when asked for pretty logs, JSON otherwise; assets only at debug', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-logs-')), 'data');
    const run = async (format: string) => {
      const child = spawn(
        process.execPath,
        [BIN, 'serve', '--data-dir', dataDir, '--port', '0', '--log-format', format],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      children.push(child);
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      for (let i = 0; i < 100 && !/listening on/.test(err); i++) await new Promise((r) => setTimeout(r, 100));
      const url = /listening on (http:\/\/\S+)/.exec(err)?.[1] as string;
      await fetch(`${url}/dashboard`).then((r) => r.text());
      await fetch(`${url}/api/emails`).then((r) => r.text());
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await new Promise((r) => child.once('close', r));
      return err;
    };
    const pretty = await run('pretty');
    // The first-run password stands apart from the log lines, between two rules.
    expect(pretty).toMatch(
      /={72}\nFirst run: created the administrator account\.\n\n {2}username: admin\n {2}password: \S+\n/,
    );
    const lines = pretty.split('\n').filter((l) => / (GET|POST) \//.test(l));
    expect(lines).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/emails 401 \d+ ms$/)]);
    const json = await run('json');
    const requests = json
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; path?: string })
      .filter((l) => l.msg === 'request');
    expect(requests.map((r) => r.path)).toEqual(['/api/emails']);
  }, 30_000);

  it('--version answers from package.json without loading the CLI; an unknown flag is one line', async () => {
    const { readFileSync } = await import('node:fs');
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    const v = await runCli(['--version']);
    expect(v).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    const bad = await runCli(['analyze-url', '--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("error: unknown option '--bogus' (see --help)\n");
  });
});
