import { beforeAll, describe, expect, it } from 'vitest';
import { seedFixtures, testApp, type TestApp } from '../helpers/app.js';
import { EMAIL_FIXTURES } from '../helpers/engine.js';
import { RULES_VERSION } from '../../src/core/email/analyze.js';

let t: TestApp;
let alice: string;
let bob: string;
beforeAll(async () => {
  t = await testApp();
  await seedFixtures(t, 'alice');
  alice = (await t.login('alice', 'alice-password')).access_token;
  bob = (await t.login('bob', 'bob-password')).access_token;
});

describe('emails API', () => {
  it('lists the user’s analysed mail with paging, filters, search and sorting', async () => {
    const all = await (await t.req('/api/emails', { token: alice })).json();
    expect(all.total).toBe(EMAIL_FIXTURES);
    // A page holds 20 by default.
    expect(all.emails).toHaveLength(Math.min(EMAIL_FIXTURES, 20));
    expect((await (await t.req('/api/emails?size=200', { token: alice })).json()).emails).toHaveLength(
      EMAIL_FIXTURES,
    );
    expect(all.emails[0].phishing_analysis).toEqual(
      expect.objectContaining({
        risk_score: expect.any(Number),
        risk_level: expect.any(String),
        indicators: expect.any(Array),
        summary: expect.any(String),
      }),
    );
    const page = await (await t.req('/api/emails?page=2&size=5', { token: alice })).json();
    expect([page.emails.length, page.page, page.pages]).toEqual([5, 2, Math.ceil(EMAIL_FIXTURES / 5)]);
    const high = await (await t.req('/api/emails?risk_level=HIGH', { token: alice })).json();
    expect(
      high.emails.every(
        (e: { phishing_analysis: { risk_level: string } }) => e.phishing_analysis.risk_level === 'HIGH',
      ),
    ).toBe(true);
    expect(high.total).toBeGreaterThanOrEqual(4);
    const search = await (await t.req('/api/emails?search=statement', { token: alice })).json();
    expect(search.emails.map((e: { subject: string }) => e.subject)).toEqual(['Your statement is ready']);
    const byScore = await (
      await t.req('/api/emails?sort_by=risk_score&sort_order=asc', { token: alice })
    ).json();
    const scores = byScore.emails.map(
      (e: { phishing_analysis: { risk_score: number } }) => e.phishing_analysis.risk_score,
    );
    expect(scores).toEqual([...scores].sort((a: number, b: number) => a - b));
    expect((await t.req('/api/emails?size=1000', { token: alice })).status).toBe(422);
  });

  it('understands the search syntax: from:, subject:, "phrases", -exclusion, level:, is:, after:/before:', async () => {
    const subjects = async (search: string, extra = '') => {
      const r = await t.req(`/api/emails?size=200&search=${encodeURIComponent(search)}${extra}`, {
        token: alice,
      });
      expect(r.status, search).toBe(200);
      return ((await r.json()).emails as { subject: string }[]).map((e) => e.subject).sort();
    };
    expect(await subjects('from:paypa1-support.com')).toEqual(['Your account has been limited']);
    // "PayPal" is in three senders and one subject: from: narrows to the senders.
    expect(await subjects('from:paypal')).toEqual([
      'You sent a payment',
      'Your PayPal invoice #PP-77812 has been processed',
      'Your account has been limited',
    ]);
    expect(await subjects('subject:paypal')).toEqual(['Your PayPal invoice #PP-77812 has been processed']);
    expect(await subjects('from:paypal -subject:invoice')).toEqual([
      'You sent a payment',
      'Your account has been limited',
    ]);
    expect(await subjects('"statement is ready"')).toEqual(['Your statement is ready']);
    expect(await subjects('"ready statement"')).toEqual([]);
    const high = await subjects('level:high');
    expect(high.length).toBeGreaterThan(0);
    expect(high).toEqual(await subjects('', '&risk_level=HIGH'));
    // The box and the chips both hold: two different levels match nothing.
    expect(await subjects('level:high', '&risk_level=SAFE')).toEqual([]);
    expect(await subjects('after:2026-11-20 before:2026-11-21')).toEqual([
      'Your PayPal invoice #PP-77812 has been processed',
    ]);
    expect(await subjects('is:new from:ups.com')).toEqual([
      'UPS Update: Package Scheduled for Delivery Tomorrow',
    ]);
    // is: filters by status (as plain text "is:safe" would match nothing either way, mark one first).
    const ups = (await (await t.req('/api/emails?search=from:ups.com', { token: alice })).json()).emails[0]
      .id;
    const mark = (action: string) =>
      t.req('/api/emails/bulk-action', { method: 'POST', token: alice, json: { email_ids: [ups], action } });
    expect((await mark('mark_safe')).status).toBe(200);
    expect(await subjects('is:safe')).toEqual(['UPS Update: Package Scheduled for Delivery Tomorrow']);
    expect((await mark('mark_new')).status).toBe(200);
    expect(await subjects('is:safe')).toEqual([]);
    for (const [bad, says] of [
      ['level:purple', /level: takes high, medium, low or safe/],
      ['is:maybe', /is: takes new/],
      ['after:yesterday', /after: takes a day as YYYY-MM-DD/],
      ['-level:high', /cannot be negated/],
      [Array.from({ length: 13 }, (_, i) => `w${i}`).join(' '), /at most 12 words or phrases/],
    ] as const) {
      const r = await t.req(`/api/emails?search=${encodeURIComponent(bad)}`, { token: alice });
      expect(r.status, bad).toBe(422);
      expect((await r.json()).detail).toMatch(says);
    }
  });

  it('never shows one user another user’s mail', async () => {
    const list = await (await t.req('/api/emails', { token: bob })).json();
    expect(list.total).toBe(0);
    const aliceEmail = (await (await t.req('/api/emails?size=1', { token: alice })).json()).emails[0];
    for (const [method, path] of [
      ['GET', `/api/emails/${aliceEmail.id}`],
      ['DELETE', `/api/emails/${aliceEmail.id}`],
      ['GET', `/api/emails/${aliceEmail.id}/links`],
      ['POST', `/api/analysis/reprocess/${aliceEmail.id}`],
    ] as const) {
      expect((await t.req(path, { method, token: bob })).status, `${method} ${path}`).toBe(404);
    }
    const patch = await t.req(`/api/emails/${aliceEmail.id}/status`, {
      method: 'PATCH',
      token: bob,
      json: { status: 'safe' },
    });
    expect(patch.status).toBe(404);
    const bulk = await (
      await t.req('/api/emails/bulk-action', {
        method: 'POST',
        token: bob,
        json: { email_ids: [aliceEmail.id], action: 'delete' },
      })
    ).json();
    expect(bulk.affected).toBe(0);
    expect((await t.req(`/api/emails/${aliceEmail.id}`, { token: alice })).status).toBe(200);
  });

  it('scores a phish forwarded as an attachment by the phish, and lists its links', async () => {
    const list = await (await t.req('/api/emails?search=limited', { token: alice })).json();
    const fw = list.emails.find((e: { subject: string }) => e.subject.startsWith('FW:'));
    expect(fw.phishing_analysis.risk_level).toBe('HIGH');
    expect(fw.phishing_analysis.summary).toContain('attached message from service@paypa1-support.com');
    const links = await (await t.req(`/api/emails/${fw.id}/links`, { token: alice })).json();
    expect(links.links.map((l: { url: string }) => l.url)).toContain(
      'http://paypal.com.secure-login.top/webapps/signin?session=8812',
    );
  });

  it('shows one email with its rich analysis and links, and sets statuses (single and bulk)', async () => {
    const list = await (await t.req('/api/emails?search=limited', { token: alice })).json();
    const id = list.emails.find((e: { subject: string }) => e.subject === 'Your account has been limited').id;
    const detail = await (await t.req(`/api/emails/${id}`, { token: alice })).json();
    expect(detail.analysis.indicators.map((i: { id: string }) => i.id)).toContain('links.text_href_mismatch');
    const links = await (await t.req(`/api/emails/${id}/links`, { token: alice })).json();
    expect(links.links.map((l: { url: string }) => l.url)).toContain(
      'http://paypal.com.secure-login.top/webapps/signin?session=8812',
    );
    const bad = await t.req(`/api/emails/${id}/status`, {
      method: 'PATCH',
      token: alice,
      json: { status: 'bogus' },
    });
    expect(bad.status).toBe(422);
    const ok = await (
      await t.req(`/api/emails/${id}/status`, {
        method: 'PATCH',
        token: alice,
        json: { status: 'phishing', reason: 'reported by user' },
      })
    ).json();
    expect(ok).toMatchObject({ status: 'phishing', status_reason: 'reported by user' });
    const filtered = await (await t.req('/api/emails?status=phishing', { token: alice })).json();
    expect(filtered.total).toBe(1);
    const ids = (await (await t.req('/api/emails?risk_level=SAFE', { token: alice })).json()).emails.map(
      (e: { id: number }) => e.id,
    );
    const bulk = await (
      await t.req('/api/emails/bulk-action', {
        method: 'POST',
        token: alice,
        json: { email_ids: ids, action: 'mark_safe', reason: 'triaged' },
      })
    ).json();
    expect(bulk).toEqual({ action: 'mark_safe', requested: ids.length, affected: ids.length });
    expect(
      (
        await t.req('/api/emails/bulk-action', {
          method: 'POST',
          token: alice,
          json: { email_ids: [], action: 'mark_safe' },
        })
      ).status,
    ).toBe(422);
    expect((await t.req('/api/emails/abc', { token: alice })).status).toBe(422);
    expect((await t.req('/api/emails/999999', { token: alice })).status).toBe(404);
  });

  it('reprocesses a stored message and deletes only our copy', async () => {
    const id = (await (await t.req('/api/emails?search=UPS', { token: alice })).json()).emails[0].id;
    const re = await t.req(`/api/analysis/reprocess/${id}`, { method: 'POST', token: alice });
    expect(re.status).toBe(200);
    expect((await re.json()).analysis.engine_version).toMatch(
      new RegExp(`^${RULES_VERSION.replaceAll('.', '\\.')}\\+[0-9a-f]{16}$`),
    );
    expect((await t.req(`/api/emails/${id}`, { method: 'DELETE', token: alice })).status).toBe(200);
    expect((await t.req(`/api/emails/${id}`, { token: alice })).status).toBe(404);
    const audit = await (await t.req('/api/audits/logs?action=email.delete', { token: alice })).json();
    expect(audit.logs[0]).toMatchObject({ action: 'email.delete', username: 'alice', target: `email:${id}` });
  });
});

