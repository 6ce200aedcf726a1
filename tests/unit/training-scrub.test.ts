import { describe, expect, it } from 'vitest';
import { generatorArtefacts } from '../../scripts/lib/dataset.js';
import { featuresOf, FEATURE_TEXT } from '../../scripts/lib/featurize.js';
import { loadPopularDomains } from '../../src/adapters/data/load.js';
import { parseRawEmail } from '../../src/core/index.js';

describe('what a generated template message teaches the model', () => {
  it('leaves out the filled-in site address written as text ("app.kestrelbank.eu"), not the wording', async () => {
    const raw = Buffer.from(
      'From: Kestrel Bank <noreply@kestrelbank.eu>\r\nTo: Erika Beispiel <erika@example.de>\r\n' +
        'Subject: Passwort geändert\r\n\r\n' +
        'Das Passwort deines Kontos wurde geändert. Die Rechnung liegt als rechnung.pdf bei.\r\n' +
        'Browser: Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0\r\n' +
        'Danke, dass du Kestrel Bank nutzt! app.kestrelbank.eu\r\n',
    );
    const parsed = await parseRawEmail(raw);
    const scrub = generatorArtefacts(raw, parsed);
    expect([...scrub.words]).toEqual(expect.arrayContaining(['app', 'kestrelbank', 'erika']));
    const texts = [...featuresOf(parsed, loadPopularDomains(), scrub)].map((k) => FEATURE_TEXT.get(k));
    expect(texts).not.toContain('b:app');
    // A filled-in user agent, read as the model reads it (digits folded: Win64 is win0).
    expect(texts.filter((t) => /^b:(?:win0|x0|chrome|mozilla)$/.test(t ?? ''))).toEqual([]);
    expect(texts.filter((t) => t?.includes('kestrelbank'))).toEqual([]);
    // The template's own words still teach, a file name's included.
    expect(texts).toEqual(expect.arrayContaining(['b:passwort', 'b:danke', 'b:rechnung']));
    // Unscrubbed (mail that is not generated), the same text does yield them.
    const plain = [...featuresOf(parsed, loadPopularDomains())].map((k) => FEATURE_TEXT.get(k));
    expect(plain).toContain('b:app');
  });
});
