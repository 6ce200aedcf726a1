import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel, loadPopularDomains } from '../../src/adapters/data/load.js';
import { MODEL_FILE } from '../../src/config/paths.js';
import { createEngine } from '../../src/app/engine.js';
import { analyzeParsed, emitFeatures, PhishingModel, parseTestEmail } from '../../src/core/index.js';
import { fixture, shippedEngine } from '../helpers/engine.js';

/** A model with no features: its probability is sigmoid(bias); the spam head's likewise. */
const constant = (phishingBias: number, spamBias: number) =>
  new PhishingModel(
    new Float64Array(0),
    new Float32Array(0),
    phishingBias,
    { a: 1, b: 0 },
    'test',
    new PhishingModel(new Float64Array(0), new Float32Array(0), spamBias, { a: 1, b: 0 }, 'spam'),
  );
const popular = loadPopularDomains();
const message = parseTestEmail({
  subject: 'Deals',
  sender: 'Shop <deals@shop.example>',
  content: 'Big savings this week.',
});

describe('spam head', () => {
  it('makes bulk mail LOW rather than SAFE, and says why without calling it phishing', () => {
    const bulk = analyzeParsed({ ...message, warnings: [] }, { popular, model: constant(-5, 5) });
    expect(bulk.risk_score).toBe(20);
    expect(bulk.risk_level).toBe('LOW');
    expect(bulk.is_phishing).toBe(false);
    expect(bulk.indicators.map((i) => i.id)).toContain('model.bulk_mail');
    expect(bulk.summary).toMatch(/^Low risk \(20\/100\): it reads like unsolicited bulk mail/);
    const plain = analyzeParsed({ ...message, warnings: [] }, { popular, model: constant(-5, -5) });
    expect(plain.risk_level).toBe('SAFE');
    expect(plain.indicators.map((i) => i.id)).not.toContain('model.bulk_mail');
    // From even odds on (the junk head is calibrated): 0.55 is bulk mail, 0.45 is not.
    const likely = analyzeParsed({ ...message, warnings: [] }, { popular, model: constant(-5, 0.2) });
    expect(likely.risk_level).toBe('LOW');
    const unlikely = analyzeParsed({ ...message, warnings: [] }, { popular, model: constant(-5, -0.2) });
    expect(unlikely.risk_level).toBe('SAFE');
  });

  it('never lowers a score, and leaves an authenticated well-known sender alone', async () => {
    // The same message with and without a junk head that reads it as bulk mail: the same score.
    // (69, not sigmoid(2) = 88: pasted text read as phishing by the model alone is held at MEDIUM.)
    const phishy = analyzeParsed({ ...message, warnings: [] }, { popular, model: constant(2, 5) });
    const noJunk = analyzeParsed({ ...message, warnings: [] }, { popular, model: constant(2, -5) });
    expect(phishy.risk_score).toBe(69);
    expect(phishy.risk_score).toBe(noJunk.risk_score);
    expect(phishy.is_phishing).toBe(true);
    const engine = createEngine({ model: constant(-5, 5), trustedAuthServIds: ['mx.example.org'] });
    const { analysis } = await engine.analyzeRaw(fixture('legit-bank-statement.eml'));
    expect(analysis.indicators.map((i) => i.id)).toContain('auth.verified_sender');
    expect(analysis.risk_level).toBe('SAFE');
  });

  it('the shipped model has one, covered by its checksum, and reads a pharmacy spam as bulk mail', async () => {
    const file = JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as { spam: { weights_b64: string } };
    expect(file.spam.weights_b64.length).toBeGreaterThan(0);
    const weights = Buffer.from(file.spam.weights_b64, 'base64');
    weights.writeFloatLE(weights.readFloatLE(0) + 1, 0);
    file.spam.weights_b64 = weights.toString('base64');
    const damaged = join(process.env.TMPDIR ?? '/tmp', `model-${process.pid}.json`);
    writeFileSync(damaged, JSON.stringify(file));
    expect(() => loadModel(damaged)).toThrow(/damaged/);

    const { parsed, analysis } = await shippedEngine().analyzeRaw(fixture('spam-pharmacy.eml'));
    // The phishing model alone would call it SAFE. Its pills make it LOW as a spam pitch (rules
    // 2.9.7); the head, asked directly, reads it as bulk mail too.
    expect(analysis.model.probability).toBeLessThan(0.2);
    expect(analysis.risk_level).toBe('LOW');
    const signals = analysis.indicators.filter((i) => !i.id.startsWith('model.'));
    const head = loadModel()?.predict((sink) => emitFeatures(parsed, signals, sink)).spamProbability;
    expect(head).toBeGreaterThanOrEqual(0.5);
    for (const name of ['legit-newsletter.eml', 'legit-de-password-reset.eml', 'legit-pt-signin-alert.eml']) {
      const legit = (await shippedEngine().analyzeRaw(fixture(name))).analysis;
      expect(
        legit.indicators.map((i) => i.id),
        name,
      ).not.toContain('model.bulk_mail');
    }
  });
});

describe('spam pitches', () => {
  const analyse = (subject: string, content: string) =>
    analyzeParsed(
      { ...parseTestEmail({ subject, sender: 'Deals <deals@shop.example>', content }), warnings: [] },
      { popular, model: constant(-5, -5) },
    );

  it('reads pills and penny stocks as junk: LOW, said as such, never phishing', () => {
    const pills = analyse('Cialis Soft is up for grabs', 'CanadianPharmacy offers V1agra at $1.99 per pill.');
    expect(pills.risk_level).toBe('LOW');
    expect(pills.is_phishing).toBe(false);
    expect(pills.summary).toMatch(/^Low risk \(20\/100\): it pitches what spam sells/);
    const stock = analyse(
      'Or each ellenton',
      'THE ALERT IS ON!! Sym: CHVC Current price: $0.69 1 Day Target price: $1.5 Action: Strong buy!!',
    );
    expect(stock.indicators.find((i) => i.id === 'content.spam_pitch')?.evidence).toEqual(['"sym: chvc"']);
    expect(stock.risk_level).toBe('LOW');
  });

  it('leaves ordinary mail about prices, tickers and medicine alone', () => {
    for (const content of [
      'CNN Political Ticker: Bush meets the press. Current price: unknown.',
      'Our target audience is small; the strong buyer market cooled.',
      'Take the antibiotics your doctor prescribed, twice a day.',
    ])
      expect(
        analyse('News', content).indicators.map((i) => i.id),
        content,
      ).not.toContain('content.spam_pitch');
  });
});
