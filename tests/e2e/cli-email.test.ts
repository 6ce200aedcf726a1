import { mkdtempSync, writeFileSync, mkdirSync, copyFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EMAIL_FIXTURES, FIXTURES } from '../helpers/engine.js';
import { runCli } from '../helpers/cli.js';

const eml = (n: string) => join(FIXTURES, 'email', n);

describe('phishguard test-email', () => {
  it('analyses an .eml file and prints a readable report', async () => {
    const r = await runCli(['test-email', '--eml', eml('phishing-paypal-lookalike.eml')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^HIGH\s+\d+\/100/);
    expect(r.stdout).toContain('links.text_href_mismatch');
    // The /test answer's recommendations close the report: a link speaks here.
    expect(r.stdout).toContain('What to do:');
    expect(r.stdout).toContain('Check where links really lead');
    expect(r.stdout).not.toContain('rests on the pasted words alone');
  });

  it('says in its report when pasted words alone decided', async () => {
    const r = await runCli([
      'test-email',
      '--subject',
      'Verify your email address',
      '--sender',
      'Northfield University <noreply@northfield-university.edu>',
      '--content',
      'Please click the link below to verify your email address. Verify your email',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /\nWhat to do:\n(?: {2}- .+\n)*? {2}- This verdict rests on the pasted words alone/,
    );
  });

  it('prints the spec test shape with --json', async () => {
    const r = await runCli([
      'test-email',
      '--subject',
      'Your statement',
      '--sender',
      'Chase <alerts@chase.com>',
      '--content',
      'Your statement is ready. Sign in at chase.com to view it.',
      '--json',
    ]);
    const j = JSON.parse(r.stdout);
    expect(Object.keys(j)).toEqual(
      expect.arrayContaining([
        'is_phishing',
        'risk_level',
        'confidence',
        'threats_detected',
        'recommendations',
        'analysis_details',
        'timestamp',
        'phishing_analysis',
      ]),
    );
    // A plain statement notice naming its own bank: not phishing, nothing urgent.
    expect(j.is_phishing).toBe(false);
    expect(j.risk_level).toMatch(/^(LOW|MEDIUM)$/);
    expect(j.analysis_details.content_analysis.urgency_score).toBe(0);
  });

  it('reads raw mail on stdin', async () => {
    const r = await runCli(['test-email', '--json'], {
      input: readFileSync(eml('phishing-zip-executable.eml')),
    });
    expect(JSON.parse(r.stdout).is_phishing).toBe(true);
  });

  it('reads JSON lines with --jsonl and answers one line each, including bad lines', async () => {
    const input = [
      JSON.stringify({
        subject: 'Verify your account',
        sender: 'a@paypa1.example',
        content: 'Verify your account now at http://198.51.100.7/login or it will be suspended',
      }),
      'not json',
      JSON.stringify({
        subject: 'Lunch?',
        sender: 'bob@example.com',
        content: 'Want to grab lunch on Friday?',
      }),
    ].join('\n');
    const r = await runCli(['test-email', '--jsonl'], { input });
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0].is_phishing).toBe(true);
    expect(lines[1].error).toMatch(/expected a JSON object/);
    expect(lines[2].is_phishing).toBe(false);
  });

  it('fails with one clear line and exit 2 when fields are missing', async () => {
    const r = await runCli(['test-email', '--subject', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'phishguard: Please fill in all required fields: --subject, --sender and --content (or --content-file)',
    );
  });

  it('exits 3 for a missing file, without a stack trace', async () => {
    const r = await runCli(['test-email', '--eml', '/nonexistent/x.eml']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/cannot read \/nonexistent\/x.eml: ENOENT/);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('analyses an Outlook .msg item saved from a mailbox', async () => {
    const r = await runCli([
      'test-email',
      '--eml',
      join(FIXTURES, 'outlook', 'phishing-sign-in-alert.msg'),
      '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      risk_level: string;
      threats_detected: string[];
      parse_warnings: string[];
    };
    expect([out.risk_level, out.parse_warnings]).toEqual(['CRITICAL', []]);
    expect(out.threats_detected.join(' ')).toContain('writes from ms-account-verify.example');
  });

  it('refuses bytes that are not mail (a PNG, plain text) with exit 3, instead of scoring them LOW', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-notmail-'));
    const png = join(dir, 'photo.eml');
    writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49]));
    const r = await runCli(['test-email', '--eml', png, '--json']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toMatch(/^phishguard: .*photo\.eml is not an email message/);
    const text = await runCli(['test-email'], { input: 'Dear customer, please verify your account.\n' });
    expect(text.code).toBe(3);
    expect(text.stderr).toMatch(/stdin is not an email message.*--subject\/--sender\/--content/);
  });
});

describe('phishguard scan', () => {
  function mailTree(): string {
    const dir = mkdtempSync(join(tmpdir(), 'pg-scan-'));
    // A Maildir, a folder of .eml files, an mbox with an escaped From line, and a gzipped mbox.
    for (const sub of ['cur', 'new', 'tmp']) mkdirSync(join(dir, 'Maildir', sub), { recursive: true });
    copyFileSync(eml('legit-password-reset.eml'), join(dir, 'Maildir', 'cur', '1700000000.1.host:2,S'));
    copyFileSync(eml('phishing-paypal-lookalike.eml'), join(dir, 'Maildir', 'new', '1700000001.2.host'));
    writeFileSync(join(dir, 'Maildir', 'tmp', 'partial'), 'From: half');
    mkdirSync(join(dir, 'eml'));
    copyFileSync(eml('legit-newsletter.eml'), join(dir, 'eml', 'a.eml'));
    const one = readFileSync(eml('legit-shipping-update.eml'), 'utf8');
    const two =
      'From: Ann <ann@example.com>\nSubject: quoting\n\nHello\n>From the start, this line was escaped.\n';
    const mbox = `From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n${one}\nFrom MAILER-DAEMON Thu Jan  1 00:00:00 1970\n${two}\n`;
    writeFileSync(join(dir, 'box.mbox'), mbox);
    writeFileSync(join(dir, 'box2.mbox.gz'), gzipSync(mbox));
    return dir;
  }

  it('streams every message of Maildirs, folders, mbox and mbox.gz as JSON lines', async () => {
    const dir = mailTree();
    const r = await runCli(['scan', dir, '--format', 'jsonl']);
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(7);
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'confidence',
        'date',
        'indicators',
        'index',
        'is_phishing',
        'message_id',
        'path',
        'risk_level',
        'risk_score',
        'sender',
        'subject',
      ].sort(),
    );
    const phish = rows.find((x) => x.path.endsWith('1700000001.2.host'));
    expect(phish.risk_level).toBe('HIGH');
    expect(rows.filter((x) => x.path.endsWith('box.mbox')).map((x) => x.index)).toEqual([0, 1]);
    expect(rows.filter((x) => x.subject === 'quoting')).toHaveLength(2);
  });

  it('prints one JSON array with --format json and a table by default off a TTY with --format table', async () => {
    const dir = mailTree();
    const json = await runCli(['scan', join(dir, 'box.mbox'), '--format', 'json']);
    expect(JSON.parse(json.stdout)).toHaveLength(2);
    const table = await runCli(['scan', join(dir, 'eml'), '--format', 'table']);
    expect(table.stdout).toMatch(/LEVEL\s+SCORE\s+SENDER/);
    expect(table.stdout).toMatch(/1 messages: /);
  });

  it('rejects an unknown format and a missing path with exit 2 and 3', async () => {
    expect((await runCli(['scan', FIXTURES, '--format', 'xml'])).code).toBe(2);
    const missing = await runCli(['scan', '/nonexistent']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('no such file or folder: /nonexistent');
  });

  it('gives the same results on worker threads (their own Blob) as on the main thread', async () => {
    const dir = join(FIXTURES, 'email');
    const main = await runCli(['scan', dir, '--format', 'jsonl', '--workers', '0']);
    const pool = await runCli(['scan', dir, '--format', 'jsonl', '--workers', '2']);
    expect(pool.stdout).toBe(main.stdout);
    expect(main.stdout.trim().split('\n')).toHaveLength(EMAIL_FIXTURES);
  });
});
