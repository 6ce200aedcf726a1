import { describe, expect, it } from 'vitest';
import { findLookalike } from '../../src/core/domains/lookalike.js';
import { PopularDomains } from '../../src/core/domains/popular.js';
import { loadPopularDomains } from '../../src/adapters/data/load.js';

describe('findLookalike', () => {
  it('answers for the popular-domain list it is given, the same when asked again', () => {
    const small = new PopularDomains(['example.com', 'lindenbank.com']);
    const other = new PopularDomains(['example.com', 'harbourpost.co.uk']);
    const first = findLookalike('www.1indenbank.com', small);
    expect(first).toMatchObject({ domain: '1indenbank.com', imitates: 'lindenbank.com' });
    // Asked again (the memo): the same finding, which no caller can change for the next one.
    expect(findLookalike('www.1indenbank.com', small)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Another list is another question: lindenbank.com is not on it.
    expect(findLookalike('www.1indenbank.com', other)).toBeNull();
    expect(findLookalike('harb0urpost.co.uk', other)).toMatchObject({ imitates: 'harbourpost.co.uk' });
    expect(findLookalike('harb0urpost.co.uk', small)).toBeNull();
  });

  it('reads a domain among the top 100,000 as an original, not an imitation of a more popular one', () => {
    const shipped = loadPopularDomains();
    // WinRed, the fundraising platform (about rank 31,000), is one edit from wired.com (rank 370).
    expect(shipped.rank('winred.com')).toBeGreaterThan(20_000);
    expect(shipped.isPopular('winred.com', 100_000)).toBe(true);
    expect(findLookalike('secure.winred.com', shipped)).toBeNull();
    // A domain that is not on the list at all, one edit from the same site, still is one.
    expect(findLookalike('wirred.com', shipped)).toMatchObject({ imitates: 'wired.com' });
  });
});
