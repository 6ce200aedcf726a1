import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/app/engine.js';
import { analyzeParsed, applyHistory, type SenderHistory } from '../../src/core/index.js';
import { MAX_ATTACHED_MESSAGES, parseRawEmail } from '../../src/core/email/parse.js';
import { loadModel, loadPopularDomains } from '../../src/adapters/data/load.js';
import { fixture } from '../helpers/engine.js';
import { noteWithFiles } from '../helpers/mime.js';

/** The mailbox's own receiving server writes Authentication-Results as mx.example.org. */
const TRUSTED = ['mx.example.org'];
const engine = createEngine({ trustedAuthServIds: TRUSTED });
const deps = { popular: loadPopularDomains(), model: loadModel(), trustedAuthServIds: TRUSTED };

/** A colleague's note with the given messages attached as .eml files (Content-Disposition: attachment). */
const forward = (attached: Buffer[]): Buffer =>
  noteWithFiles(
    attached.map((raw, n) => ({ name: `original-${n}.eml`, type: 'message/rfc822', content: raw })),
    { boundary: 'fw-boundary-17' },
  );

describe('messages attached as files', () => {
  it('scores a colleague forwarding a phish as an attachment by the phish it carries', async () => {
    const { parsed, analysis } = await engine.analyzeRaw(fixture('phishing-forwarded-as-attachment.eml'));
    expect(parsed.attachedMessages).toHaveLength(1);
    // The colleague's note alone, authenticated from the mailbox's own domain, is safe.
    const noteAlone = analyzeParsed({ ...parsed, attachedMessages: undefined }, deps);
    expect(noteAlone.risk_level).toBe('SAFE');
    expect(analysis.risk_level).toBe('HIGH');
    const att = analysis.indicators.find((i) => i.id === 'attachments.attached_message');
    expect(att?.severity).toBe('high');
    expect(att?.explanation).toContain('service@paypa1-support.com');
    expect(att?.evidence[0]).toMatch(
      /^"Your account has been limited" from service@paypa1-support\.com: HIGH \d+\/100$/,
    );
    // The reasons are the attached message's own: its look-alike sender domain.
    expect(att?.evidence.slice(1).join(' ')).toContain('imitates paypal.com');
    expect(analysis.summary).toMatch(
      /^Likely phishing \(\d+\/100\): an attached message from service@paypa1-support\.com is itself likely phishing/,
    );
  });

  it('does not trust an attached message’s own Authentication-Results', async () => {
    const statement = fixture('legit-bank-statement.eml');
    const inner = await parseRawEmail(statement);
    // Written by mx.example.org, the mailbox's trusted server, they would lower its score.
    const asIfTrusted = analyzeParsed(inner, deps).risk_score;
    const untrusted = analyzeParsed(inner, { ...deps, trustedAuthServIds: [] }).risk_score;
    expect(asIfTrusted).not.toBe(untrusted);
    const { analysis } = await engine.analyzeRaw(forward([statement]));
    const att = analysis.indicators.find((i) => i.id === 'attachments.attached_message');
    expect(att?.severity).toBe('info');
    expect(att?.explanation).toBe(`The attached message was analysed too: SAFE (${untrusted}/100).`);
    expect(att?.evidence[0]).toContain(`SAFE ${untrusted}/100`);
  });

  it('leaves a forwarded harmless message at the note’s own score, and names the worst of several', async () => {
    const harmless = forward([fixture('legit-newsletter.eml'), fixture('legit-password-reset.eml')]);
    const parsed = await parseRawEmail(harmless);
    const { analysis } = await engine.analyzeRaw(harmless);
    expect(analysis.risk_score).toBe(
      analyzeParsed({ ...parsed, attachedMessages: undefined }, deps).risk_score,
    );
    expect(analysis.risk_level).toBe('SAFE');
    expect(analysis.indicators.find((i) => i.id === 'attachments.attached_message')?.explanation).toMatch(
      /^2 attached messages were analysed too: SAFE \(\d+\/100\) at most\.$/,
    );
    const mixed = (
      await engine.analyzeRaw(
        forward([fixture('legit-newsletter.eml'), fixture('phishing-de-sparkasse.eml')]),
      )
    ).analysis;
    expect(mixed.risk_level).toBe('HIGH');
    expect(mixed.indicators.find((i) => i.id === 'attachments.attached_message')?.explanation).toMatch(
      /^An attached message \(one of 2\) from \S+ is itself likely phishing/,
    );
  });

  it('reads two levels of attached messages, at most five at each, and says so', async () => {
    const phish = fixture('phishing-paypal-lookalike.eml');
    const many = await parseRawEmail(forward(Array.from({ length: 7 }, () => phish)));
    expect(many.attachedMessages).toHaveLength(MAX_ATTACHED_MESSAGES);
    expect(many.warnings).toContain('7 attached messages; only the first 5 were analysed');
    // A phish two attachments deep is read; one three deep is not parsed at all.
    const twoDeep = await engine.analyzeRaw(forward([forward([phish])]));
    expect(twoDeep.analysis.risk_level).toBe('HIGH');
    const threeDeep = await parseRawEmail(forward([forward([forward([phish])])]));
    expect(threeDeep.attachedMessages?.[0]?.attachedMessages?.[0]?.attachedMessages).toBeUndefined();
  });

  it('keeps a known correspondent’s trust from lowering a phish they forward', async () => {
    const { analysis } = await engine.analyzeRaw(fixture('phishing-forwarded-as-attachment.eml'));
    const colleague: SenderHistory = {
      address: null,
      domain: {
        messages: 40,
        days: 30,
        firstSeen: '2026-10-01T00:00:00Z',
        lastSeen: null,
        markedSafe: 1,
        markedPhishing: 0,
        markedFalsePositive: 0,
      },
      knownNames: new Map(),
      knownDomains: [],
    };
    const withHistory = applyHistory(analysis, colleague);
    expect(withHistory.risk_score).toBe(analysis.risk_score);
    expect(withHistory.indicators.map((i) => i.id)).not.toContain('history.known_sender');
  });
});
