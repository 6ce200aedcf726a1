import { describe, expect, it } from 'vitest';
import { oneLine } from '../../src/core/email/signals/content.js';
import { replaceAddresses } from '../../src/core/model/features.js';
import { randomTexts } from '../helpers/random-text.js';

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
    for (const t of randomTexts(alphabet, 3000, 40, 7))
      expect(replaceAddresses(t), JSON.stringify(t)).toBe(byExpression(t));
  });
});

describe('whitespace runs in the content signals', () => {
  it('reads each run as one space, as s.replace(/\\s+/g, " ") does', () => {
    const alphabet = ['a', ' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2003', 'é', '.'];
    expect(oneLine('your urgent\n  response \u00a0now')).toBe('your urgent response now');
    for (const t of randomTexts(alphabet, 3000, 30, 11))
      expect(oneLine(t), JSON.stringify(t)).toBe(t.replace(/\s+/g, ' '));
  });
});
