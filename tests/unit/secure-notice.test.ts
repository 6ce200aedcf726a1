import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toTestResult } from '../../src/core/index.js';
import { FIXTURES, ids, shippedEngine } from '../helpers/engine.js';

const notice = (name: string) => readFileSync(join(FIXTURES, 'secure-notice', name), 'latin1');
const analyse = async (raw: string) =>
  (await shippedEngine().analyzeRaw(Buffer.from(raw, 'latin1'))).analysis;
const NOTICES = [
  'legit-microsoft-365.eml',
  'legit-virtru.eml',
  'legit-zix.eml',
  'legit-gmail-confidential.eml',
];
const MICROSOFT = notice('legit-microsoft-365.eml');
const PORTAL_LINK = /https:\/\/outlook\.office365\.com\/Encryption\/retrieve\.ashx\?[^"<>\s]*/g;

describe('a secure-message service’s notice (content.secure_message_notice)', () => {
  it.each(NOTICES)(
    'does not flag %s, an authenticated sender’s encrypted mail, for its words',
    async (name) => {
      const a = await analyse(notice(name));
      expect(ids(a)).toContain('content.secure_message_notice');
      expect(a.risk_score).toBeLessThanOrEqual(39);
      expect(a.is_phishing).toBe(false);
      expect(a.summary).toMatch(/notice of an encrypted message waiting behind .+: if you did not expect/);
    },
  );

  it('reads Proton Mail’s password-protected mail by its link, old domain or new', async () => {
    for (const host of ['mail.proton.me', 'mail.protonmail.com']) {
      const raw = [
        'Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=proton.me;',
        ' dkim=pass header.d=proton.me; dmarc=pass header.from=proton.me',
        'From: Jonas Berg <jonas.berg@proton.me>',
        'To: alex@example.org',
        'Subject: Contract draft',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Jonas Berg has sent you a password-protected message.',
        `Open it here: https://${host}/eo/9fK2pQ7xNv4mB8`,
        'The password was shared with you separately. About Proton Mail: https://proton.me/mail',
      ].join('\r\n');
      const a = await analyse(raw);
      expect(ids(a), host).toContain('content.secure_message_notice');
      expect(a.summary, host).toContain(`Proton Mail (${host})`);
    }
  });

  it('names the service, its portal and the sender to check with', async () => {
    const a = await analyse(MICROSOFT);
    const held = a.indicators.find((i) => i.id === 'content.secure_message_notice');
    expect(held?.explanation).toContain('Microsoft 365 Message Encryption (outlook.office365.com)');
    expect(held?.explanation).toContain('protected mail from rokafor@harbor-law.example');
    expect(held?.evidence).toEqual([
      'the message waits on outlook.office365.com',
      '4 links, all on Microsoft 365 Message Encryption or harbor-law.example',
    ]);
    // What was not checked is said in the advice too.
    expect(toTestResult(a, new Date(0)).recommendations.join(' ')).toContain(
      'The encrypted message itself was not checked.',
    );
  });

  it('is not read so when a link leads anywhere but the service or the sender', async () => {
    const lures: [string, string][] = [
      // The notice copied, its button on the phisher's host.
      [
        'a copy leading elsewhere',
        MICROSOFT.replace(PORTAL_LINK, 'https://epicent.site/ome/retrieve.php?u=alex'),
      ],
      // The real portal link, and one more to a stranger's host.
      [
        'one link more',
        MICROSOFT.replace(
          'https://privacy.microsoft.com/privacystatement',
          'https://login-verify.example.net/',
        ),
      ],
      // Microsoft's host, but not its encryption portal.
      [
        'another path on the portal host',
        MICROSOFT.replace(PORTAL_LINK, 'https://outlook.office365.com/owa/'),
      ],
      // The portal's link made an open redirect.
      [
        'a redirect through the portal',
        MICROSOFT.replace(
          PORTAL_LINK,
          'https://outlook.office365.com/Encryption/r.ashx?u=https://evil.example/',
        ),
      ],
      // A page anyone can publish on the service's own domain.
      [
        'a user-content host of the service',
        notice('legit-gmail-confidential.eml').replace(
          'https://support.google.com/mail/answer/7674059',
          'https://docs.google.com/forms/d/e/1FAIpQL/viewform',
        ),
      ],
    ];
    for (const [what, raw] of lures) {
      expect(raw, what).not.toBe(MICROSOFT);
      expect(ids(await analyse(raw)), what).not.toContain('content.secure_message_notice');
    }
  });

  it('is not read so for failed authentication, a file, a bill or pasted text', async () => {
    const failed = MICROSOFT.replace('dmarc=pass', 'dmarc=fail').replace('spf=pass', 'spf=fail');
    const withFile = MICROSOFT.replace('--b1--', '').replace(
      /--b1\r?\n(?=Content-Type: text\/html)/,
      '--b1\nContent-Type: application/zip\nContent-Disposition: attachment; filename="documents.zip"\nContent-Transfer-Encoding: base64\n\nUEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==\n\n--b1\n',
    );
    const bill = MICROSOFT.replaceAll(
      'has sent you a protected message.',
      'has sent you a protected message. Invoice INV-4471 for $1,249.00 is overdue.',
    );
    for (const [what, raw] of [
      ['failed DMARC', failed],
      ['a file attached', withFile],
      ['a bill', bill],
    ] as const) {
      expect(raw, what).not.toBe(MICROSOFT);
      expect(ids(await analyse(raw)), what).not.toContain('content.secure_message_notice');
    }
    const text = (await shippedEngine().analyzeRaw(Buffer.from(MICROSOFT))).parsed.text;
    const pasted = shippedEngine().analyzeTest({
      subject: 'Closing documents for 14 Elm Street',
      sender: 'Rachel Okafor <rokafor@harbor-law.example>',
      content: text,
    });
    expect(text).toContain('https://outlook.office365.com/Encryption/');
    expect(ids(pasted)).not.toContain('content.secure_message_notice');
  });
});
