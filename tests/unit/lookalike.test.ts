import { describe, expect, it } from 'vitest';
import { findLookalike, imitatedHere } from '../../src/core/domains/lookalike.js';
import { pastedIds } from '../helpers/engine.js';
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

  it('counts one edit from a popular domain as an imitation only of a brand, or of a site the message names', () => {
    const shipped = loadPopularDomains();
    // firma.pl (Polish for "company") is one letter from figma.com, and says nothing of Figma.
    const firma = findLookalike('sso.firma.pl', shipped);
    expect(firma).toMatchObject({ kind: 'edit-distance', imitates: 'figma.com' });
    expect(imitatedHere(firma!, 'Zresetuj hasło: https://sso.firma.pl/realms/x')).toBe(false);
    expect(imitatedHere(firma!, 'Your Figma file was shared with you')).toBe(true);
    // Inside a longer word the name is not named ("figmatic").
    expect(imitatedHere(firma!, 'figmatic designs')).toBe(false);
    // A brand phishing imitates needs no naming; another kind of finding is an imitation by its making.
    const paypal = findLookalike('paypai.com', shipped);
    expect(imitatedHere(paypal!, 'Your account is limited.')).toBe(true);
    expect(imitatedHere({ kind: 'confusable', domain: 'x', imitates: 'y.com', detail: '' }, '')).toBe(true);
    // Through the engine: the sender's and the links' lookalike alike.
    const reset = (sender: string, content: string) => pastedIds('Zresetuj hasło', sender, content);
    const keycloak = reset(
      'Keycloak <no-reply@sso.firma.pl>',
      'Link: https://sso.firma.pl/realms/firma/reset',
    );
    expect(keycloak).not.toContain('sender.lookalike_domain');
    expect(keycloak).not.toContain('links.lookalike_domain');
    expect(reset('Figma <no-reply@sso.firma.pl>', 'Open Figma: https://sso.firma.pl/f')).toEqual(
      expect.arrayContaining(['sender.lookalike_domain', 'links.lookalike_domain']),
    );
  });
});
