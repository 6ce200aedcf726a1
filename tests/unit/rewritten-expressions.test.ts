import { describe, expect, it } from 'vitest';
import {
  FAMILIES,
  MILLIONS,
  MILLIONS_HINT,
  oneLine,
  phraseHits,
} from '../../src/core/email/signals/content.js';
import { matchesOf } from '../../src/core/matches.js';
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

describe('the phrase families, found in one scan', () => {
  const W = '[a-z0-9_\\u00c0-\\u024f]';
  /** What each phrase family's own global scan finds: the expressions phraseHits stands for. */
  const alone = FAMILIES.flatMap((f) =>
    f.patterns instanceof RegExp ? [] : [new RegExp(`(?<!${W})${f.patterns.alternation}(?!${W})`, 'g')],
  );
  const byFamily = (t: string) => alone.map((re) => [...matchesOf(re, t)].map((m) => m[0]));

  it('finds each family’s phrases as a scan of that family alone does', () => {
    const ids = FAMILIES.filter((f) => !(f.patterns instanceof RegExp)).map((f) => f.id);
    const hits = (t: string) =>
      Object.fromEntries(phraseHits(t).flatMap((h, k) => (h.length ? [[ids[k], h]] : [])));
    // Two families' phrases overlap: each family finds its own.
    expect(hits('connect your crypto wallet now')).toEqual({
      'content.payment_request': ['crypto wallet'],
      'content.wallet_lure': ['connect your crypto wallet'],
    });
    // Within a family no match starts inside the one before ("will be locked" is in the first).
    expect(hits('your access will be locked. it will be closed')).toEqual({
      'content.threat': ['access will be locked', 'will be closed'],
    });
    // Whole words only, at either end and with letters beyond ASCII.
    expect(hits('nonurgent, urgentes, éurgent, urgent')).toEqual({ 'content.urgency': ['urgent'] });
    for (const t of [
      '',
      'urgent',
      'dear customer, verify your account immediately or it will be suspended',
      'sehr geehrter kunde, ihr konto wurde eingeschränkt. sofort!',
      'urgentement urgente urgently urgent',
      'claim your airdrop; claim your reward; you won; you won’t',
    ])
      expect(phraseHits(t), t).toEqual(byFamily(t));
  });

  it('agrees with the families’ own scans on random text', () => {
    const pieces = [
      ' ',
      'a',
      'é',
      '.',
      'urgent',
      'ly',
      'e',
      'your ',
      'account ',
      'access ',
      'will be ',
      'locked',
      'closed',
      'verify ',
      'wallet',
      'crypto ',
      'connect ',
      'dear ',
      'customer',
      'sofort',
      'konto ',
      'wurde ',
      'gesperrt',
      'suspend',
      'ed',
      'gift card',
      's',
      'bitcoin',
      'mailbox ',
      'full',
      // Whole phrases, so that overlaps within a family and between families come up often.
      'access will be locked',
      'will be closed',
      'connect your crypto wallet',
      'verify your account',
      'urgently',
    ];
    for (const t of randomTexts(pieces, 4000, 16, 23))
      expect(phraseHits(t), JSON.stringify(t)).toEqual(byFamily(t));
  });
});

describe('the hint that a text may name millions', () => {
  it('is in every text the millions expression matches', () => {
    for (const t of [
      '$18,000,000',
      'US$ 3.500.000,00',
      '€ 8,199,430.00',
      '8,199,430.00 euros',
      '$21.4 million',
      '{ $ 15, million, united state dollars }',
      '15.5 million dollars',
      'five million us dollars',
      'dois milhões de dólares',
      '5 millones de dólares',
      '2 miljoen euro',
      '£5m',
      'R$ 1 000 000',
      'USD 2.000.000',
    ]) {
      expect(MILLIONS.test(t), t).toBe(true);
      expect(MILLIONS_HINT.test(t), t).toBe(true);
    }
    // Every amount put together from a currency sign or word, a number, a word for million and a
    // currency word (or none, or a stray letter): 8,910 texts, 3,938 of which match.
    const parts = [
      ['', '$', 'US$ ', 'us $', '€', '£ ', 'R$', 'usd', 'EUR ', 'gbp', 'x'],
      ['12', '1,000,000', '3.500.000,00', '8 199 430.00', '21.4', '15', 'five ', 'Dois', '7,000'],
      ['', ' ', ',', ' million', 'm', 'Million ', ' milhões ', '-millones ', 'miljoen', ' MILLIONEN'],
      ['', ' dollars', ' US dollars', 'euros', ' de dólares', ' reais', ' eur', 'gbp', 'x'],
    ];
    const amounts = parts.reduce<string[]>((acc, xs) => acc.flatMap((a) => xs.map((x) => a + x)), ['']);
    let matched = 0;
    for (const t of amounts)
      if (MILLIONS.test(t)) {
        matched++;
        expect(MILLIONS_HINT.test(t), JSON.stringify(t)).toBe(true);
      }
    expect(matched).toBe(3938);
  });
});
