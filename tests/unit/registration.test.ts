import { describe, expect, it } from 'vitest';
import { ids, pastedIds, shippedEngine } from '../helpers/engine.js';

// Written after the campaign in the corpus's later phishing (the names and sites here are made up).
const wordpress = (name: string) =>
  [
    `Username: ${name}`,
    '',
    'To set your password, visit the following address:',
    '',
    `https://shop.example.org/wp-login.php?login=${encodeURIComponent(name)}&key=ekKVUoIVDFurQxRkh2mw&action=rp`,
    '',
    'https://shop.example.org/wp-login.php',
  ].join('\n');

describe('a sign-up notice whose account name carries a lure', () => {
  it('flags a user name that is a web address with a message, from the line or the reset link', () => {
    for (const name of [
      'www.khutjs.blogspot.pe - 97781 USD KRAKEN',
      'acicfhz.transfer705.pages.dev - WITHDRAW FUNDS 120097 USDT',
      'www.utfjqz.blogspot.fr - TRADE TO EARN',
    ])
      expect(
        pastedIds('[Example Shop] Login Details', 'wordpress@shop.example.org', wordpress(name)),
        name,
      ).toContain('content.account_name_lure');

    // Another language: only the link's login= parameter is read.
    const french = [
      'Identifiant : www.bgsehj.blogspot.kr - 148641 USD BINANCE',
      'Pour définir votre mot de passe, rendez-vous à l’adresse suivante :',
      'https://www.example.fr/wp-login.php?login=www.bgsehj.blogspot.kr%20-%20148641%20USD%20BINANCE&key=tXrB&action=rp',
    ].join('\n');
    const a = shippedEngine().analyzeTest({
      subject: '[Heinen] Détails de connexion',
      sender: 'noreply@example.fr',
      content: french,
    });
    expect(ids(a)).toContain('content.account_name_lure');
    expect(a.indicators.find((i) => i.id === 'content.account_name_lure')?.explanation).toContain(
      'www.bgsehj.blogspot.kr - 148641 USD BINANCE',
    );
    expect(a.risk_score).toBeGreaterThanOrEqual(50);
  });

  it('leaves ordinary user names, addresses and sign-in links alone', () => {
    for (const name of [
      'jsmith',
      'john.smith',
      'jane@example.com',
      'example.com',
      'Jane Smith (jane@example.com)',
    ])
      expect(
        pastedIds('[Example Shop] Login Details', 'wordpress@shop.example.org', wordpress(name)),
        name,
      ).not.toContain('content.account_name_lure');
    expect(
      pastedIds(
        'Your new account',
        'Example <hello@example.com>',
        'Username: jsmith\nLogin: https://app.example.com/login\nSign in at app.example.com to get started.',
      ),
    ).not.toContain('content.account_name_lure');
  });

  it('reads the name a shop’s new-account notice greets, in the site’s language (rules 2.36.0)', () => {
    // WooCommerce's "customer new account" notice greets the account by its name.
    const greeted = (greeting: string) =>
      pastedIds(
        'Ваш обліковий запис на Example Shop створено!',
        'Example Shop <wordpress@shop.example.org>',
        `Вітаємо на Example Shop\n${greeting}\nДякуємо, що створили обліковий запис на Example Shop.\nhttps://shop.example.org/my-account/`,
      );
    for (const greeting of [
      'Привіт www.erutfq.blogspot.am - 27 513 USD DOGECOIN,',
      'Hi acicfhz.transfer705.pages.dev - WITHDRAW FUNDS 120097 USDT,',
    ])
      expect(greeted(greeting), greeting).toContain('content.account_name_lure');
    // A greeting by the site's name, or a name with no sum, is a customer's, not a lure.
    for (const greeting of [
      'Dear Booking.com guest,',
      'Hi jsmith,',
      'Hello example.com team!',
      'Hi Marcus, see www.example.org 2.0',
    ])
      expect(greeted(greeting), greeting).not.toContain('content.account_name_lure');
  });
});
