import { describe, expect, it } from 'vitest';
import { toTestResult } from '../../src/core/index.js';
import { ids } from '../helpers/engine.js';
import { fullLeaning, pastedLeaning } from '../helpers/leaning.js';

const SENDER = 'Acme <no-reply@acme-app.io>';
const pasted = (content: string, subject = 'Confirm your email address', sender = SENDER) =>
  pastedLeaning(subject, sender, content);
const full = (headers: string[], body: string) =>
  fullLeaning(SENDER, 'Your Acme sign-in code', headers, body);

const CONFIRM =
  'Use the code below to confirm your email address:\n\n482913\n\nThis code will expire in 15 minutes. If you did not create an Acme account, please ignore this email.';

describe('a one-time code notice (content.one_time_code)', () => {
  it('holds a pasted code notice the model reads as phishing at LOW, and says why', () => {
    const a = pasted(CONFIRM);
    expect(ids(a)).toContain('content.one_time_code');
    expect(a.risk_score).toBe(39);
    expect(a.is_phishing).toBe(false);
    expect(a.summary).toMatch(
      /^Low risk \(39\/100\): it gives a one-time code \(482913\) and asks for nothing else: no link/,
    );
    expect(toTestResult(a, new Date()).recommendations.join(' ')).toMatch(/never read it out or send it/);
  });

  it('reads the code in other languages and in a subject that leads with it', () => {
    const cases: [string, string][] = [
      ['Ihr Bestätigungscode', 'Ihr Bestätigungscode lautet 482913. Er ist 10 Minuten gültig.'],
      ['Votre code', 'Votre code de vérification : 482913. Il expire dans 10 minutes.'],
      ['Tu código', 'Tu código de verificación es 482913.'],
      ['認証コード', '認証コード: 482913'],
      ['482913 is your Acme login code', 'Enter it in the app to finish signing in.'],
    ];
    for (const [subject, content] of cases)
      expect(ids(pasted(content, subject)), subject).toContain('content.one_time_code');
  });

  it('is not read so when the text asks for more than typing the code', () => {
    const cases: [string, string][] = [
      [
        'a click (pasted text keeps the words, not the link)',
        `${CONFIRM}\nClick here to confirm your address.`,
      ],
      ['a link elsewhere', `${CONFIRM}\nhttps://acme-verify.example.net/confirm`],
      [
        'a phone number to read it out to',
        `Your code is 482913. Call us at +1 415 555 0100 and read it to our agent.`,
      ],
      ['a prize', `Congratulations, you won a $500 gift card! Your claim code is 482913.`],
      ['a long text', `Your code is 482913.\n${'Our newsletter has more. '.repeat(80)}`],
      ['a shop’s discount code', 'Your discount code: 5821. Show it at the till.'],
      ['an error code', 'The error code value returned is 02000001, whatever I try.'],
      ['no code, only digits elsewhere', 'Your order 4829130 shipped on 2026-11-20 and costs 1,250.00.'],
    ];
    for (const [what, content] of cases)
      expect(ids(pasted(content)), what).not.toContain('content.one_time_code');
    // Any other warning sign of medium severity: pressure, a brand the sender does not write from.
    expect(ids(pasted('Your code is 482913. Respond immediately, this is urgent.'))).not.toContain(
      'content.one_time_code',
    );
    const brand = pasted('Your PayPal verification code is 482913.', 'Code', 'PayPal <no-reply@acme-app.io>');
    expect(ids(brand)).toContain('sender.brand_display_name');
    expect(ids(brand)).not.toContain('content.one_time_code');
  });

  it('as full mail, takes links on the sender’s own site but not a Reply-To or a link elsewhere', async () => {
    const own = await full(
      [],
      'Your sign-in code is 482913.\nManage your security settings: https://acme-app.io/settings/security',
    );
    expect(ids(own)).toContain('content.one_time_code');
    expect(own.risk_score).toBeLessThanOrEqual(39);
    const elsewhere = await full(
      [],
      'Your sign-in code is 482913.\nConfirm it here: https://acme-app.verify-login.example.net/code',
    );
    expect(ids(elsewhere)).not.toContain('content.one_time_code');
    const replyTo = await full(
      ['Reply-To: help@other-mail.example'],
      'Your sign-in code is 482913. Reply with it to finish.',
    );
    expect(ids(replyTo)).not.toContain('content.one_time_code');
  });
});
