import { describe, expect, it } from 'vitest';
import { oneLine } from '../../src/core/email/signals/content.js';
import { replaceAddresses } from '../../src/core/model/features.js';

/** The expression replaceAddresses stands for. */
const EMAIL_RE = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)*/g;
const byExpression = (t: string) => t.replace(EMAIL_RE, ' emailaddr ');

describe('addresses in the model’s text', () => {
  it('replaces what the address expression matches, and nothing else', () => {
    expect(replaceAddresses('write to jo.doe+x@mail.example.com. or phishing@pot')).toBe(
      'write to  emailaddr . or  emailaddr ',
    );
    for (const t of [
      '',
      'no address here',
      '@ @@ a@ @b a@-b -@x.y',
      'a@b@c a@b+c@d x@y.z@w.v',
      'mail:me@host.example.org, you@there..com and them@x.-y.',
      'é@x.com ñame@host ü.x@y',
      '@@a@b.c.d.e@f.g',
    ])
      expect(replaceAddresses(t), t).toBe(byExpression(t));
  });

  it('agrees with the expression on random text', () => {
    const alphabet = ['a', 'Z', '0', '_', '-', '.', '+', '@', ' ', 'é', '\n', 'com', '@x.y'];
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let n = 0; n < 3000; n++) {
      let t = '';
      const len = Math.floor(next() * 40);
      for (let i = 0; i < len; i++) t += alphabet[Math.floor(next() * alphabet.length)];
      expect(replaceAddresses(t), JSON.stringify(t)).toBe(byExpression(t));
    }
  });
});

describe('whitespace runs in the content signals', () => {
  it('reads each run as one space, as s.replace(/\\s+/g, " ") does', () => {
    const alphabet = ['a', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2003', 'é', '.'];
    let seed = 11;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    expect(oneLine('your urgent\n  response \u00a0now')).toBe('your urgent response now');
    for (let n = 0; n < 3000; n++) {
      let t = '';
      const len = Math.floor(next() * 30);
      for (let i = 0; i < len; i++) t += alphabet[Math.floor(next() * alphabet.length)];
      expect(oneLine(t), JSON.stringify(t)).toBe(t.replace(/\s+/g, ' '));
    }
  });
});
