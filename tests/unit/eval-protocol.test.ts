import { describe, expect, it } from 'vitest';
import { loadPopularDomains } from '../../src/adapters/data/load.js';
import { parseTestEmail, PhishingModel } from '../../src/core/index.js';
import type { Example } from '../../scripts/lib/dataset.js';
import { inSenderFold, NEWSLETTERS, scoreAll, SENDER_FOLDS } from '../../scripts/lib/protocol.js';

/** A corpus example with only what the fold split reads: label, source and sender. */
function example(label: Example['label'], source: string, sender: string, date = '2019-10-01'): Example {
  const parsed = parseTestEmail({ subject: 'Weekly update', sender, content: 'News from us.' });
  return {
    split: 'train',
    label,
    source,
    group: sender,
    date,
    lang: 'en',
    full: { ...parsed, mode: 'full' },
    paste: parsed,
    pasteHtml: null,
    fFull: new Float64Array(0),
    fPaste: new Float64Array(0),
  };
}
const foldsOf = (e: Example) =>
  Array.from({ length: SENDER_FOLDS }, (_, f) => f).filter((f) => inSenderFold(e, f));

describe("npm run eval's newsletter sender folds", () => {
  it('puts every newsletter in exactly one fold, all of one sender domain in the same one', () => {
    const senders = Array.from({ length: 40 }, (_, i) => `News <info@sender${i}.org>`);
    const used = new Set<number>();
    for (const sender of senders) {
      const folds = foldsOf(example('legit', NEWSLETTERS, sender));
      expect(folds, sender).toHaveLength(1);
      used.add(folds[0] as number);
    }
    // Forty senders spread over the folds rather than landing in one.
    expect(used.size).toBeGreaterThan(1);
    // A sender's subdomains are the same sender: its mail is never on both sides of a fold.
    const [a] = foldsOf(example('legit', NEWSLETTERS, 'Rep. X <outreach@mail.house.gov>'));
    expect(foldsOf(example('legit', NEWSLETTERS, 'Rep. Y <no-reply@house.gov>'))).toEqual([a]);
  });

  it('holds out no other mail', () => {
    for (const e of [
      example('legit', 'spamassassin', 'A <a@sender1.example.org>'),
      example('phishing', 'phishing-pot', 'B <b@sender1.example.org>'),
      example('spam', NEWSLETTERS, 'C <c@sender1.example.org>'),
    ])
      expect(foldsOf(e)).toEqual([]);
  });
});

describe("npm run eval's forward recall by month", () => {
  it('scores each message with the month of its date, which the report groups the later phishing by', () => {
    const model = new PhishingModel(new Float64Array(0), new Float32Array(0), -12, { a: 1, b: 0 }, 'test');
    const scored = scoreAll(
      [
        example('phishing', 'phishing-pot', 'A <a@one.example>', '2025-08-14'),
        example('phishing', 'phishing-pot', 'B <b@two.example>', '2025-12-01'),
      ],
      model,
      loadPopularDomains(),
    );
    expect(scored.map((r) => r.month)).toEqual(['2025-08', '2025-12']);
  });
});
