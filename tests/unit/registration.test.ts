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
});