describe('analysis, intel, system and audit API', () => {
  it('analyses a pasted email in the spec test shape and validates input', async () => {
    const res = await t.req('/api/analyze/email', {
      method: 'POST',
      token: alice,
      json: {
        subject: 'Urgent: verify your PayPal account',
        sender: 'security@paypal-verification.com',
        content:
          'Dear Customer, your account has been limited. Verify your account within 24 hours: http://paypal-verify.suspicious-domain.com/login',
      },
    });
    const r = await res.json();
    expect(r).toMatchObject({ is_phishing: true, risk_level: expect.stringMatching(/HIGH|CRITICAL/) });
    expect(r.analysis_details.content_analysis.urgency_score).toBeGreaterThan(0);
    const empty = await t.req('/api/analyze/email', {
      method: 'POST',
      token: alice,
      json: { subject: '', sender: 'a@b.c', content: 'x' },
    });
    expect(empty.status).toBe(422);
    expect((await empty.json()).detail).toBe('Please fill in all required fields');
    expect(
      (
        await t.req('/api/analyze/email', {
          method: 'POST',
          json: { subject: 'a', sender: 'b', content: 'c' },
        })
      ).status,
    ).toBe(401);
  });

  it('searches our own intelligence across emails and indicators', async () => {
    const r = await (
      await t.req('/api/analysis/threat-intel?query=secure-login.top&source=all', { token: alice })
    ).json();
    expect(
      r.results.some(
        (x: { type: string; subject?: string }) =>
          x.type === 'email' && x.subject === 'Your account has been limited',
      ),
    ).toBe(true);
    const ind = await (
      await t.req('/api/analysis/threat-intel?query=attachments.archive_executable&source=indicators', {
        token: alice,
      })
    ).json();
    expect(ind.results.map((x: { subject: string }) => x.subject)).toEqual([
      'Overdue invoice #88213 - final notice',
    ]);
    expect((await t.req('/api/analysis/threat-intel', { token: alice })).status).toBe(422);
  });

  it('reports stats and health; /health and /api/system/health answer without sign-in', async () => {
    const stats = await (await t.req('/api/system/stats', { token: alice })).json();
    expect(stats.by_risk_level.HIGH).toBeGreaterThan(0);
    expect(stats.mailboxes[0]).toMatchObject({ kind: 'local', address: 'local files' });
    expect((await t.req('/api/system/stats')).status).toBe(401);
    const health = await (await t.req('/api/system/health')).json();
    expect(health.components.database).toEqual({ ok: true });
    expect(JSON.stringify(health)).not.toMatch(/sqlite|user\(s\)|\/tmp\//);
    // An administrator sees the details; a signed-in non-administrator does not.
    const admin = await (await t.req('/api/system/health', { token: alice })).json();
    expect(admin.components.database.detail).toMatch(/^sqlite .*1?\d user\(s\)/);
    const user = await (await t.req('/api/system/health', { token: bob })).json();
    expect(user.components.database).toEqual({ ok: true });
    expect((await (await t.req('/health')).json()).status).toBe('healthy');
  });

  it('shows admins every audit entry and users only their own', async () => {
    const mine = await (await t.req('/api/audits/logs', { token: bob })).json();
    const bobId = (await t.deps.store.users.byUsername('bob'))!.id;
    expect(mine.logs.every((l: { user_id: number | null }) => l.user_id === bobId)).toBe(true);
    const all = await (await t.req('/api/audits/logs?size=200', { token: alice })).json();
    expect(new Set(all.logs.map((l: { username: string }) => l.username))).toEqual(new Set(['alice', 'bob']));
    expect((await t.req('/api/audits/logs?since=yesterday', { token: alice })).status).toBe(422);
  });

  it('answers 404 as JSON, refuses oversized bodies and never leaks stacks', async () => {
    const nf = await t.req('/api/nope', { token: alice });
    expect(nf.status).toBe(404);
    expect(await nf.json()).toMatchObject({ code: 'NOT_FOUND' });
    const big = await t.req('/api/analyze/email', {
      method: 'POST',
      token: alice,
      json: { subject: 's', sender: 'a@b.c', content: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    const badJson = await t.req('/api/analyze/email', {
      method: 'POST',
      token: alice,
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(badJson.status).toBe(422);
    expect(JSON.stringify(await badJson.json())).not.toMatch(/at .*\.ts:\d+/);
  });

  it('uploads mail files into the local mailbox, without duplicates on re-upload', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { FIXTURES } = await import('../helpers/engine.js');
    const form = () => {
      const f = new FormData();
      f.append(
        'file',
        new Blob([readFileSync(join(FIXTURES, 'email', 'legit-password-reset.eml'))]),
        'reset.eml',
      );
      return f;
    };
    const first = await (
      await t.req('/api/mailboxes/import', { method: 'POST', token: bob, body: form() })
    ).json();
    expect(first).toMatchObject({ processed: 1, added: 1, duplicates: 0 });
    const again = await (
      await t.req('/api/mailboxes/import', { method: 'POST', token: bob, body: form() })
    ).json();
    expect(again).toMatchObject({ processed: 1, added: 0, duplicates: 1 });
    expect((await (await t.req('/api/emails', { token: bob })).json()).total).toBe(1);
  });
});

describe('one message in full, and the list over dates', () => {
  let dave: string;
  let id: number;
  beforeAll(async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { FIXTURES } = await import('../helpers/engine.js');
    const { createUser } = await import('../../src/app/accounts.js');
    await createUser(t.deps.store, { username: 'dave', password: 'dave-password', isAdmin: false });
    dave = (await t.login('dave', 'dave-password')).access_token;
    const f = new FormData();
    f.append('file', new Blob([readFileSync(join(FIXTURES, 'view', 'hostile-html.eml'))]), 'h.eml');
    f.append(
      'file',
      new Blob([
        'From: Spam <spam@example.net>\nSubject: From the future\nDate: Tue, 01 Jan 2031 00:00:00 +0000\n\nhello\n',
      ]),
      'future.eml',
    );
    expect((await t.req('/api/mailboxes/import', { method: 'POST', token: dave, body: f })).status).toBe(200);
    const list = await (await t.req('/api/emails?sort_by=subject&sort_order=asc', { token: dave })).json();
    id = list.emails[0].id;
    expect(list.emails[0].subject).toBe('Action required: your account is limited');
  });

  it('shows headers (unfolded, decoded), text, attachments, links and the authentication results', async () => {
    const res = await t.req(`/api/emails/${id}/view`, { token: dave });
    expect(res.status).toBe(200);
    const v = await res.json();
    const header = (name: string) => v.headers.find((h: { name: string }) => h.name === name)?.value;
    expect(header('From')).toBe('PayPal Service <service@paypal.com>');
    expect(header('X-Long')).toBe('first part continued on a folded line');
    expect(header('Reply-To')).toBe('verify@paypa1-secure.com');
    expect(v.text).toContain('Verify now at https://paypa1-secure.com/login');
    expect(v.has_html).toBe(true);
    expect(v.links.map((l: { url: string }) => l.url)).toContain('https://paypa1-secure.com/login');
    // A file import trusts no receiving server: the results are shown, marked as unattributed.
    expect(v.authentication).toMatchObject({
      authserv_id: 'mx.example.net',
      trusted: false,
      spf: 'fail',
      dkim: 'none',
      dmarc: 'fail',
      arc: null,
    });
    expect((await t.req(`/api/emails/${id}/view`, { token: bob })).status).toBe(404);
  });

  it('serves the HTML inert: no script, handler, form target, frame, remote image or live link, under a sandboxing CSP', async () => {
    const res = await t.req(`/api/emails/${id}/preview`, { token: dave });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^sandbox; default-src 'none'/);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('allow-scripts');
    const html = await res.text();
    for (const gone of [
      '<script',
      'onload',
      'onclick',
      'href=',
      'action=',
      '<iframe',
      '<base',
      'http-equiv',
      'tracker.',
      '<svg',
    ])
      expect(html.toLowerCase()).not.toContain(gone);
    // A javascript: target is only named, in a tooltip.
    expect(html).toContain('title="Link (not followed): javascript:alert(2)"');
    expect(html).toContain('<b>limited</b>');
    expect(html).toContain('title="Link (not followed): https://paypa1-secure.com/login"');
    expect(html).toContain('[remote image blocked: PayPal]');
    expect(html).toContain('src="data:image/gif;base64,');
    expect(html).toMatch(/<input[^>]*disabled/);
    expect((await t.req(`/api/emails/${id}/preview`, { token: bob })).status).toBe(404);
  });

  it('downloads the stored source as an .eml attachment, byte for byte', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { FIXTURES } = await import('../helpers/engine.js');
    const res = await t.req(`/api/emails/${id}/raw`, { token: dave });
    expect(res.headers.get('content-type')).toBe('message/rfc822');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="message-${id}.eml"`);
    expect(
      Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(FIXTURES, 'view', 'hostile-html.eml'))),
    ).toBe(true);
  });

  it('dates a message claiming to come from the future by its arrival, and filters by day', async () => {
    const list = await (await t.req('/api/emails', { token: dave })).json();
    const future = list.emails.find((e: { subject: string }) => e.subject === 'From the future');
    expect(Date.parse(future.received_at)).toBeLessThanOrEqual(Date.now());
    const day = await (await t.req('/api/emails?from=2026-11-02&to=2026-11-02', { token: dave })).json();
    expect(day.emails.map((e: { subject: string }) => e.subject)).toEqual([
      'Action required: your account is limited',
    ]);
    expect((await (await t.req('/api/emails?to=2026-11-01', { token: dave })).json()).total).toBe(0);
    expect((await t.req('/api/emails?from=2026-13-45', { token: dave })).status).toBe(422);
    // The timeline counts it on the day it arrived (today), every day listed, oldest first.
    const timeline = (await (await t.req('/api/system/timeline?days=7', { token: dave })).json()).days as {
      day: string;
      HIGH: number;
      MEDIUM: number;
      LOW: number;
      SAFE: number;
    }[];
    expect(timeline).toHaveLength(7);
    expect(timeline.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    const today = timeline.at(-1)!;
    expect(today.HIGH + today.MEDIUM + today.LOW + today.SAFE).toBe(1);
    expect((await t.req('/api/system/timeline?days=400', { token: dave })).status).toBe(422);
  });
});

describe('undoing a mark', () => {
  it('mark_new puts messages back to unreviewed and takes the mark out of the sender history', async () => {
    const list = await (await t.req('/api/emails?search=statement', { token: alice })).json();
    const id = list.emails[0].id as number;
    const senders = async () =>
      (await (await t.req('/api/senders', { token: alice })).json()).senders as {
        markedSafe: number;
      }[];
    const safeMarks = async () => (await senders()).reduce((n, s) => n + s.markedSafe, 0);
    const bulk = (action: string) =>
      t.req('/api/emails/bulk-action', { method: 'POST', token: alice, json: { email_ids: [id], action } });
    // Unreviewed to start with, whatever earlier tests did to it.
    expect((await bulk('mark_new')).status).toBe(200);
    const before = await safeMarks();
    expect((await bulk('mark_safe')).status).toBe(200);
    expect(await safeMarks()).toBe(before + 1);
    expect((await bulk('mark_new')).status).toBe(200);
    expect((await (await t.req(`/api/emails/${id}`, { token: alice })).json()).status).toBe('new');
    expect(await safeMarks()).toBe(before);
  });
});
