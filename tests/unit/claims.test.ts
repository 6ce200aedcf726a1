import { describe, expect, it } from 'vitest';
import { BRANDS, brandOwns, sameOrganisation } from '../../src/core/domains/brands.js';
import { copyrightHolders, subjectSpeakers } from '../../src/core/email/signals/claims.js';
import { ids, rulesEngine } from '../helpers/engine.js';

const of = (subject: string, sender: string) =>
  rulesEngine().analyzeTest({ subject, sender, content: 'Please review the details below.' });

describe('who a message claims to speak for', () => {
  it('flags a subject that speaks as a brand the sender’s domain does not use', () => {
    for (const subject of [
      'Coinbase: Was this you?',
      'CORREIOS - Comunicamos que seu pedido sera retornado',
      'MERCADO PAGO - Alerta de seguranca',
      '[PayPal] Your account has been limited',
      '[BILLING ATTACHED] Your Norton Invoice – Order Confirmation',
      'Ihr McAfee-Schutz ist abgelaufen – Handeln Sie jetzt',
      'PayPal Message ID 43930 - PayPal Security Service Notification !',
      'Your Wells Fargo card has been locked',
      '❌Ihr Computer ist mit 98 Viren infiziert! Ihr „McAfee“-Abonnement ist abgelaufen',
      '"PayPal": your account is limited',
    ]) {
      const a = of(subject, 'Service <noreply@activepipe.example>');
      const claim = a.indicators.find((i) => i.id === 'sender.brand_subject');
      expect(claim, subject).toBeDefined();
      expect(claim?.explanation).toContain('activepipe.example');
    }
  });

  it('weighs the claim more when its link leads to a site neither the brand nor the sender owns', () => {
    const withLink = (content: string) =>
      rulesEngine()
        .analyzeTest({
          subject: 'MERCADO PAGO - Alerta de seguranca',
          sender: 'Mercado Pago <grupoglo@wo47.example.host>',
          content,
        })
        .indicators.find((i) => i.id === 'sender.brand_subject');
    const away = withLink(
      'Houve um acesso de um novo dispositivo. Verifique: https://acesso.mp-seguranca.top/conta',
    );
    expect(away?.weight).toBe(0.45);
    expect(away?.explanation).toContain('mp-seguranca.top');
    // A number to call is the call-back scams' way away from the brand.
    const call = rulesEngine()
      .analyzeTest({
        subject: 'Your Norton Order Confirmation For Order #NP00X08463232',
        sender: 'Billing <billing@orders.example.host>',
        content:
          'Your subscription renews today for $399.99. To cancel, call +1 (808) 555-0143 within 24 hours.',
      })
      .indicators.find((i) => i.id === 'sender.brand_subject');
    expect(call?.weight).toBe(0.45);
    expect(call?.explanation).toContain('phone number');
    // A link to the brand's own site, or no link at all, leaves the claim as it was.
    for (const content of ['Houve um acesso: https://www.mercadopago.com.br/seguranca', 'Houve um acesso.'])
      expect(withLink(content)?.weight, content).toBe(0.3);
  });

  it('flags a brand’s bill with a number to call from a free mail address: the call-back scam', () => {
    const bill =
      'McAfee Total Protection\nYour subscription was renewed automatically for $349.99 USD.\n' +
      'If you did not authorize this charge, call our billing desk at +1 (856) 379-7940 within 24 hours.';
    const lure = (sender: string, content: string) =>
      rulesEngine()
        .analyzeTest({ subject: 'Order confirmation #KH9OMC4Q2OJPV', sender, content })
        .indicators.find((i) => i.id === 'content.callback_lure');
    const found = lure('Billing Desk <mcafee.renewals.desk@outlook.com>', bill);
    expect(found?.explanation).toContain('Its text reads as a McAfee bill');
    expect(found?.weight).toBe(0.5);
    // The brand's own mail, a business's own domain, a bill without a number or an amount.
    expect(lure('McAfee <billing@mcafee.com>', bill)).toBeUndefined();
    expect(lure('Billing <billing@pc-repair.example>', bill)).toBeUndefined();
    expect(
      lure('Desk <desk@outlook.com>', bill.replace('+1 (856) 379-7940', 'the number on our site')),
    ).toBeUndefined();
    expect(lure('Desk <desk@outlook.com>', bill.replace('$349.99 USD', 'the yearly price'))).toBeUndefined();
    // A brand named far down, as a way to pay or to ship, is not whom the bill speaks for.
    const orderForm = `${'Order our directory of business addresses today. '.repeat(14)}\nWe take Mastercard. Invoice total $79. Call +1 (212) 555-0188.`;
    expect(lure('Sales <sales.desk@hotmail.com>', orderForm)).toBeUndefined();
  });

  it('leaves the brand’s own mail, headlines, replies and forwards alone', () => {
    for (const [subject, sender] of [
      ['Coinbase: Was this you?', 'Coinbase <no-reply@coinbase.com>'],
      ['PayPal: Was this you?', 'PayPal <service@paypal.de>'], // the brand's national site
      ['PayPal: Was this you?', 'PayPal <service@mail.paypal.co.uk>'],
    ] as const)
      expect(ids(of(subject, sender)), sender).not.toContain('sender.brand_subject');

    // A brand's name under a generic suffix anyone can buy is not its national site.
    for (const sender of ['PayPal <service@paypal.top>', 'PayPal <service@paypal.co>'])
      expect(ids(of('PayPal: Was this you?', sender)), sender).toContain('sender.brand_subject');
    for (const subject of [
      'Microsoft Buys XDegrees - Secure Access Company', // a headline: the brand is not the speaker
      'Stock Quote Notification for Netflix, Inc.',
      'Re: PayPal: your receipt',
      'Fwd: Coinbase: Was this you?',
      'Apple: the week in review', // common-word brands are never read from a subject
      'Your weekly Microsoft news', // a newsletter about a brand, not one speaking as it
      'catalogs.google.com - in time for xmas?',
    ])
      expect(subjectSpeakers(subject), subject).toEqual([]);
  });

  it('can compare a lead-in with brand keys letter for letter (they are lower-case letters and digits)', () => {
    for (const brand of Object.keys(BRANDS)) expect(brand).toMatch(/^[a-z0-9]+$/);
  });

  it('counts a brand’s national sites as its own, in the sender’s name as in the subject', () => {
    for (const domain of ['paypal.de', 'mail.paypal.co.uk', 'amazon.com.br', 'service.ebay.fr'])
      expect(
        brandOwns(domain.includes('paypal') ? 'paypal' : domain.includes('ebay') ? 'ebay' : 'amazon', domain),
        domain,
      ).toBe(true);
    expect(sameOrganisation('paypal.de', 'paypal.com')).toBe(true);
    for (const domain of [
      'paypal.top',
      'paypal.co',
      'paypal.io',
      'paypal-secure.de',
      'paypal.de.example.com',
      'paypal.sa.com',
    ])
      expect(brandOwns('paypal', domain), domain).toBe(false);
    expect(sameOrganisation('paypal.co', 'paypal.com')).toBe(false);

    const name = (sender: string) => ids(of('Your receipt', sender));
    expect(name('PayPal <service@paypal.de>')).not.toContain('sender.brand_display_name');
    expect(name('PayPal <service@mail.paypal.co.uk>')).not.toContain('sender.brand_display_name');
    expect(name('PayPal <service@paypal.top>')).toContain('sender.brand_display_name');
  });

  it('flags another site’s domain written as the local part of the From address', () => {
    const a = of('Your New Social Security Statement is now available', 'ssa.gov@mg.vitumob.example');
    const claim = a.indicators.find((i) => i.id === 'sender.domain_in_local_part');
    expect(claim?.explanation).toContain('ssa.gov');
    for (const sender of [
      'john.smith@example.com', // a person's name, not a domain
      'ssa.gov@ssa.gov', // the site itself
      'news@mg.vitumob.example',
    ])
      expect(ids(of('Statement', sender)), sender).not.toContain('sender.domain_in_local_part');
  });

  it('reads the holder of a copyright line as who the mail says wrote it', () => {
    expect(copyrightHolders('Claim it now.\n© 2025 UnitedHealthcare Services, Inc.')).toEqual([
      'unitedhealthcare',
    ]);
    expect(copyrightHolders('© 2025 FedEx. Alle rechten voorbehouden.')).toEqual(['fedex']);
    expect(copyrightHolders('Copyright © 2024 PayPal, LLC, Inc. All rights reserved.')).toEqual(['paypal']);
    expect(copyrightHolders('© Trust Wallet 2025')).toEqual(['trustwallet']);
    expect(copyrightHolders('(c) 2023-2025 McAfee™ - Alle Rechte vorbehalten')).toEqual(['mcafee']);
    // A copyright line's holder is an organisation: a brand that is also a word counts there.
    expect(copyrightHolders('© 2025 Ledger SAS')).toEqual(['ledger']);
    expect(copyrightHolders('© 2025 Santander S.A.')).toEqual(['santander']);
    // Read in any case, as the expression reads it, and after a word character as it would not be.
    expect(copyrightHolders('CopyRight 2024 PayPal, Inc.')).toEqual(['paypal']);
    expect(copyrightHolders('nocopyright 2024 PayPal, Inc.')).toEqual([]);
    for (const text of [
      'Copyright 2007 Worcester Telegram & Gazette', // a newspaper, not the messenger
      'Does the copyright of that dataset belong to ebay?', // no copyright line
      '© 2025 Acme Widgets Ltd',
    ])
      expect(copyrightHolders(text), text).toEqual([]);
  });

  it('flags a copyright line of a brand the sender does not use, over links that leave both', () => {
    const mail = (sender: string, link: string) =>
      rulesEngine().analyzeTest({
        subject: 'Your Loyalty Deserves a Reward',
        sender,
        content: `A member reward has been set aside for you.\nClaim it: ${link}\n© 2025 UnitedHealthcare Services, Inc.`,
      });
    const a = mail('UHC Rewards <united@loyaltyprogram.example>', 'http://trackinho.example/r/4OwXW');
    const claim = a.indicators.find((i) => i.id === 'sender.brand_copyright');
    expect(claim?.explanation).toContain('UnitedHealthcare');
    expect(claim?.explanation).toContain('trackinho.example');
    expect(a.is_phishing).toBe(true);
    for (const [sender, link] of [
      ['UnitedHealthcare <news@uhc.com>', 'http://trackinho.example/r/4OwXW'], // the brand's own address
      ['UHC Rewards <united@loyaltyprogram.example>', 'https://www.uhc.com/rewards'], // the brand's own site
      ['UHC Rewards <united@loyaltyprogram.example>', 'https://loyaltyprogram.example/rewards'], // the sender's own site
    ] as const)
      expect(ids(mail(sender, link)), `${sender} ${link}`).not.toContain('sender.brand_copyright');
  });
});
