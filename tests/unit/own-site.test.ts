import { describe, expect, it } from 'vitest';
import { fixture, ids, shippedEngine } from '../helpers/engine.js';

// A real-looking PayPal receipt as a local .eml file holds it: no Authentication-Results a
// mailbox trusts, every link on paypal.com. Its words are a PayPal lure's (the shipped model
// alone gives it 0.64), so without the own-site reading it scored 64, MEDIUM.
const RECEIPT = fixture('legit-paypal-receipt.eml').toString('utf8');

async function analyse(raw: string) {
  return (await shippedEngine().analyzeRaw(Buffer.from(raw, 'utf8'))).analysis;
}

function withHeader(raw: string, header: string): string {
  return `${header}\r\n${raw}`;
}

describe('a brand’s own mail that stays on its sites (sender.own_brand_site)', () => {
  it('is not flagged for its words alone, and says why', async () => {
    const a = await analyse(RECEIPT);
    expect(a.model.probability).toBeGreaterThan(0.5);
    expect(ids(a)).toContain('sender.own_brand_site');
    expect(a.is_phishing).toBe(false);
    expect(a.risk_score).toBeLessThan(40);
    expect(a.summary).toMatch(/paypal\.com, the domain of the brand it names/);
    expect(a.summary).toMatch(/Nothing here proves the sender/);
  });

  it('counts a brand whose name is a common word when the sender is that brand (Chase)', async () => {
    // Authenticated as chase.com by mx.example.org, which this engine does not trust: the pass
    // can lower nothing, so the mail is read for where it leads instead.
    const { analysis } = await shippedEngine().analyzeRaw(fixture('legit-bank-statement.eml'));
    expect(ids(analysis)).not.toContain('auth.verified_sender');
    expect(ids(analysis)).toContain('sender.own_brand_site');
    expect(analysis.summary).toMatch(/chase\.com, the domain of the brand it names/);
  });

  const LOSES_IT: [string, string][] = [
    [
      'a link off the brand’s sites',
      RECEIPT.replace('https://www.paypal.com/us/smarthelp/home', 'https://paypal-help.example.net/home'),
    ],
    [
      'a reply-to elsewhere',
      withHeader(RECEIPT, 'Reply-To: PayPal Billing <billing@refund-desk.example.com>'),
    ],
    [
      'a number to call',
      RECEIPT.replace(
        'Example Shop GmbH.</p>',
        'Example Shop GmbH.</p><p>Not you? Call +1 (808) 555-0199.</p>',
      ),
    ],
    [
      'failed authentication, even by a server the mailbox does not trust',
      withHeader(
        RECEIPT,
        'Authentication-Results: mx.example.org; spf=fail smtp.mailfrom=mailer.example.net; dmarc=fail header.from=paypal.com',
      ),
    ],
    [
      'no signature where the brand always signs (dkim=none, dmarc=none)',
      withHeader(
        RECEIPT,
        'Authentication-Results: mx.example.org; spf=none smtp.mailfrom=paypal.com; dkim=none; dmarc=none header.from=paypal.com',
      ),
    ],
    [
      'an open redirect on the brand’s host',
      RECEIPT.replace(
        'https://www.paypal.com/us/smarthelp/home',
        'https://www.paypal.com/redirect?target=https%3A%2F%2Fpaypal-login.example.net%2F',
      ),
    ],
    [
      'an invoice anyone can send through the brand',
      RECEIPT.replace(
        'https://www.paypal.com/activity/payment/5TY12345AB678901C',
        'https://www.paypal.com/invoice/p/#INV2-ABCD-EFGH',
      ),
    ],
    [
      'a document page on a platform’s user-content host',
      RECEIPT.replace('From: PayPal <service@paypal.com>', 'From: Google <drive-shares-noreply@google.com>')
        .replace('Copyright © 1999-2026 PayPal.', 'Google LLC.')
        .replaceAll('https://www.paypal.com/', 'https://docs.google.com/'),
    ],
    [
      'a sender domain that is not well known',
      RECEIPT.replace('service@paypal.com', 'service@paypal-receipts.example.com'),
    ],
    [
      'a brand’s domain whose brand the mail never names',
      RECEIPT.replace('From: PayPal <service@paypal.com>', 'From: Receipts <service@paypal.com>').replaceAll(
        'PayPal',
        'Your wallet',
      ),
    ],
  ];

  it.each(LOSES_IT)('is not read so with %s', async (_, raw) => {
    expect(raw).not.toBe(RECEIPT);
    const a = await analyse(raw);
    expect(ids(a)).not.toContain('sender.own_brand_site');
    expect(a.summary).not.toMatch(/domain of the brand it names/);
  });

  it('is not read so in pasted text, which leaves its links behind', () => {
    const a = shippedEngine().analyzeTest({
      subject: 'You sent a payment',
      sender: 'PayPal <service@paypal.com>',
      content: RECEIPT.slice(RECEIPT.indexOf('<html>')),
    });
    expect(ids(a)).not.toContain('sender.own_brand_site');
  });
});
