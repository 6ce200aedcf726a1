import { describe, expect, it } from 'vitest';
import { parseRawEmail } from '../../src/core/index.js';
import { unwrapLink } from '../../src/core/url/unwrap.js';
import { shippedEngine } from '../helpers/engine.js';

const safeLinks = (url: string) =>
  `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent(url)}&data=05%7C02%7Cj.smith%40example.com%7C8f2c&sdata=q1w2e3&reserved=0`;

describe('link-protection wrappers', () => {
  it('reads the destination of each wrapper it knows', () => {
    const cases: [string, string][] = [
      [safeLinks('https://login.example.top/verify?id=7&x=1'), 'https://login.example.top/verify?id=7&x=1'],
      [
        'https://nam12.safelinks.protection.outlook.com/?url=http%3A%2F%2Fexample.org%2F&data=05',
        'http://example.org/',
      ],
      [
        'https://urldefense.proofpoint.com/v2/url?u=https-3A__www.example.com_path_page.html-3Fa-3D1&d=DwMFaQ&c=abc&r=def&m=ghi&s=jkl&e=',
        'https://www.example.com/path/page.html?a=1',
      ],
      [
        'https://urldefense.proofpoint.com/v1/url?u=http://www.example.com/a&k=xyz',
        'http://www.example.com/a',
      ],
      // v3: "*" for a character it could not keep, given in order by the base64url bytes
      // ("Jg" is "&"); "**A" a run of two ("JiY" is "&&").
      [
        'https://urldefense.com/v3/__https://example.com/login?id=5*a=1__;Jg!!ABC!xyz$',
        'https://example.com/login?id=5&a=1',
      ],
      ['https://urldefense.com/v3/__https://ex.com/a?b=1**Ac=2__;JiY!!Q!z$', 'https://ex.com/a?b=1&&c=2'],
      ['https://urldefense.com/v3/__https://example.com/plain__;!!ABC!xyz$', 'https://example.com/plain'],
      // Most v3 links keep one slash after the scheme (as a mailing list's posts carry them).
      ['https://urldefense.com/v3/__http:/www.example.com__;!!KXGHL9MWuGc!s5Tn7A$', 'http://www.example.com'],
      ['https://urldefense.com/v3/__https:/ex.com/a*b__;Jg!!Q!z$', 'https://ex.com/a&b'],
      // As a vendor integration's documentation shows one ("JSM" is "%#"): a bucket page.
      [
        'https://urldefense.com/v3/__https://firebasestorage.googleapis.com/v0/b/gund-50757.appspot.com/o/owa*2Findex2gun.html?alt=media&token=02497332-ff04*vicky@rsrchxchange.com__;JSM!!Fjc1LPEtn8I!xxxxx$',
        'https://firebasestorage.googleapis.com/v0/b/gund-50757.appspot.com/o/owa%2Findex2gun.html?alt=media&token=02497332-ff04#vicky@rsrchxchange.com',
      ],
      ['https://www.google.com/url?q=https://example.net/x&sa=D&source=gmail', 'https://example.net/x'],
      [
        'https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fexample.com%2fdoc&c=E,1,abc&typo=1',
        'https://example.com/doc',
      ],
      [
        'https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fexample.com%2fq&umid=1',
        'https://example.com/q',
      ],
      ['https://secure-web.cisco.com/1AbCdEf/https%3A%2F%2Fexample.com%2Fpage', 'https://example.com/page'],
      // GMX's and WEB.DE's webmail dereferrer, with and without a session token in the path.
      [
        'https://deref-gmx.net/mail/client/v0FT5eU-Tkk/dereferrer/?redirectUrl=https%3A%2F%2Flogin.example.top%2Fde%3Fa%3D1',
        'https://login.example.top/de?a=1',
      ],
      [
        'https://deref-web.de/mail/client/dereferrer/?redirectUrl=http%3A%2F%2Fexample.org%2F',
        'http://example.org/',
      ],
      // A gateway's link inside another's.
      [safeLinks('https://www.google.com/url?q=https://deep.example.com/'), 'https://deep.example.com/'],
    ];
    for (const [wrapped, destination] of cases) expect(unwrapLink(wrapped), wrapped).toBe(destination);
  });

  it('leaves alone what is not a wrapper or names no web address', () => {
    for (const href of [
      'https://example.com/?url=https://other.example/',
      'https://eur01.safelinks.protection.outlook.com/?data=05',
      safeLinks('javascript:alert(1)'),
      'https://urldefense.com/v3/__https://ex.com/a*b__;!!Q!z$', // a "*" with no byte for it
      'https://www.google.com/search?q=https://example.net/',
      'https://deref-gmx.net/mail/client/x/other/?redirectUrl=https%3A%2F%2Fexample.org%2F', // not its page
      'https://deref-gmx.example/mail/client/x/dereferrer/?redirectUrl=https%3A%2F%2Fexample.org%2F',
      'https://protect-eu.mimecast.com/s/AbCdEfGh?domain=example.com', // a token only
      'mailto:a@example.com',
      'not a url',
      // Longer than any wrapped link: not read at all.
      `https://urldefense.com/v3/__https://ex.com/${'__;a'.repeat(5000)}`,
      safeLinks(`https://example.com/${'a'.repeat(9000)}`),
    ])
      expect(unwrapLink(href), href).toBeNull();
  });

  it('analyses where a protected link leads, in full mail and pasted text', async () => {
    // Outlook with Safe Links shows the original address as the link's text: no mismatch, and
    // the look-alike behind the gateway is seen.
    const raw = [
      'From: Microsoft 365 <no-reply@m365-account-security.top>',
      'To: j.smith@example.com',
      'Subject: Password expires today',
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      `<p>Your password expires today. <a href="${safeLinks('https://m365-account-security.top/keep')}">https://m365-account-security.top/keep</a></p>`,
      '',
    ].join('\r\n');
    const parsed = await parseRawEmail(Buffer.from(raw));
    expect(parsed.links.map((l) => l.href)).toEqual(['https://m365-account-security.top/keep']);
    const full = (await shippedEngine().analyzeRaw(raw)).analysis;
    const ids = full.indicators.map((i) => i.id);
    expect(ids).toContain('links.risky_tld');
    expect(ids).not.toContain('links.text_href_mismatch');
    // A notice pasted with its link's address copied from Outlook (wrapped) reads as it does
    // with the plain address: its link on the sender's own site, under MEDIUM (100 before).
    const notice = {
      subject: 'Verify your email address for social.northfield-university.edu',
      sender: 'Northfield University <noreply@northfield-university.edu>',
      content:
        "Please click the link below to verify your email address for the account @jsmith@social.northfield-university.edu. Ignore this email if the account isn't yours.\n\nVerify your email\n",
    };
    const own = 'https://social.northfield-university.edu/verify_email/0b9e4d7a';
    const plain = shippedEngine().analyzeTest({ ...notice, content: notice.content + own });
    const wrapped = shippedEngine().analyzeTest({ ...notice, content: notice.content + safeLinks(own) });
    // (Not the same score: the wrapper's address stays in the text as words.)
    expect(plain.risk_score).toBeLessThan(40);
    expect(wrapped.risk_score).toBeLessThan(40);
  });
});
