import { describe, expect, it } from 'vitest';
import { wordTokens } from '../../src/core/model/words.js';

describe('the model’s word tokenizer', () => {
  it('splits on everything but letters, numbers and joiners, in any script', () => {
    expect(wordTokens('Verify your Konto, bitte! Ваш аккаунт 账户')).toEqual([
      'Verify',
      'your',
      'Konto',
      'bitte',
      'Ваш',
      'аккаунт',
      '账户',
    ]);
    expect(wordTokens('')).toEqual([]);
    expect(wordTokens(' \n\t.,;')).toEqual([]);
  });

  it('folds each run of numbers, of any script, into one 0', () => {
    expect(wordTokens('order 12345 on 2024-01-05, total €99.90')).toEqual([
      'order',
      '0',
      'on',
      '0-0-0',
      'total',
      '0',
      '0',
    ]);
    expect(wordTokens('a1b22c333 ٣٤ x²y ½')).toEqual(['a0b0c0', '0', 'x0y', '0']);
    // Mathematical digits and letters lie beyond the BMP: a digit folds, a letter stays.
    expect(wordTokens('\u{1D7CE}\u{1D7CF} \u{1D400}pple')).toEqual(['0', '\u{1D400}pple']);
    // Letters past the surrogates (full-width forms, ligatures) are one code unit each.
    expect(wordTokens('Ｆｕｌｌ ﬁle \uFEFFx')).toEqual(['Ｆｕｌｌ', 'ﬁle', 'x']);
  });

  it('keeps joiners inside a word and trims them at its ends', () => {
    expect(wordTokens("don't re-enter l’adresse --x-- '''")).toEqual(["don't", 're-enter', 'l’adresse', 'x']);
  });

  it('drops words longer than 30 characters once leading joiners go (trailing ones still count)', () => {
    const text = `${'a'.repeat(30)} ${'b'.repeat(31)} -${'c'.repeat(29)}- -${'d'.repeat(30)}-`;
    expect(wordTokens(text)).toEqual(['a'.repeat(30), 'c'.repeat(29)]);
  });

  it('treats a lone surrogate and a combining mark as separators', () => {
    expect(wordTokens('ab\uD800cd e\u0301f')).toEqual(['ab', 'cd', 'e', 'f']);
  });

  it('reads code points beyond the BMP right past the bound of its cache (thousands of distinct ones)', () => {
    const ideographs = Array.from({ length: 5000 }, (_, i) => String.fromCodePoint(0x20000 + i));
    const words = wordTokens(ideographs.join(' '));
    expect(words).toHaveLength(5000);
    expect(words[4999]).toBe(String.fromCodePoint(0x20000 + 4999));
    expect(wordTokens(`a${String.fromCodePoint(0x1d7d7)}b`)).toEqual(['a0b']);
  });
});
