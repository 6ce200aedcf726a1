import { describe, expect, it } from 'vitest';
import { matchesOf, wordsUpTo } from '../../src/core/matches.js';

const spans = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => [m.index, m[0], m[1]]);

describe('matchesOf', () => {
  it('gives what matchAll gives, empty matches and surrogate pairs included', () => {
    const cases: [RegExp, string][] = [
      [/(?<![a-z])(?:verify|urgent(?:ly)?)(?![a-z])/g, 'verify now, urgently; unverify urgentx verify'],
      [/(\w+)@(\w+)/g, 'a@b c@d e@'],
      [/x*/g, 'axxb'],
      [/\p{L}*/gu, 'a😀b\u{1D400}c'],
      [/z/g, 'no match'],
    ];
    for (const [re, text] of cases)
      expect(spans(matchesOf(re, text)), String(re)).toEqual(spans(text.matchAll(re)));
  });

  it('leaves the expression ready for the next caller, even when the loop stops early', () => {
    const re = /\d/g;
    for (const m of matchesOf(re, 'a1b2c3')) if (m[0] === '1') break;
    expect(re.lastIndex).toBe(0);
    expect(spans(matchesOf(re, '45'))).toEqual([
      [0, '4', undefined],
      [1, '5', undefined],
    ]);
  });

  it('refuses an expression without the g flag, which would match forever', () => {
    expect(() => [...matchesOf(/a/, 'aaa')]).toThrow(/global/);
  });
});

describe('counting words up to a bound', () => {
  it('counts words of two letters or more in any script, and stops at the bound', () => {
    expect(wordsUpTo('Bitte überweisen Sie 1.725,50 EUR a b', 10)).toBe(4);
    expect(wordsUpTo('Привет мир, 你好', 10)).toBe(3);
    expect(wordsUpTo('one two three four', 2)).toBe(2);
    expect(wordsUpTo('', 5)).toBe(0);
  });
});
