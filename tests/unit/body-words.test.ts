import { describe, expect, it } from 'vitest';
import { bodyWords } from '../../src/core/model/body-words.js';
import { FeatureCollector, featureKey, KeySet, type FeatureSink } from '../../src/core/model/feature-keys.js';
import { foldedWord, wordTokens } from '../../src/core/model/words.js';
import { randomTexts } from '../helpers/random-text.js';

/** Words that are never features in these tests (features.ts passes the real list). */
const NOT = ['the', 'and', 'emailaddr'];
const NOT_KEYS = new KeySet(NOT.map((w) => featureKey('b:', w)));

/** The features as they were made before body-words.ts: tokens as strings, filtered, then paired. */
function reference(text: string, max: number): string[] {
  const words = wordTokens(text)
    .filter((w) => !NOT.includes(w) && !/^0(?:['’-]+0)*$/.test(w))
    .slice(0, max);
  const out: string[] = [];
  words.forEach((w, i) => {
    out.push(`b:${w}`);
    if (i > 0) out.push(`bb:${words[i - 1]}_${w}`);
  });
  return out;
}

/** What a collector holds after bodyWords: each feature's text, checked against its key. */
function collected(text: string, max: number): string[] {
  const c = new FeatureCollector();
  bodyWords(text, max, NOT_KEYS, c);
  const out: string[] = [];
  for (let i = 0; i < c.count; i++) {
    const [a, b] = c.words(i).split(' ');
    expect(c.keys[i]).toBe(featureKey(c.prefix(i), a as string, b));
    out.push(c.text(i));
  }
  return out;
}

/** What a sink without addSpan receives: the same features, as strings. */
function viaAdd(text: string, max: number): string[] {
  const out: string[] = [];
  const sink: FeatureSink = { add: (p, a, b) => out.push(`${p}${a}${b === undefined ? '' : `_${b}`}`) };
  bodyWords(text, max, NOT_KEYS, sink);
  return out;
}

const dedupe = (xs: string[]) => [...new Set(xs)];

const CASES = [
  'Verify the account and the password now',
  "don't re-enter l’adresse --x-- ''' it's ’quoted’",
  'order 12345 on 2024-01-05, total €99.90 a1b22c333 ٣٤ x²y ½ 12-34 -5-5',
  '\u{1D7CE}\u{1D7CF} \u{1D400}pple 😀 emoji😀inside lone\ud800surrogate \udc00x',
  `${'a'.repeat(30)} ${'b'.repeat(31)} -${'c'.repeat(29)}- -${'d'.repeat(30)}- ${'e'.repeat(29)}--`,
  `x${'9'.repeat(40)}y ${'f'.repeat(28)}1-2 ${'g'.repeat(28)}-1`,
  'emailaddr sent emailaddr to Konto Ваш аккаунт 账户 the end Ｆｕｌｌ ﬁle',
  '',
  ' \n\t.,;',
];

describe('body words read as keys (body-words.ts)', () => {
  it('makes exactly the features, keys and order of the string tokenizer', () => {
    for (const text of CASES) {
      const expected = dedupe(reference(text, 3000));
      expect(collected(text, 3000)).toEqual(expected);
      expect(dedupe(viaAdd(text, 3000))).toEqual(expected);
    }
    // Spot checks of what the reference itself says, so the comparison is not of two wrong readers.
    expect(collected('verify the account and the password', 3000)).toEqual([
      'b:verify',
      'b:account',
      'bb:verify_account',
      'b:password',
      'bb:account_password',
    ]);
    expect(collected(`${'e'.repeat(29)}-- x${'9'.repeat(40)}y 12-34`, 3000)).toEqual(['b:x0y']);
  });

  it('stops after the first maxWords words that are features', () => {
    expect(collected('one the two and three four', 3)).toEqual([
      'b:one',
      'b:two',
      'bb:one_two',
      'b:three',
      'bb:two_three',
    ]);
  });

  it('agrees with the string tokenizer on random text of awkward characters', () => {
    const alphabet = [
      'a',
      'B',
      'é',
      'ß',
      'ж',
      '账',
      '1',
      '٣',
      '²',
      "'",
      '-',
      '’',
      ' ',
      '\n',
      '.',
      '@',
      '\u{1D400}',
      '\u{1D7CE}',
      '😀',
      'Ａ',
      'ﬁ',
      '\uFEFF',
      '\ud800',
      '\udc00',
      'the',
      'and',
    ];
    randomTexts(alphabet, 2000, 60, 12345).forEach((text, n) => {
      // Each text with its own limit of words, 1 to 12.
      const max = 1 + (n % 12);
      expect(collected(text, max), JSON.stringify(text)).toEqual(dedupe(reference(text, max)));
    });
  });

  it('spells a word from its span as the tokenizer does', () => {
    expect(foldedWord('a1b22c333')).toBe('a0b0c0');
    expect(foldedWord('\u{1D7CE}\u{1D7CF}x\u{1D400}')).toBe('0x\u{1D400}');
    expect(foldedWord('l’adresse-12')).toBe('l’adresse-0');
  });
});

describe('quoting a feature as the message writes it (FeatureCollector.quote)', () => {
  /** Each feature's quote, by its text (lower case, as the model reads a message). */
  function quotes(text: string): Map<string, string> {
    const c = new FeatureCollector();
    bodyWords(text, 3000, NOT_KEYS, c);
    const out = new Map<string, string>();
    for (let i = 0; i < c.count; i++) out.set(c.text(i), c.quote(i));
    return out;
  }

  it('quotes a pair with the function words the model skipped between its words', () => {
    const q = quotes('click the link, then verify   the  account and the password');
    expect(q.get('bb:click_link')).toBe('click the link');
    // Runs of spaces and tabs are one space; up to three skipped words are quoted.
    expect(q.get('bb:verify_account')).toBe('verify the account');
    expect(quotes('verify the and the account').get('bb:verify_account')).toBe('verify the and the account');
  });

  it('marks with "…" a pair that is no phrase of the message: across punctuation, a line or many words', () => {
    const q = quotes('please verify.\naccount locked, the password');
    expect(q.get('bb:verify_account')).toBe('verify … account');
    expect(q.get('bb:locked_password')).toBe('locked … password');
    expect(quotes('verify the and the and account').get('bb:verify_account')).toBe('verify … account');
    // A stand-in for an address is not the message's words.
    expect(quotes('send emailaddr password').get('bb:send_password')).toBe('send … password');
  });

  it('quotes a word as written, numbers included, where the key folds them', () => {
    const q = quotes('win64 password');
    expect(q.get('b:win0')).toBe('win64');
    expect(q.get('bb:win0_password')).toBe('win64 password');
    const c = new FeatureCollector();
    c.add('s:', 'verify');
    c.add('bb:', 'verify', 'account');
    expect([c.quote(0), c.quote(1)]).toEqual(['verify', 'verify account']);
  });
});

describe('KeySet', () => {
  it('holds exactly the keys it was given', () => {
    const keys = ['verify', 'account', 'password'].map((w) => featureKey('b:', w));
    const set = new KeySet(keys);
    for (const k of keys) expect(set.has(k)).toBe(true);
    expect(set.has(featureKey('b:', 'hello'))).toBe(false);
    expect(new KeySet([]).has(keys[0] as number)).toBe(false);
  });
});
