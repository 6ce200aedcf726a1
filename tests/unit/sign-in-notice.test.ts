import { describe, expect, it } from 'vitest';
import { toTestResult } from '../../src/core/index.js';
import { ids } from '../helpers/engine.js';
import { fullLeaning, pastedLeaning } from '../helpers/leaning.js';

const SENDER = 'Hallberg Logistik <noreply@hallberg-logistik.de>';
const pasted = (content: string, subject = 'New sign-in to your account', sender = SENDER) =>
  pastedLeaning(subject, sender, content);
const full = (headers: string[], body: string) =>
  fullLeaning(SENDER, 'New sign-in to your account', headers, body);

const ALERT =
  'We noticed a new sign-in to your Hallberg Logistik account from Firefox on Windows near Berlin, Germany, on 20 November 2026 at 09:14. If this was you, there is nothing else to do. If it was not you, change your password now and review your devices.\n\nReview your devices\n\nHallberg Logistik';

describe('a notice of a new sign-in (content.sign_in_notice)', () => {
  it('holds a pasted sign-in notice the model reads as phishing at LOW, and says why and what to do', () => {
    const a = pasted(ALERT);
    expect(ids(a)).toContain('content.sign_in_notice');
    expect(a.risk_score).toBe(39);
    expect(a.is_phishing).toBe(false);
    expect(a.summary).toMatch(/^Low risk \(39\/100\): it reports a new sign-in to your account/);
    expect(a.summary).toContain('open the site yourself, not from this mail');
    expect(toTestResult(a, new Date()).recommendations.join(' ')).toMatch(
      /If the sign-in was not yours, open the site or its app yourself/,
    );
  });

  it('reads the notice in the other languages the rules read', () => {
    const cases: [string, string][] = [
      [
        'Neue Anmeldung bei Ihrem Konto',
        'Wir haben eine neue Anmeldung bei Ihrem Konto festgestellt. Wenn Sie das waren, müssen Sie nichts tun. Wenn nicht, ändern Sie Ihr Passwort.',
      ],
      [
        'Nouvelle connexion',
        'Nous avons remarqué une nouvelle connexion à votre compte. Si c’était vous, vous n’avez rien à faire. Sinon, changez votre mot de passe.',
      ],
      [
        'Nuevo inicio de sesión',
        'Hemos detectado un nuevo inicio de sesión en tu cuenta. Si fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña.',
      ],
      [
        'Novo acesso à sua conta',
        'Notamos um novo acesso à sua conta. Se foi você, não é preciso fazer nada. Se não foi você, altere sua senha.',
      ],
      [
        'Nieuwe aanmelding',
        'We hebben een nieuwe aanmelding bij je account gezien. Was jij dit, dan hoef je niets te doen. Zo niet, wijzig je wachtwoord.',
      ],
      [
        'Nuovo accesso',
        'Abbiamo rilevato un nuovo accesso al tuo account. Se sei stato tu, non devi fare nulla. Altrimenti, cambia la password.',
      ],
    ];
    for (const [subject, content] of cases)
      expect(ids(pasted(content, subject)), subject).toContain('content.sign_in_notice');
  });

  it('is not read so without both the event and the "if it was you" branch, or when it asks for more', () => {
    const cases: [string, string][] = [
      // The imitation the corpus holds writes only the other branch.
      [
        'only "if this wasn’t you"',
        'We detected something unusual about a recent sign-in to your account. A user just logged into your account from a new device. If this wasn’t you, please report the user.',
      ],
      ['no event', 'If this was you, there is nothing else to do. If it was not you, change your password.'],
      ['a click (pasted text keeps the words, not the link)', `${ALERT}\nClick here to secure your account.`],
      ['a link elsewhere', `${ALERT}\nhttps://hallberg-logistik.account-check.example.net/devices`],
      [
        'a credential request',
        `${ALERT}\nIf it was not you, verify your account details to keep your access.`,
      ],
      ['a phone number to call', `${ALERT}\nIf it was not you, call our security team at +1 415 555 0100.`],
      [
        'pressure',
        `${ALERT}\nYour account will be suspended within 24 hours unless you respond immediately.`,
      ],
      ['a long text', `${ALERT}\n${'Our newsletter has more news for you. '.repeat(80)}`],
      // A bill (its words and an amount, "EUR" as written): a call-back scam's make-up.
      ['a bill', `${ALERT}\nYour subscription renewal of 49.00 EUR was charged to your card.`],
    ];
    for (const [what, content] of cases)
      expect(ids(pasted(content, 'Account notice')), what).not.toContain('content.sign_in_notice');
    // The same with the event in the subject only: still no branch.
    expect(ids(pasted('A user just logged into your account. If this wasn’t you, report it.'))).not.toContain(
      'content.sign_in_notice',
    );
    // A brand the sender does not write from.
    const brand = pasted(ALERT, 'New sign-in', 'Microsoft account team <noreply@hallberg-logistik.de>');
    expect(ids(brand)).toContain('sender.brand_display_name');
    expect(ids(brand)).not.toContain('content.sign_in_notice');
  });

  it('as full mail, takes links on the sender’s own site but not a link elsewhere or a Reply-To', async () => {
    const own = await full([], `${ALERT}\nhttps://account.hallberg-logistik.de/security/devices`);
    expect(ids(own)).toContain('content.sign_in_notice');
    expect(own.risk_score).toBeLessThanOrEqual(39);
    const elsewhere = await full([], `${ALERT}\nhttps://hallberg-devices.example.net/security`);
    expect(ids(elsewhere)).not.toContain('content.sign_in_notice');
    const replyTo = await full(['Reply-To: security@other-mail.example'], ALERT);
    expect(ids(replyTo)).not.toContain('content.sign_in_notice');
    // Failed authentication: the From line is not the sender's.
    const forged = await full(
      [
        'Authentication-Results: mx.example.org; spf=fail smtp.mailfrom=hallberg-logistik.de; dkim=none; dmarc=fail header.from=hallberg-logistik.de',
      ],
      ALERT,
    );
    expect(ids(forged).filter((id) => id.startsWith('auth.'))).not.toEqual([]);
    expect(ids(forged)).not.toContain('content.sign_in_notice');
  });
});
