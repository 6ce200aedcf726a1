import { describe, expect, it } from 'vitest';
import { parseRawEmail } from '../../src/core/index.js';
import { followLink, openRedirectOf, unwrapLink } from '../../src/core/url/unwrap.js';
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

/** Bing's click tracker's `u`: "a1" and the address in base64url. */
const bing = (url: string) =>
  `https://www.bing.com/ck/a?!&&p=98042caa4cc49b29JmltdHM9MTc1&ptn=3&ver=2&hsh=4&fclid=1f&u=a1${Buffer.from(url).toString('base64url')}&ntb=1`;

describe('open redirects of well-known sites', () => {
  it('reads where each leads and names it', () => {
    const cases: [string, string, string][] = [
      [
        'https://google.com/amp/s/innovatech.example?id=5889',
        'https://innovatech.example?id=5889',
        'google.com/amp',
      ],
      [
        'https://www.google.co.uk/amp/revision-online.example/dHV2a1U/x#top',
        'http://revision-online.example/dHV2a1U/x#top',
        'google.co.uk/amp',
      ],
      ['https://google.com.gi/amp/s/t.co/FtmkTPhj5b', 'https://t.co/FtmkTPhj5b', 'google.com.gi/amp'],
      [
        bing('https://linklift.example/pen-testing/'),
        'https://linklift.example/pen-testing/',
        'bing.com/ck/a',
      ],
      [
        'https://adclick.g.doubleclick.net/pcs/click?fjFILE-10-2023&&adurl=//claim-prize.example/wallet',
        'https://claim-prize.example/wallet',
        'adclick.g.doubleclick.net',
      ],
      [
        'https://ad.doubleclick.net/ddm/clk/1;2?xai=A&adurl=https%3A%2F%2Fshop.example%2Fsale',
        'https://shop.example/sale',
        'ad.doubleclick.net',
      ],
    ];
    for (const [href, destination, via] of cases)
      expect(openRedirectOf(href), href).toEqual({ href: destination, via });
  });

  it('leaves alone what names no web address', () => {
    for (const href of [
      'https://www.google.com/amp/', // the viewer itself
      'https://www.google.com/amp/s/', // no host
      'https://www.google.com/ampfoo/s/evil.example/',
      'https://www.google.example/amp/s/evil.example/', // not Google's
      'https://www.bing.com/ck/a?!&&p=98042caa&u=https://evil.example/', // no "a1"
      `https://www.bing.com/ck/a?u=a0${Buffer.from('https://evil.example/').toString('base64url')}`,
      `https://www.bing.com/ck/a?u=a1${Buffer.from('javascript:alert(1)').toString('base64url')}`,
      'https://www.bing.com/search?q=https://evil.example/',
      'https://adclick.g.doubleclick.net/pcs/click?xai=AKAOjsu2', // a token only
      'https://adclick.g.doubleclick.net/pcs/click?adurl=javascript:alert(1)',
      'https://www.google.com/url?q=https://example.net/x&sa=D', // a wrapper, read by unwrapLink
      `https://google.com/amp/s/${'a'.repeat(9000)}.example/`,
    ])
      expect(openRedirectOf(href), href).toBeNull();
  });

  it('follows wrappers and redirects inside each other, naming the redirect', () => {
    expect(followLink(safeLinks('https://google.com/amp/s/evil.example/login'))).toEqual({
      href: 'https://evil.example/login',
      via: 'google.com/amp',
    });
    expect(followLink('https://google.jo/amp/s/www.google.com/url?q=https://rb.gy/dy6npe')).toEqual({
      href: 'https://rb.gy/dy6npe',
      via: 'google.jo/amp',
    });
    // The first redirect the reader passes through is named.
    expect(
      followLink(`https://google.com/amp/s/${bing('https://evil.example/').slice('https://'.length)}`),
    ).toEqual({
      href: 'https://evil.example/',
      via: 'google.com/amp',
    });
    // A gateway alone is the reader's own mail system: no redirect is named.
    expect(followLink(safeLinks('https://example.org/a'))).toEqual({
      href: 'https://example.org/a',
    });
    expect(followLink('https://example.org/a')).toEqual({ href: 'https://example.org/a' });
  });

  const html = (body: string) =>
    [
      'From: Bauhaus <promotions@bauhaus-angebote.example>',
      'To: j.smith@example.com',
      'Subject: Ihr Feedback könnte ein Bosch-Werkzeugset freischalten!',
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n');

  it("says a link passes through a redirect to a site neither popular nor the sender's", async () => {
    const raw = html(
      '<p>Mit Ihrem Bauhaus-Erlebnis können Sie ein Bosch-Werkzeugset gewinnen!</p>' +
        '<a href="https://www.google.co.uk/amp/revision-online.example/dHV2a1UzVnl1N1pk">Jetzt starten</a>',
    );
    const parsed = await parseRawEmail(Buffer.from(raw));
    expect(parsed.links).toEqual([
      {
        href: 'http://revision-online.example/dHV2a1UzVnl1N1pk',
        text: 'Jetzt starten',
        source: 'html',
        via: 'google.co.uk/amp',
      },
    ]);
    const found = (await shippedEngine().analyzeRaw(raw)).analysis.indicators.find(
      (i) => i.id === 'links.open_redirect',
    );
    expect(found?.evidence).toEqual([
      'http://revision-online.example/dHV2a1UzVnl1N1pk (through google.co.uk/amp)',
    ]);
    // Through Bing to a shortener: hidden twice.
    const short = html(`<p>Ihr Gewinn wartet.</p><a href="${bing('https://bit.ly/3abcDEF')}">Öffnen</a>`);
    const ids = (await shippedEngine().analyzeRaw(short)).analysis.indicators.map((i) => i.id);
    expect(ids).toContain('links.open_redirect');
    expect(ids).toContain('links.shortener');
  });

  it("not for a popular site shared through the viewer, the sender's own site, or a plain link", async () => {
    const ids = async (body: string) =>
      (await shippedEngine().analyzeRaw(html(body))).analysis.indicators.map((i) => i.id);
    // A news article shared from Google's AMP viewer, its address as the link's text.
    const amp = 'https://www.google.com/amp/s/www.bbc.co.uk/news/articles/c9w1?amp';
    const shared = await ids(`<p>Schau mal:</p><a href="${amp}">${amp}</a>`);
    expect(shared).not.toContain('links.open_redirect');
    expect(shared).not.toContain('links.text_href_mismatch');
    expect(
      await ids('<a href="https://google.com/amp/s/www.bauhaus-angebote.example/aktion">Aktion</a>'),
    ).not.toContain('links.open_redirect');
    expect(
      await ids('<a href="http://revision-online.example/dHV2a1UzVnl1N1pk">Jetzt starten</a>'),
    ).not.toContain('links.open_redirect');
  });
});
