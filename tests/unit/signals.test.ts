import { describe, expect, it } from 'vitest';
import { malformedAddress, obfuscatedName } from '../../src/core/email/signals/sender.js';
import { brandsIn, withLettersJoined } from '../../src/core/domains/brands.js';
import { createEngine } from '../../src/app/engine.js';
import { PhishingModel } from '../../src/core/index.js';
import { isModelSignal } from '../../src/core/model/features.js';
import { analyzeFixture, ids, pastedIds, rulesEngine, shippedEngine } from '../helpers/engine.js';

/**
 * The engine with a model of no features and a very negative bias: p = sigmoid(-12), about 0,
 * for every message.
 */
const reassured = createEngine({
  model: new PhishingModel(new Float64Array(0), new Float32Array(0), -12, { a: 1, b: 0 }, 'test'),
});

/** A raw message whose only part is the given HTML. */
const htmlMail = (from: string, subject: string, html: string) =>
  Buffer.from(
    [
      `From: ${from}`,
      'To: reader@example.org',
      `Subject: ${subject}`,
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      html,
    ].join('\r\n'),
  );

/** A raw plain-text message from `from`: the From line as written, a To, a subject and lines. */
const textMail = (from: string, subject: string, lines: readonly string[]) =>
  Buffer.from([`From: ${from}`, 'To: reader@example.org', `Subject: ${subject}`, '', ...lines].join('\r\n'));

/** A short sign-in lure as full mail from the From line `from`, scored by the rules alone. */
const signInLureFrom = async (from: string) =>
  (
    await rulesEngine().analyzeRaw(
      textMail(from, 'Unusual sign-in activity', [
        'Review the recent activity: https://account-review.example/signin',
      ]),
    )
  ).analysis;

describe('sender and authentication signals', () => {
  it('reads SPF/DKIM/DMARC verdicts from the top Authentication-Results header', async () => {
    const { analysis } = await analyzeFixture('phishing-paypal-lookalike.eml');
    expect(ids(analysis)).toEqual(
      expect.arrayContaining(['auth.dmarc_fail', 'auth.spf_fail', 'auth.dkim_none']),
    );
    const dmarc = analysis.indicators.find((i) => i.id === 'auth.dmarc_fail');
    expect(dmarc?.evidence[0]).toContain('dmarc=fail');
  });

  it('reads a DMARC failure beside an SPF pass for the sender’s own domain as missing records, not forgery', async () => {
    // A newsletter whose domain publishes no SPF record: Gmail's best guess passes its own bounce
    // domain, and DMARC (which does not count a guess) fails under p=none.
    const notice = (spf: string) =>
      Buffer.from(
        [
          `Authentication-Results: mx.google.com; ${spf}; dmarc=fail (p=NONE sp=NONE dis=NONE) header.from=frc.example.org`,
          'From: FRC <frcpub@frc.example.org>',
          'To: reader@example.com',
          'Subject: Constituent confirmation',
          '',
          'Thank you for signing up. Read more at https://frc.example.org/news',
        ].join('\r\n'),
      );
    const dmarcOf = async (spf: string) =>
      (await rulesEngine().analyzeRaw(notice(spf))).analysis.indicators.find(
        (i) => i.id === 'auth.dmarc_fail',
      );
    const own = await dmarcOf(
      'spf=pass (google.com: best guess record for domain of bounce@gabriel.frc.example.org designates 64.196.237.48 as permitted sender) smtp.mailfrom=bounce@gabriel.frc.example.org',
    );
    expect(own?.weight).toBe(0.05);
    expect(own?.explanation).toContain('SPF passed for the sender');
    // An SPF pass for someone else's envelope (a mailing service, or a forger's own server) is no such sign.
    const other = await dmarcOf('spf=pass smtp.mailfrom=bounces@mailer.example.net');
    expect(other?.weight).toBe(0.45);
    const failed = await dmarcOf('spf=fail smtp.mailfrom=bounce@frc.example.org');
    expect(failed?.weight).toBe(0.45);
  });

  it('flags a Reply-To on another domain and a brand in the display name', async () => {
    const { analysis } = await analyzeFixture('phishing-paypal-lookalike.eml');
    expect(ids(analysis)).toEqual(
      expect.arrayContaining([
        'sender.reply_to_mismatch',
        'sender.brand_display_name',
        'sender.lookalike_domain',
      ]),
    );
  });

  it('leaves a Reply-To that a mailing list set out of the mismatch, and only that one', async () => {
    const post = (subject: string, from: string, replyTo: string) =>
      Buffer.from(
        [
          `From: ${from}`,
          `Reply-To: ${replyTo}`,
          'To: reader@example.com',
          `Subject: ${subject}`,
          '',
          'See the log below.',
        ].join('\r\n'),
      );
    const mismatch = async (subject: string, from: string, replyTo: string) =>
      ids((await rulesEngine().analyzeRaw(post(subject, from, replyTo))).analysis).includes(
        'sender.reply_to_mismatch',
      );
    // Mailman rewrote From to the list for DMARC and put the poster in Reply-To.
    expect(
      await mismatch(
        'Re: [USRP-users] E312 rate',
        'Jason via USRP-users <usrp-users@lists.ettus.example>',
        'Jason <jason@gmail.com>',
      ),
    ).toBe(false);
    // The list answers for its posters: Reply-To is the list's own address.
    expect(await mismatch('[zzzzteana] Moscow', 'Tim <timc@2ubh.example>', 'zzzzteana@yahoogroups.com')).toBe(
      false,
    );
    // A tag names no list unless the headers agree: a brand in brackets with answers going elsewhere.
    expect(
      await mismatch(
        '[Kraken] Review the new terms',
        'Kraken <info@zedproductions.example>',
        'Kraken <info@test.com>',
      ),
    ).toBe(true);
    expect(
      await mismatch(
        '[USRP-users] E312 rate',
        'Jason via Other-list <other@lists.example>',
        'jason@gmail.com',
      ),
    ).toBe(true);
    expect(
      await mismatch('E312 rate', 'Jason via USRP-users <usrp-users@lists.ettus.example>', 'jason@gmail.com'),
    ).toBe(true);
  });

  it('reads the name a list wrote into its rewritten From as the poster’s, not as a claim', async () => {
    const names = async (subject: string, from: string) =>
      ids(
        (
          await rulesEngine().analyzeRaw(
            Buffer.from(
              [
                `From: ${from}`,
                'To: reader@example.com',
                `Subject: ${subject}`,
                '',
                'DPDK 18.11 builds fine.',
              ].join('\r\n'),
            ),
          )
        ).analysis,
      );
    const poster = await names(
      'Re: [USRP-users] DPDK 18.11',
      'qiu.guowang@gmail.com via USRP-users <usrp-users@lists.ettus.example>',
    );
    expect(poster).not.toContain('sender.display_name_address');
    expect(poster).not.toContain('sender.brand_display_name');
    // Without the list's tag the same From line is a name showing another address.
    expect(
      await names('DPDK 18.11', 'qiu.guowang@gmail.com via USRP-users <usrp-users@lists.ettus.example>'),
    ).toEqual(expect.arrayContaining(['sender.display_name_address']));
    expect(
      await names('[USRP-users] Update', 'PayPal via USRP-users <usrp-users@lists.ettus.example>'),
    ).not.toContain('sender.brand_display_name');
    expect(await names('[USRP-users] Update', 'PayPal via Other <usrp-users@lists.ettus.example>')).toContain(
      'sender.brand_display_name',
    );
  });

  it('reads a brand as a surname in a person’s name, and as a claim anywhere else', () => {
    const claims = (sender: string) =>
      pastedIds('Repeated measures design', sender, 'Has anyone fitted this with lme? https://example.org/q');
    for (const person of ['Scott Norton <nortonsm@yahoo.com>', 'Brianna Chase <b@corrocean.example>'])
      expect(claims(person), person).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^sender\.(brand_display_name|site_name_elsewhere)$/)]),
      );
    for (const claim of [
      'Norton Security <alerts@yahoo.com>',
      'Support Norton <alerts@yahoo.com>',
      'Ledger Live <noreply@info.example.edu>',
      'PayPal Service <x@yahoo.com>',
    ])
      expect(claims(claim), claim).toContain('sender.brand_display_name');
  });

  it('reads a wallet’s or coin’s "new release" or airdrop from a sender not on its site as an impersonation (rules 2.59.0)', () => {
    // The make-up of 2025's wallet-extension lures: the project's name over a bought domain, a
    // download elsewhere. From the project's own site, the same words are its release notice.
    const release = (sender: string) =>
      pastedIds(
        'Electrum Release New Features for Desktop & Browser',
        sender,
        'An updated version of the wallet is available. Download and install the update: https://download.electrumupdate.store/',
      );
    for (const sender of [
      'Electrum <hello@electrumteamnews.online>',
      'BitcoinCore <bitcoincore@projectnewsjournal.blog>',
      'Monero <monero@business-data-lighthouse.com>',
      'Ripple Team <xrpl@bounce.example.com>',
      'OpenSea <postmaster@mg.example.cl>',
      'Tether Cashback <support@kandypens.example>',
      'Uniswap <someone@gmail.com>',
    ])
      expect(release(sender), sender).toContain('sender.impersonation_lure');
    for (const sender of ['Electrum <news@electrum.org>', 'Bitcoin Core <announce@bitcoincore.org>'])
      expect(release(sender), sender).not.toContain('sender.impersonation_lure');
    // "Ripple" and "Tether" are words too: a whole word of the sender's name, not part of one.
    expect(release('Rippleton Farms <shop@example.com>')).not.toContain('sender.brand_display_name');
  });

  it('recognises a popular site’s name as the display name of a sender on another domain', () => {
    const ofSender = (sender: string) =>
      rulesEngine().analyzeTest({
        subject: 'Your tax documents are ready',
        sender,
        content: 'Sign in to view them.',
      });
    const spoofed = ofSender('My Starbucks Rewards <postmaster@booking-api.covankessel.example>');
    const brand = spoofed.indicators.find((i) => i.id === 'sender.site_name_elsewhere');
    expect(brand?.explanation).toContain('starbucks.com');
    expect(brand?.explanation).toContain('covankessel.example');
    // The site itself, under any suffix, and self-hosted software signing with its own name, are not.
    for (const sender of [
      'Starbucks <news@starbucks.com>',
      'Starbucks Rewards <news@starbucks.co.uk>',
      'WordPress <wordpress@my-dive-shop.example>',
      'Mastodon <notifications@social.example>',
    ])
      expect(ids(ofSender(sender)), sender).not.toContain('sender.site_name_elsewhere');
    // The name inside a message's heading, in the languages vouchers and parcels are lured in.
    for (const sender of [
      'Nachricht von Decathlon <service@stayfriends.example>',
      'Decathlon-Gutschein <service@stayfriends.example>',
      'Message from Starbucks <news@mailer.example>',
      'Zustellung Starbucks <noreply@team.example>',
    ])
      expect(ids(ofSender(sender)), sender).toContain('sender.site_name_elsewhere');
    // A person's name with a particle is still a person's.
    expect(ids(ofSender('Otto von Bismarck <otto@example.org>'))).not.toContain('sender.site_name_elsewhere');
  });

  it('flags a display name broken up or disguised to slip past filters, not ordinary names', () => {
    for (const name of [
      'R ltuaIs W lnacTle T eam   .....QN649',
      'G emeentelijk E nergieadvies JF183',
      'Het Akusoli ComfortTeam...bdaI',
      'Sophie–Slim Besparen Team .PCOK',
      'OnlineSecurity...grEy',
      // Invisible or look-alike characters inside a word, and leading punctuation.
      'T\ufeffr\ufeffu\ufeffѕ\ufefft \u200bW\ufeffа\ufeffl\ufeffl\ufeffе\ufefft',
      'L\u{e0139}\u{e0139}ed\u{e0139}g\u{e0139}er',
      'UЅАGоv_Vеrіfіеd.',
      '~~ᴘ.ᴀ.ʏ.ᴍ.ᴇ.ɴ.ᴛ-ᴅ.ᴇ.ᴄ.ʟ.ɪ',
      '-Marijn van NTA',
      '[`.WeightLoss--]',
      // A capital I for an l in a lure's word or a brand, a lower-case l for an I in capitals.
      'Payment/DecIined',
      'Iedger Support',
      'PAYPAl SECURlTY',
    ])
      expect(obfuscatedName(name), name).toBe(true);
    for (const name of [
      'J. R. R. Tolkien',
      'enrico.foscolo2',
      'Wagner, David --- Senior Programmer Analyst --- WGO',
      'MSNBC ALERT -- Julián Castro HQ',
      'peterloron--- via USRP-users',
      'Booking.com',
      'Mail Administrator',
      'Maria e João a Loja',
      // Other scripts, each word in one; Persian's ZWNJ; a real list member's leading dot.
      'Иван Петров',
      'Νίκος Παπαδόπουλος',
      'Jörg Müller',
      'Microsoft Почта',
      'مهدی\u200cزاده',
      '. AERMAN TUERXUN',
      "'Smith, John'",
      '[Team] Jane',
      // A capital I inside an ordinary name is no disguise.
      'Angus McIntosh',
      'LinkedIn Jobs',
      'IKEA Ireland',
    ])
      expect(obfuscatedName(name), name).toBe(false);
    // Such a name alone makes a message MEDIUM (is_phishing), whatever little else it carries.
    const bare = rulesEngine().analyzeTest({
      subject: 'W l N een cadeaukaart',
      sender: 'R ltuaIs W lnacTle T eam   .....QN649 <newsletters.ab@mail-serve.example>',
      content: '',
    });
    expect(bare.risk_score).toBeGreaterThanOrEqual(50);
  });

  it('flags a From address no mail can come from, and a cloud tenant’s default domain', () => {
    for (const a of [
      "unlimitedtv@'unlimitedtv-kejif.autoworkscoll.example",
      "2j69hqc07ujd@bck6qaucupay.example'",
      'situacao@receitaregular377241',
      'noreply@theskimm,com',
      'aviso@%correios.example',
      '<service@otto.de>',
      '𝗿𝗲𝗽𝗹𝘆@telekom.example',
      // A dot ending the domain: DNS's fully qualified form, which no address has (RFC 5322).
      'service@stayfriends.example.',
    ])
      expect(malformedAddress(a), a).toBe(true);
    for (const a of [
      'john@example.co.uk',
      'x@müller.de',
      'jürgen@example.de', // an internationalised mailbox name is still a mailbox
      'a@xn--80ak6aa92e.xn--p1ai',
      'bounce_x@mail_srv.example.com',
      'news@mail.example.com',
      'root@web01', // a machine's own mail, by its bare host name
      'cron@localhost',
      'PayPal', // a pasted sender may be a name alone
      '',
    ])
      expect(malformedAddress(a), a).toBe(false);
    const of = (sender: string) =>
      rulesEngine().analyzeTest({ subject: 'Your order', sender, content: 'Thanks for your order.' });
    const forged = of(`FamilyTV IPTV <unlimitedtv@'unlimitedtv-kejif.autoworkscoll.example>`);
    expect(ids(forged)).toContain('sender.malformed_address');
    expect(forged.indicators.find((i) => i.id === 'sender.malformed_address')?.evidence[0]).toContain(
      'unlimitedtv-kejif',
    );
    expect(ids(of('Shop <orders@shop.example>'))).not.toContain('sender.malformed_address');
    expect(ids(of('LifeVac <do9io@achkem5.onmicrosoft.com>'))).toContain('sender.tenant_default_domain');
    expect(ids(of('Shop <orders@shop.example>'))).not.toContain('sender.tenant_default_domain');
    // A forged sender alone makes a message MEDIUM and is_phishing.
    expect(forged.risk_score).toBeGreaterThanOrEqual(50);
    const pseudo = of('The Zebra Car Insurance <program@lidl.it.com>');
    expect(pseudo.indicators.find((i) => i.id === 'sender.pseudo_country_domain')?.explanation).toContain(
      'it.com',
    );
    for (const sender of ['Shop <orders@shop.co.uk>', 'Shop <orders@shop.com.au>', 'Net <x@example.net.za>'])
      expect(ids(of(sender)), sender).not.toContain('sender.pseudo_country_domain');
  });

  it('reads a From domain ending in a dot as forged, in full mail and pasted (rules 2.81.0)', async () => {
    // A parcel lure's From line as a forging kit writes a real carrier's domain.
    const lure = [
      'Le chauffeur n’a pas pu livrer votre colis.',
      'Veuillez sélectionner une nouvelle date de livraison : https://suivi.example/colis',
    ];
    const full = (
      await rulesEngine().analyzeRaw(
        textMail('"U.P.S" <ne-pas-repondre@chronopost.example.>', 'Désolé, nous vous avons manqué.', lure),
      )
    ).analysis;
    const pasted = rulesEngine().analyzeTest({
      subject: 'Désolé, nous vous avons manqué.',
      sender: 'U.P.S <ne-pas-repondre@chronopost.example.>',
      content: lure.join('\n'),
    });
    for (const a of [full, pasted]) {
      expect(ids(a)).toContain('sender.malformed_address');
      expect(a.risk_score).toBeGreaterThanOrEqual(50);
    }
    // The same carrier's own address, without the dot, is no forgery.
    expect(
      pastedIds(
        'Désolé, nous vous avons manqué.',
        'U.P.S <ne-pas-repondre@chronopost.example>',
        lure.join('\n'),
      ),
    ).not.toContain('sender.malformed_address');
    // Nor is a bare address typed into the test form with a sentence's full stop after it.
    expect(pastedIds('Your order', 'orders@shop.example.', 'Thanks for your order.')).not.toContain(
      'sender.malformed_address',
    );
  });

  it('reads a From line that shows a name alone in place of its address as forged (rules 2.82.0)', async () => {
    // A name with no address, then the address with none of its own: clients show the name alone.
    for (const from of [
      'Microsoft account team ,_<no-reply@access-review.example>',
      'Kundendienst, <service@shop.example>, Kundendienst,',
      'Re-deliver T&T, Re-deliver T&T, <servizio@shop.example>',
    ]) {
      const a = await signInLureFrom(from);
      const forged = a.indicators.find((i) => i.id === 'sender.malformed_address');
      expect(forged?.explanation, from).toContain('shows the name alone');
      expect(a.risk_score, from).toBeGreaterThanOrEqual(50);
    }
    // A person's name with an unquoted comma gives the address a name of its own; quoted, none.
    for (const from of ['Smith, John <john@example.com>', '"Smith, John" <john@example.com>'])
      expect(ids(await signInLureFrom(from)), from).not.toContain('sender.malformed_address');
  });

  it('reads a From line with no address in it at all as forged, not a machine’s own (rules 2.83.0)', async () => {
    for (const [from, shown] of [
      ['"Facebook" <>', 'From: "Facebook" <>'],
      ['Mijnwooncomfort.nl', 'From: "Mijnwooncomfort.nl" <>'],
      ['=?UTF-8?B?RmVkZXggcGFra2V0?= <>', 'From: "Fedex pakket" <>'],
      ['"" <>', 'From: "" <>'],
    ] as const) {
      const a = await signInLureFrom(from);
      const forged = a.indicators.find((i) => i.id === 'sender.malformed_address');
      expect(forged?.explanation, from).toContain('no address in it');
      expect(forged?.evidence, from).toEqual([shown]);
      expect(a.risk_score, from).toBeGreaterThanOrEqual(50);
    }
    // A machine's own unqualified mail, and a name typed alone into the test form, are not.
    for (const from of ['root', 'Cron Daemon <root>'])
      expect(ids(await signInLureFrom(from)), from).not.toContain('sender.malformed_address');
    expect(pastedIds('Your order', 'Facebook', 'Thanks for your order.')).not.toContain(
      'sender.malformed_address',
    );
  });

  it('reads a brand spelled out letter by letter in the sender’s name (rules 2.84.0)', () => {
    expect(withLettersJoined('U.P.S')).toBe('U.P.S UPS');
    expect(withLettersJoined('D H L Express')).toBe('D H L Express DHL');
    expect(withLettersJoined('Dr. A. Lee')).toBe('Dr. A. Lee');
    // A person's two initials join too, and spell no listed brand.
    expect(withLettersJoined('J. W. Smith')).toBe('J. W. Smith JW');
    const lure = 'We could not deliver your parcel. Pay the fee: https://parcel-notice.example/pay';
    for (const name of ['U.P.S', 'F.E.D.E.X', 'D H L Express'])
      expect(pastedIds('Your parcel', `${name} <info@parcel-notice.example>`, lure), name).toContain(
        'sender.brand_display_name',
      );
    // The carrier's own domain may write its name so.
    expect(pastedIds('Your parcel', 'U.P.S <pkginfo@ups.com>', lure)).not.toContain(
      'sender.brand_display_name',
    );
  });

  it('flags words mixing look-alike Cyrillic letters into Latin ones, not Russian text', () => {
    const disguised = rulesEngine().analyzeTest({
      subject: 'USAGov Portal Notice: Nеw rесоrd uрdаtе аvаіlаblе',
      sender: 'notice@survey.example',
      content: 'Open the portal to view it.',
    });
    const i = disguised.indicators.find((x) => x.id === 'content.obfuscated_text');
    expect(i?.evidence).toContain('"N[е]w"');
    const russian = rulesEngine().analyzeTest({
      subject: 'Ваш заказ отправлен',
      sender: 'shop@magazin.example',
      content: 'Здравствуйте! Ваш заказ № 1234 отправлен службой DHL. Трек-номер: AB123.',
    });
    expect(ids(russian)).not.toContain('content.obfuscated_text');
  });

  it('flags a display name that carries another address', async () => {
    const { analysis } = await analyzeFixture('phishing-html-attachment.eml');
    const i = analysis.indicators.find((x) => x.id === 'sender.display_name_address');
    expect(i?.evidence[0]).toContain('it-support@microsoft.com');
  });

  it('flags punycode that mixes scripts but not an ordinary IDN', async () => {
    const mixed = await analyzeFixture('phishing-idn-mixed-script.eml');
    const look = mixed.analysis.indicators.find((i) => i.id === 'sender.lookalike_domain');
    expect(look?.evidence[0]).toMatch(/Cyrillic and Latin|Latin and Cyrillic/);
    const single = await analyzeFixture('legit-idn-single-script.eml');
    expect(ids(single.analysis).filter((id) => id.includes('lookalike'))).toEqual([]);
  });
});

/** Each input of `flagged` raises the indicator `id`, none of `clean` does. */
function expectSorted(
  id: string,
  idsOf: (input: string) => string[],
  flagged: readonly string[],
  clean: readonly string[],
): void {
  for (const input of flagged) expect(idsOf(input), input).toContain(id);
  for (const input of clean) expect(idsOf(input), input).not.toContain(id);
}

describe('link signals', () => {
  /** The rules' indicators for a short pasted HTML message with one line of text and one link. */
  const oneLinkIds = (
    subject: string,
    line: string,
    href: string,
    label: string,
    sender = 'info@billing.example.org',
  ) =>
    ids(
      rulesEngine().analyzeTest({ subject, sender, content: `<p>${line}</p><a href="${href}">${label}</a>` }),
    );
  it('flags link text naming another domain, brand on an unrelated domain and a risky TLD', async () => {
    const { analysis } = await analyzeFixture('phishing-paypal-lookalike.eml');
    const mismatch = analysis.indicators.find((i) => i.id === 'links.text_href_mismatch');
    expect(mismatch?.evidence[0]).toContain('secure-login.top');
    expect(ids(analysis)).toEqual(
      expect.arrayContaining(['links.brand_on_unrelated_domain', 'links.risky_tld']),
    );
  });

  it('reads a click tracker that names the shown site as a detour, and anything else as a mismatch', () => {
    const linkIds = (text: string, href: string, sender = 'Rep. Olson <tx22@mail.house.gov>') =>
      ids(
        rulesEngine().analyzeTest({
          subject: 'Weekly wrap-up',
          sender,
          content: `<p>Visit <a href="${href}">${text}</a></p>`,
        }),
      ).filter((id) => id.startsWith('links.'));
    const tracker = 'https://iqconnect.lmhostediq.com/iqextranet/iqClickTrk.aspx?cid=TX22&redirect=';
    expect(linkIds('www.olson.house.gov', `${tracker}http%3a%2f%2folson.house.gov%2f`)).toEqual([
      'links.tracked_redirect',
    ]);
    // Another sender showing that site through a tracker (a forger's trick), a tracker naming
    // another site than the text shows, or naming none: a mismatch as before.
    expect(
      linkIds(
        'www.paypal.com',
        'https://t.example.net/c?u=https%3a%2f%2fwww.paypal.com%2f',
        'PayPal <service@paypa1-support.com>',
      ),
    ).toContain('links.text_href_mismatch');
    expect(linkIds('www.olson.house.gov', `${tracker}https%3a%2f%2fpaypa1-login.top%2f`)).toContain(
      'links.text_href_mismatch',
    );
    expect(linkIds('paypal.com', 'https://u1584.ct.sendgrid.net/ls/click?upn=abc')).toContain(
      'links.text_href_mismatch',
    );
    // Shown text that is itself a short link claims no destination.
    expect(linkIds('bit.ly/2Ptfi1t', `${tracker}http%3a%2f%2fbit.ly%2f2Ptfi1t`)).toEqual([]);
  });

  it('reads a lone /facebook on the sender’s site as a follow-us link, /facebook/login as impersonation', () => {
    const brandLinks = (url: string) =>
      ids(
        rulesEngine().analyzeTest({
          subject: 'Our week',
          sender: 'news@frc-example.org',
          content: `<p>Follow us: <a href="${url}">Facebook</a></p>`,
        }),
      ).filter((id) => id === 'links.brand_on_unrelated_domain');
    expect(brandLinks('https://www.frc-example.org/facebook')).toEqual([]);
    expect(brandLinks('https://www.frc-example.org/Twitter/')).toEqual([]);
    expect(brandLinks('https://www.frc-example.org/facebook/login.php')).toHaveLength(1);
    expect(brandLinks('https://facebook.frc-example.org/facebook')).toHaveLength(1);
    expect(brandLinks('https://www.frc-example.org/paypal')).toHaveLength(1);
  });

  it('does not read a link to a local network or the reader’s own machine as a bare-address site', () => {
    for (const host of [
      '192.168.10.2',
      '10.40.1.7:8080',
      '172.20.0.5',
      '127.0.0.1:5000',
      '169.254.1.1',
      '[fe80::1]',
      '[fd00::2]',
    ])
      expect(
        oneLinkIds('USRP setup', 'The device page is here:', `http://${host}/`, 'device'),
        host,
      ).not.toContain('links.ip_host');
    for (const host of ['198.51.100.22', '8.8.8.8', '172.32.0.5', '[2001:4860::8888]'])
      expect(
        oneLinkIds('USRP setup', 'The device page is here:', `http://${host}/`, 'device'),
        host,
      ).toContain('links.ip_host');
  });

  it('flags IP hosts, @ in URLs, shorteners, javascript: and data: URLs and off-site forms', () => {
    const a = rulesEngine().analyzeTest({
      subject: 'hello',
      sender: 'a@example.com',
      content:
        '<a href="http://198.51.100.22/login">x</a><a href="https://www.google.com@evil.example/">y</a>' +
        '<a href="https://bit.ly/3abc">z</a><a href="javascript:alert(1)">j</a><a href="data:text/html;base64,PHNjcmlwdD4=">d</a>' +
        '<form action="https://collector.example.net/p"><input type="text" name="u"></form>',
    });
    expect(ids(a)).toEqual(
      expect.arrayContaining([
        'links.ip_host',
        'links.userinfo_at',
        'links.shortener',
        'links.javascript_url',
        'links.data_url',
        'links.form_offsite',
      ]),
    );
  });

  it('flags a shortener hidden behind a button or words, not one whose address is written out', () => {
    const shortener = (content: string) =>
      ids(rulesEngine().analyzeTest({ subject: 'hello', sender: 'a@example.com', content })).filter(
        (id) => id === 'links.shortener',
      );
    expect(shortener('<a href="https://bit.ly/3abc">Review the document</a>')).toHaveLength(1);
    expect(shortener('<a href="https://t.co/x1Y2"><img src="cid:btn"></a>')).toHaveLength(1);
    // Text that merely contains the shortener's letters ("abou-t.co-m") does not show it.
    expect(shortener('<a href="https://t.co/x1Y2">about.com</a>')).toHaveLength(1);
    expect(shortener('<p>Watch the town hall: <a href="https://bit.ly/3abc">bit.ly/3abc</a></p>')).toEqual(
      [],
    );
    expect(shortener('Watch the town hall: https://bit.ly/3abc')).toEqual([]);
  });

  it('flags a web page stored in a cloud storage bucket, not a bucket’s images or files', () => {
    const bucket = (href: string) =>
      oneLinkIds('Billing error detected', 'Resolve it before your account is locked.', href, 'Protect now');
    expectSorted(
      'links.bucket_page',
      bucket,
      [
        'https://storage.googleapis.com/nolimitess/azf3.html#4pdQsD591',
        'https://bucket-x.s3.us-east-1.amazonaws.com/index.htm',
        'https://s3.amazonaws.com/some-bucket/pay.html?id=3',
        'https://acct0.blob.core.windows.net/$web/login.html',
        'https://firebasestorage.googleapis.com/v0/b/x.appspot.com/o/page%2Findex.html?alt=media',
      ],
      [
        'https://storage.googleapis.com/bucket/report.pdf',
        'https://d111111abcdef8.cloudfront.net/images/header.png',
        'https://www.example.org/about.html',
        'https://github.com/storage.googleapis.com/page.html',
      ],
    );
  });

  it('flags a page on a free site host, not the host’s own site, a blog or a project page', () => {
    const hosted = (href: string, sender?: string) =>
      oneLinkIds(
        'Your wallet needs re-validation',
        'Re-validate your wallet today.',
        href,
        'Validate',
        sender,
      );
    expectSorted(
      'links.free_hosting',
      (href) => hosted(href),
      [
        'https://transfer705.pages.dev/evas-dparun?flexchase',
        'https://wallet-fix.netlify.app/',
        'https://kraken-tax.web.app/statement',
        'https://bafybeigd.ipfs.dweb.link/index.html',
        'https://mysite.weebly.com/news',
      ],
      [
        'https://www.netlify.com/blog/',
        'https://pages.dev/',
        'https://ettus.github.io/docs/',
        'https://someone.blogspot.com/2024/01/post.html',
        'https://www.example.org/wallet',
      ],
    );
    // A project mailing from its own site there links to itself.
    expect(hosted('https://news.myproject.netlify.app/issue-4', 'news@myproject.netlify.app')).not.toContain(
      'links.free_hosting',
    );
    // A brand's name on the sender and a free-host link: the make-up of an impersonation.
    const lure = rulesEngine()
      .analyzeTest({
        subject: 'Ledger Live',
        sender: 'Ledger Support <noreply@info.example.edu>',
        content: '<p>Your device firmware notes.</p><a href="https://notes-2231.pages.dev/">Read</a>',
      })
      .indicators.find((i) => i.id === 'sender.impersonation_lure');
    expect(lure?.explanation).toMatch(/free site host/);
  });

  it('reads an account page on a free site host as a lure’s page in any language, but not the host’s own reserved pages', () => {
    const hosted = (href: string) =>
      oneLinkIds(
        'Notice',
        'Please see below.',
        href,
        'Open',
        'Hallberg Logistik <noreply@hallberg-logistik.de>',
      );
    for (const href of [
      'https://x.y.workers.dev/login',
      'https://mysite.weebly.com/account/verify',
      'https://hallberg-konto.pages.dev/verify?token=8f2a',
      'https://news-hallberg.web.app/members/?action=confirm&token=8f2a',
      // Steps the model's account paths leave out: a reset, a sign-up, a magic link's token.
      'https://hallberg.pages.dev/reset/8f2a',
      'https://news-hallberg.web.app/members/?action=signup',
      'https://hallberg.vercel.app/auth?token=8f2a',
    ]) {
      expect(hosted(href), href).toContain('links.free_host_account_page');
      expect(hosted(href), href).not.toContain('links.free_hosting');
    }
    // A changelog's or a security blog's pages name no account step.
    for (const href of [
      'https://changelog.pages.dev/updates/2026-11',
      'https://myblog.netlify.app/security/',
    ])
      expect(hosted(href), href).toContain('links.free_hosting');
    // A newsletter sends the reader to many sites: its link to a demo's sign-in page is no
    // account step of its own.
    const newsletter = ids(
      rulesEngine().analyzeTest({
        subject: 'This week in web development',
        sender: 'Frontend Weekly <editor@frontend-weekly.example>',
        content: [
          '<p>Passkeys, step by step: <a href="https://passkeys-demo.vercel.app/signin">try the demo</a>.</p>',
          '<p><a href="https://github.com/example/passkeys">The code</a>, and',
          '<a href="https://developer.mozilla.org/en-US/docs/Web/API/Web_Authentication_API">the API</a>.</p>',
        ].join(''),
      }),
    );
    expect(newsletter).toContain('links.free_hosting');
    expect(newsletter).not.toContain('links.free_host_account_page');
    // The sites are counted over every link, not only the 200 checked one by one: a digest of
    // 200 entries on one site whose later links go to two more is no account mail either.
    const digest = ids(
      rulesEngine().analyzeTest({
        subject: 'Your weekly digest',
        sender: 'Frontend Weekly <editor@frontend-weekly.example>',
        content: [
          '<a href="https://passkeys-demo.vercel.app/signin">try the demo</a>',
          ...Array.from(
            { length: 200 },
            (_, n) => `<a href="https://frontend-weekly.example/p/${n}">Post ${n}</a>`,
          ),
          '<a href="https://github.com/example/passkeys">The code</a>',
          '<a href="https://developer.mozilla.org/">MDN</a>',
        ].join(' '),
      }),
    );
    expect(digest).toContain('links.free_hosting');
    expect(digest).not.toContain('links.free_host_account_page');
    // A German account mail whose button goes there: decisive, whatever the words.
    const german = rulesEngine().analyzeTest({
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      sender: 'Hallberg Logistik <noreply@hallberg-logistik.de>',
      content:
        '<p>Willkommen! Klicken Sie auf die Schaltfläche, um Ihre Adresse zu bestätigen.</p><a href="https://hallberg-konto.pages.dev/verify?token=8f2a">Adresse bestätigen</a>',
    });
    expect(german.risk_score).toBeGreaterThanOrEqual(50);
    // Firebase Auth's own action handler, on the /__/ paths Firebase Hosting reserves for itself,
    // is where its default reset and verification mail links, whoever sends it.
    const firebase = rulesEngine().analyzeTest({
      subject: 'Reset your password for Acme',
      sender: 'Acme <noreply@acme-app.io>',
      content:
        '<p>Hello,</p><p>Follow this link to reset your Acme password for your jana@example.org account.</p><a href="https://acme-app-1234.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=Xy3&apiKey=AIza&lang=en">https://acme-app-1234.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=Xy3&apiKey=AIza&lang=en</a><p>If you didn’t ask to reset your password, you can ignore this email.</p><p>Thanks,</p><p>Your Acme team</p>',
    });
    expect(ids(firebase)).not.toContain('links.free_host_account_page');
    expect(ids(firebase)).not.toContain('links.free_hosting');
    expect(firebase.risk_score).toBeLessThan(50);
    // Any other path there is the site owner's.
    expect(hosted('https://acme-app-1234.firebaseapp.com/login')).toContain('links.free_host_account_page');
    expect(hosted('https://acme-app-1234.web.app/__/auth/action?mode=verifyEmail')).not.toContain(
      'links.free_host_account_page',
    );
  });

  it('reads a request to confirm account details with a link to a free host or a bucket page as a credential lure', () => {
    for (const href of [
      'https://notes-2231.pages.dev/',
      'https://storage.googleapis.com/bkt-77/index.html',
    ]) {
      const got = oneLinkIds(
        'Account notice',
        'Please verify your account details to keep your access.',
        href,
        'Continue',
      );
      expect(got, href).toContain('content.credential_lure');
    }
  });

  it('flags a free-host site written out without a scheme for the reader to copy', () => {
    const written = (text: string, sender = 'Mini Presents <hi@mini-presents.example>') =>
      rulesEngine()
        .analyzeTest({ subject: 'So ne Kacke :/', sender, content: text })
        .indicators.find((i) => i.id === 'links.free_hosting');
    for (const [text, host] of <[string, string][]>[
      [
        'Hello. You have a new incoming transaction: transfer705.pages.dev/evas-dparun?flexchase',
        'transfer705.pages.dev',
      ],
      ['Your login details: acicfhz.Transfer705.pages.dev.', 'acicfhz.transfer705.pages.dev'],
      ['Claim it at wallet-fix.netlify.app (today only)', 'wallet-fix.netlify.app'],
    ])
      expect(written(text)?.evidence, text).toEqual([host]);
    for (const text of [
      // The host's own site, another host, a name that only starts like one, an address.
      'We moved our blog to pages.dev and netlify.app last year.',
      'See x.pages.devices.example.com/page and support@help.netlify.app for more.',
      'Read it on someone.blogspot.com/2024/01/post.html',
    ])
      expect(written(text), text).toBeUndefined();
    // A project that mails from its own site there.
    expect(
      written('Issue 4 is out: news.myproject.netlify.app/issue-4', 'news@myproject.netlify.app'),
    ).toBeUndefined();
  });
});

describe('content signals', () => {
  it('finds urgency, threats, credential and payment requests and generic greetings', async () => {
    const { analysis } = await analyzeFixture('phishing-paypal-lookalike.eml');
    expect(ids(analysis)).toEqual(
      expect.arrayContaining([
        'content.urgency',
        'content.threat',
        'content.credential_request',
        'content.generic_greeting',
      ]),
    );
    const inv = await analyzeFixture('phishing-zip-executable.eml');
    expect(ids(inv.analysis)).toContain('content.payment_request');
  });

  it('reads a preheader, spacers, responsive copies and button rows as layout, other hidden text as evasion', () => {
    const hidden = (html: string) =>
      ids(rulesEngine().analyzeTest({ subject: 's', sender: 'news@example.org', content: html })).includes(
        'content.hidden_text',
      );
    const pad = '\u200c '.repeat(80);
    expect(
      hidden(`<div style="display:none">Two hours, gloves and coffee included.${pad}</div><p>Hello</p>`),
    ).toBe(false);
    expect(
      hidden(
        '<div style="display:none">Verify your account now before it is closed</div><p>Hi</p><span style="font-size:0">wallet seed phrase recovery urgent</span>',
      ),
    ).toBe(true);
    expect(
      hidden(`<div style="display:none">${'filler words to fool the filter '.repeat(10)}</div><p>Hi</p>`),
    ).toBe(true);
    // What bulk-mail layouts hide for good reasons: a spacer run after the preheader, the mobile
    // copy of a paragraph the reader sees, a row of donation buttons for another screen width.
    const para = 'Our volunteers planted four hundred trees along the river this weekend.';
    expect(
      hidden(
        `<div style="display:none">Trees, volunteers and a thank-you.</div><div style="display:none">${pad}</div>` +
          `<p>${para}</p><div style="display:none;mso-hide:all">${para}</div>` +
          '<div style="display:none"><a href="https://x.example/d?10">Donate $10</a> <a href="https://x.example/d?25">Donate $25</a> <a href="https://x.example/d?50">Donate $50 now</a></div>',
      ),
    ).toBe(false);
    // The same layout with a second hidden paragraph nobody sees is evasion again.
    expect(
      hidden(
        `<div style="display:none">Trees, volunteers and a thank-you.</div><p>${para}</p>` +
          '<div style="display:none">your wallet recovery phrase must be confirmed today</div>',
      ),
    ).toBe(true);
  });

  it('names a message that vouches for itself as from a trusted sender, as a rule, never a newsletter asking to be a safe sender', () => {
    const claim = (content: string) =>
      rulesEngine()
        .analyzeTest({ subject: 'Parcel', sender: 'Track <info@parcels.example>', content })
        .indicators.find((i) => i.id === 'content.trusted_sender_claim');
    // As the corpus's parcel and account lures write it (rules 2.80.0), one language at a time.
    expect(claim('This message is from a trusted sender. DELIVERY SUSPENDED')?.evidence).toEqual([
      '"this message is from a trusted sender"',
    ]);
    expect(claim('-This message was sent to you@example.com from a trusted sender.')).toBeDefined();
    expect(claim('This message is sent from a trusted sender certified by Outlook Support.')).toBeDefined();
    expect(claim('- Ce message a été envoyé par un expéditeur fiable. LaPoste.fr')).toBeDefined();
    expect(claim('-Este mensaje fue enviado por un remitente de confianza. GLS')).toBeDefined();
    expect(claim('Este mensaje fue enviado desde un remitente confiable. FEDEX')).toBeDefined();
    expect(claim('Diese Nachricht wurde von einem vertrauenswürdigen Absender gesendet.')).toBeDefined();
    expect(claim('Dit bericht is verzonden door een vertrouwde afzender.')).toBeDefined();
    // What newsletters and mail clients' help pages write: a request, a list, another sender.
    expect(claim('Please add us to your safe senders list or trusted senders.')).toBeUndefined();
    expect(claim('Voeg ons e-mailadres toe aan uw vertrouwde afzenders.')).toBeUndefined();
    expect(claim('This message is from a sender outside your organisation.')).toBeUndefined();
    // A claim the model could learn would mean "from the honeypot": it is scored as a rule.
    expect(isModelSignal('content.trusted_sender_claim')).toBe(false);
    // Outlook's own note pasted above a real receipt: suspicious, but alone under the phishing line.
    const receipt = shippedEngine().analyzeTest({
      subject: 'Your receipt',
      sender: 'Bookshop <orders@bookshop.example>',
      content:
        'This message is from a trusted sender.\nHi Anna, your receipt for order #1234 of 12 March is attached. Thanks for shopping with us. The Bookshop team',
    });
    expect(receipt.indicators.map((i) => i.id)).toContain('content.trusted_sender_claim');
    expect(receipt.risk_level).toBe('MEDIUM');
    expect(receipt.is_phishing).toBe(false);
  });

  it('names prize bait in several languages, crypto-wallet lures, and words disguised with invisible or look-alike letters', () => {
    const found = (subject: string, content: string) =>
      rulesEngine().analyzeTest({ subject, sender: 'promo@example.net', content }).indicators;
    for (const [subject, content] of [
      ['Your reward is waiting', 'Open the link below to see it.'],
      ['Wij verloten meerdere cadeaukaarten', 'Doe mee en win een cadeaukaart van €250.'],
      ['Deine Belohnung wartet', 'Jetzt abholen.'],
      // German writes the prize as one compound word.
      ['Dein Weihnachtsbonus wartet', 'Jetzt abholen.'],
      ['Info', 'Ihr Treuegeschenk liegt bereit.'],
      ['Félicitations', 'Vous avez gagné un iPhone 16.'],
      ['U bent geselecteerd', 'U bent geselecteerd voor een weekend weg.'],
      // As the corpus's French and German prize lures write it (rules 2.79.0).
      [
        'Bon d’achat',
        'Nous sommes heureux de vous annoncer que vous êtes sélectionné en tant que gagnant potentiel !',
      ],
      ['Félicitations', 'Vous avez été choisi pour recevoir une toute nouvelle PS5 !'],
      ['Info', 'Votre bon d’achat Leclerc est prêt !'],
      ['Dernière chance', 'Réclamez votre cadeau avant minuit.'],
      ['Glückwunsch', 'Sie sind einer unserer möglichen Finalisten.'],
      ['Info', 'Ihr Name wurde in unserer Verlosung ausgewählt.'],
      ['Erinnerung', 'Ihre Belohnung steht noch aus.'],
      ['Prijs', 'Uw cadeau staat klaar.'],
    ]) {
      const p = found(subject as string, content as string).find((i) => i.id === 'content.prize');
      expect(p, subject).toBeDefined();
    }
    for (const [subject, content] of <[string, string][]>[
      ['Your order has shipped', 'Use your voucher next time.'],
      ['Ihre Bestellung', 'Ihr Paket wartet in der Filiale. Ihr Bonusheft liegt bei.'],
      // Dutch "u bent" is "you are": Mailman's goodbye read 84 on it before rules 2.76.7.
      ['U bent afgemeld van de Staff maillijst', 'U bent niet langer lid van deze lijst.'],
      // Chosen for a role or a trial is no prize.
      ['Votre candidature', 'Vous avez été sélectionné comme délégué du personnel.'],
      ['Bêta', 'Vous êtes sélectionnée en tant que testeuse de la version bêta.'],
      ['Wettbewerb', 'Die Finalisten des Wettbewerbs stehen fest.'],
      // A premium is also what an insurance charges, and a "prix" a price.
      [
        'Hausratversicherung',
        'Ihre Prämie steht noch aus. Bitte überweisen Sie den Betrag bis zum 15. März.',
      ],
      ['Meilen', 'Fordern Sie Ihre Prämie bis zum 31. Mai an.'],
      ['Votre devis', 'Votre prix personnalisé est prêt.'],
    ])
      expect(
        found(subject, content).map((i) => i.id),
        content,
      ).not.toContain('content.prize');

    const zw = found('Fi\u200b\u200bn\u200bal wa\u200brning: your photos', 'See the link.');
    expect(zw.find((i) => i.id === 'content.obfuscated_text')?.evidence).toEqual(['"Fi·n·al"', '"wa·rning"']);
    const bold = found('We called you 3 times', 'All your 𝐩𝐡𝐨𝐭𝐨𝐬 will be deleted.');
    expect(bold.find((i) => i.id === 'content.obfuscated_text')?.evidence).toEqual(['"𝐩𝐡𝐨𝐭𝐨𝐬"']);
    // The phrases read disguised words as the reader does (rules 2.32.0).
    expect(zw.find((i) => i.id === 'content.urgency')?.evidence).toContain('"final warning"');
    const shouted = found(
      '𝗟𝗔𝗦𝗧 𝗔𝗟𝗘𝗥𝗧: 𝗬𝗢𝗨𝗥 𝗔𝗖𝗖𝗢𝗨𝗡𝗧 𝗪𝗜𝗟𝗟 𝗕𝗘 𝗗𝗘𝗟𝗘𝗧𝗘𝗗',
      'Ｖｅｒｉｆｙ ｙｏｕｒ ａｃｃｏｕｎｔ now.',
    );
    expect(shouted.find((i) => i.id === 'content.threat')?.evidence).toEqual(['"will be deleted"']);
    expect(shouted.find((i) => i.id === 'content.credential_request')?.evidence).toEqual([
      '"verify your account"',
    ]);
    // Persian writes ZWNJ inside words; an emoji sequence joins with ZWJ: neither is disguise.
    for (const subject of ['رایانامه‌ی بازنشانی گذرواژه', 'Team news 👩\u200d💻 this week'])
      expect(found(subject, 'Hello').map((i) => i.id)).not.toContain('content.obfuscated_text');
    // A lower-case l for a capital I, inside a word in capitals.
    const caps = found('Subscription final Notice', 'Your payment failed. CONFlRM NOW >> or WlN a prize');
    expect(caps.find((i) => i.id === 'content.obfuscated_text')?.evidence).toEqual(['"CONFlRM"', '"WlN"']);
    // Not a formula (HCl), base64 or a path, not a word with other small letters, not ordinary capitals.
    for (const content of [
      'Add 5 ml of HCl to the sample.',
      'iQEzBAEBCAAdFiEE+KlGA/x',
      'see /DATA/XlY/ and McDonald',
      'CONFIRM NOW',
    ])
      expect(found('Lab notes', content).map((i) => i.id)).not.toContain('content.obfuscated_text');
    // Crypto-wallet drainers, and what a real wallet's or phone's mail says.
    for (const [subject, content] of <[string, string][]>[
      ['Trust Wallet Notification', 'Validate your wallet within 24 hours to avoid suspension.'],
      ['Lido Community Rewards', 'You are eligible for the LDO airdrop. Connect your wallet to claim.'],
      ['Ledger', 'Please enter your 24-word recovery phrase to restore access.'],
      ['Carteira', 'Sincronize a sua carteira hoje.'],
    ])
      expect(
        found(subject, content).map((i) => i.id),
        subject,
      ).toContain('content.wallet_lure');
    for (const content of [
      'Never share your recovery phrase with anyone, not even our support team.',
      'AirDrop photos from your iPhone to a Mac nearby.',
      'Update your wallet app to get the new card design. Secure your wallet with a passcode.',
    ])
      expect(
        found('Wallet news', content).map((i) => i.id),
        content,
      ).not.toContain('content.wallet_lure');
    // Casino bait in the languages of the phrase families, and what a bank or a game shop says.
    for (const [subject, content] of <[string, string][]>[
      ['🎁 200 Freispiele gratis', 'Keine Einzahlung erforderlich, es ist völlig kostenlos!'],
      ['Your reward', 'Claim 50 FREE SPINS today, no deposit required.'],
      ['Cadeau', 'Profitez de votre bonus sans dépôt dès aujourd’hui.'],
      ['Bono', 'Consigue 30 tiradas gratis hoy.'],
    ])
      expect(
        found(subject, content).map((i) => i.id),
        subject,
      ).toContain('content.casino_bonus');
    for (const content of [
      'Open an account with no minimum deposit and earn a welcome bonus of $200.',
      'Spin the wheel in our new game: free to play, no purchase needed.',
      'Ihre Einzahlung ist eingegangen. Freibetrag und Spielplan anbei.',
      // A deposit named without a bonus: a hotel, a landlord, a money transfer, a city's tours.
      'No deposit required when you book directly with the hotel.',
      'Location meublée sans dépôt de garantie, tours gratuits de la vieille ville le samedi.',
      'Envía giros gratis a tu familia y alquila sin depósito.',
    ])
      expect(found('Offer', content).map((i) => i.id)).not.toContain('content.casino_bonus');
    // A capital I for a lower-case l in a lure's word or a brand's name.
    const cap = found(
      'Someone tried to Iog in To Your Account',
      'Verify your WaIIet and BiIIing now. Scan your Iedger.',
    );
    expect(cap.find((i) => i.id === 'content.obfuscated_text')?.evidence).toEqual([
      '"Iog"',
      '"WaIIet"',
      '"BiIIing"',
      '"Iedger"',
    ]);
    // Names and words that carry a capital I of their own, and the pronoun.
    for (const content of [
      'In McIntosh we trust. It is on LinkedIn. If I can, Is it? iPhone and WiFi.',
      'Ivan Illich met Ingrid at the Ibis in Ilford.',
    ])
      expect(found('Notes', content).map((i) => i.id)).not.toContain('content.obfuscated_text');
  });

  it('flags scripts and password fields inside a message', () => {
    const a = rulesEngine().analyzeTest({
      subject: 's',
      sender: 'x@example.com',
      content: '<p>Sign in</p><script>steal()</script><form><input type="password"></form>',
    });
    expect(ids(a)).toEqual(expect.arrayContaining(['content.script', 'content.password_form']));
    expect(a.risk_level).toBe('HIGH');
  });
});

describe('attachment signals', () => {
  it('flags HTML attachments', async () => {
    const { analysis } = await analyzeFixture('phishing-html-attachment.eml');
    expect(analysis.indicators.find((i) => i.id === 'attachments.html_or_svg')?.evidence).toEqual([
      'Password_Keep.html',
    ]);
  });

  it('looks inside a zip and finds a double-extension executable', async () => {
    const { analysis } = await analyzeFixture('phishing-zip-executable.eml');
    const i = analysis.indicators.find((x) => x.id === 'attachments.archive_executable');
    expect(i?.evidence[0]).toContain('Invoice_2026_11.pdf.exe');
    expect(analysis.risk_level).toBe('HIGH');
  });
});

describe('advance-fee fraud', () => {
  const sender = 'Nora <nora.alex1990@gmail.com>';
  const SCAMS = [
    {
      subject: 'Hi',
      sender,
      content:
        'Mr. Bernard has donated $ 3,500,000.00 USD to you for the purpose of charity, contact Bernard Arnault email: bernard1949@gmail.com for details on how to receive your donation.',
    },
    {
      subject: 'URGENT ASSISTANCE',
      sender,
      content:
        'I am the lawyer to the late client who left fifteen million united states dollars with no next of kin. Kindly reply to me with your full name.',
    },
    {
      subject: 'Dia Bom',
      sender,
      content:
        'Meu nome é Nora. Tenho uma quantia razoável que herdei de meu pai e quero investir em seu país. Responda-me assim que ler esta mensagem.',
    },
    {
      subject: 'CHARITY',
      sender,
      content:
        'I have inherited from my late husband and want to WILL a total sum of { $ 15,\nmillion, united state dollars } to you. I shall give you more details once I receive your urgent\nresponse.',
    },
    {
      subject: 'Philanthropic Endeavors',
      sender,
      content:
        'I have decided to bequeath part of my fortune (£1,963,920.00 GBP) as a charity donation. If you are interested in accepting this donation, please reply directly to this message.',
    },
  ];

  it('recognises a windfall offered to a stranger who is asked to write back, with no link at all', () => {
    const rules = SCAMS.map((m) => rulesEngine().analyzeTest(m));
    for (const a of rules) expect(ids(a)).toContain('content.advance_fee');
    expect(rules[0]?.indicators.find((i) => i.id === 'content.advance_fee')?.evidence).toEqual([
      '"$ 3,500,000"',
      '"donated"',
      '"contact bernard arnault email"',
    ]);
    // Writing back is the action these ask for: the no-call-to-action ceiling (39) does not apply.
    for (const m of SCAMS) expect(shippedEngine().analyzeTest(m).risk_score).toBeGreaterThanOrEqual(50);
  });

  it('calls the letter phishing even when the model reads its words as everyday mail', () => {
    for (const m of SCAMS) {
      const a = reassured.analyzeTest(m);
      expect(a.model.probability).toBeLessThan(0.001);
      expect(a.risk_score, m.subject).toBeGreaterThanOrEqual(50);
      expect(a.is_phishing).toBe(true);
    }
  });

  it('reads the same offer in German, Portuguese, Spanish, French and Dutch', () => {
    const sender = 'x <x@example.net>';
    for (const content of [
      'Wir haben einen nicht eingeforderten Betrag von €2,000,000.00 der mit Ihrem Namen verknüpft ist. Senden Sie Ihre vollstä ndigen Namen an die Antwortadresse.',
      'Atenção: Beneficiários do fundo. O banco decidiu reembolsar o valor de USD 1.000.000,00. Entre em contato com a gerência do Banco Correspondente por e-mail.',
      'Le doy una donación de $2,000,000.00. Póngase en contacto conmigo para recibirla.',
      "J'ai hérité de 4 500 000 euros et je vous lègue cet héritage. Contactez-moi.",
      'Ik heb een erfenis van €3.500.000,00 voor u. Neem contact met mij op.',
      // A million written "Mio." and the verb "spenden" (rules 2.60.0).
      'Ich habe beschlossen, Ihnen 3.8 mio Eur zu spenden. Kontaktieren Sie mich für weitere Informationen.',
      'Ich möchte Ihnen € 2,5 Mio. spenden, bitte kontaktieren Sie mich.',
      // As "million" is after a currency sign: up to three spaces or commas before it (rules 2.60.1).
      'Eine Spende von €3,  Mio für Sie. Kontaktieren Sie mich.',
    ]) {
      const a = rulesEngine().analyzeTest({ subject: 'Hallo', sender, content });
      expect(ids(a), content).toContain('content.advance_fee');
    }
    // A charity's own appeal asks to contact *us*: not a stranger's windfall.
    const appeal = rulesEngine().analyzeTest({
      subject: 'Ihre Spende',
      sender: 'Stiftung <info@example.org>',
      content: 'Dank Ihrer Spende kamen €1.000.000,00 zusammen. Bei Fragen kontaktieren Sie uns.',
    });
    expect(ids(appeal)).not.toContain('content.advance_fee');
  });

  it('leaves news about millions and charities, and help-desk contacts, alone', () => {
    const news = rulesEngine().analyzeTest({
      subject: 'News Summary',
      sender: 'News <news@example.org>',
      content:
        'The foundation donated 25 million dollars to the relief fund; the charity said $2,000,000 more would follow. For questions, contact us at press@example.org.',
    });
    expect(ids(news)).not.toContain('content.advance_fee');
    const appeal = rulesEngine().analyzeTest({
      subject: 'Thank you',
      sender: 'Fund <hello@example.org>',
      content:
        'Our charity fund raised $2.5 million this year. We look forward to hearing from you at the gala, and await your reply to the invitation.',
    });
    expect(ids(appeal)).not.toContain('content.advance_fee');
  });

  it("counts a free-mail address to write to as getting in touch, but not the reader's own address", async () => {
    // A later phishing message: "contact: an address" with no "contact me" phrase to match.
    const offer = rulesEngine().analyzeTest({
      subject: 'Re:',
      sender: 'Torres Martinez <juanjose.torres@example.es>',
      content:
        'Seu endereço de e-mail foi selecionado para receber uma doação de dois milhões de dólares americanos (US$ 2.000.000,00). Para mais informações sobre sua doação, entre em contato com: bha7ce6tt2@gmail.com',
    });
    expect(ids(offer)).toContain('content.advance_fee');
    // A fundraising newsletter's footer names the reader's address; pasted, it is no contact either.
    const footer =
      'Thanks to 40,000 donations we raised $2 million. This email was sent to reader@gmail.com.';
    expect(
      ids(
        rulesEngine().analyzeTest({
          subject: 'A record week',
          sender: 'Campaign <info@example.org>',
          content: footer,
        }),
      ),
    ).not.toContain('content.advance_fee');
    const message = (text: string) =>
      Buffer.from(
        [
          'From: Campaign <info@example.org>',
          'To: reader@gmail.com',
          'Subject: A record week',
          '',
          text,
        ].join('\r\n'),
      );
    const own = 'Thanks to your donation we raised $2,000,000. Questions? E-mail: reader@gmail.com';
    const { analysis: toReader } = await rulesEngine().analyzeRaw(message(own));
    expect(ids(toReader)).not.toContain('content.advance_fee');
    const { analysis: elsewhere } = await rulesEngine().analyzeRaw(
      message(own.replace('reader@', 'claims.office@')),
    );
    expect(ids(elsewhere)).toContain('content.advance_fee');
  });

  it('counts a free-mail Reply-To on another domain as the way back, except on a list post', async () => {
    // A later phishing message: one line from a hijacked mailbox, the answers going to Gmail.
    const letter = (subject: string, from: string, replyTo: string | null) =>
      Buffer.from(
        [
          `From: ${from}`,
          ...(replyTo ? [`Reply-To: ${replyTo}`] : []),
          'To: reader@example.com',
          `Subject: ${subject}`,
          '',
          '¿Recibiste mi correo electrónico anterior sobre la donación?',
        ].join('\r\n'),
      );
    const hook = letter('Re: Donación de $2,000,000.00', 'Juan <juan@css.example.pa>', 'juan.s@gmail.com');
    const { analysis } = await reassured.analyzeRaw(hook);
    const fee = analysis.indicators.find((i) => i.id === 'content.advance_fee');
    expect(fee?.evidence).toEqual(['"$2,000,000"', '"donación"', 'Reply-To: juan.s@gmail.com']);
    expect(analysis.is_phishing).toBe(true);
    // The same letter without the Reply-To asks for nothing: no way back, no advance-fee rule.
    const { analysis: bare } = await rulesEngine().analyzeRaw(
      letter('Re: Donación de $2,000,000.00', 'Juan <juan@css.example.pa>', null),
    );
    expect(ids(bare)).not.toContain('content.advance_fee');
    // A list sends as the list and sets Reply-To to the poster: a thread about a donation is no letter.
    const { analysis: list } = await rulesEngine().analyzeRaw(
      letter(
        'Re: [Fund-list] Donación de $2,000,000.00',
        'Fund list <fund-list@lists.example.org>',
        'poster@gmail.com',
      ),
    );
    expect(ids(list)).not.toContain('content.advance_fee');
  });
});

describe('credential lure', () => {
  const raw = (from: string, html: string) => htmlMail(from, 'Account notice', html);
  const lure = (a: { indicators: { id: string; evidence: string[]; explanation: string }[] }) =>
    a.indicators.find((i) => i.id === 'content.credential_lure');

  it('pairs a request for account details with a link to a bare IP address, whatever the model reads', async () => {
    const html =
      '<p>Dear member, please <a href="http://203.0.113.7/webscr/">verify your account</a> to keep using our service.</p>';
    const { analysis } = await reassured.analyzeRaw(raw('PayPal <service@paypal.com>', html));
    expect(analysis.model.probability).toBeLessThan(0.001);
    expect(lure(analysis)?.evidence).toEqual(['"verify your account"', 'http://203.0.113.7/webscr/']);
    expect(lure(analysis)?.explanation).toContain('bare IP address');
    expect(analysis.risk_score).toBeGreaterThanOrEqual(50);
  });

  it('pairs the request with pressure, and a threat with an IP link', async () => {
    const pressed = await rulesEngine().analyzeRaw(
      raw(
        'Bank <alerts@bank.example>',
        '<p>Confirm your identity within 24 hours: <a href="https://bank.example/login">sign in</a>.</p>',
      ),
    );
    expect(lure(pressed.analysis)?.explanation).toContain('act at once');
    const threatened = await rulesEngine().analyzeRaw(
      raw(
        'Bank <alerts@bank.example>',
        '<p>Your account has been suspended. <a href="http://198.51.100.4/bank/">Details</a>.</p>',
      ),
    );
    expect(lure(threatened.analysis)?.explanation).toContain('threatens your account');
  });

  it('pairs the request with a form that posts elsewhere, or with script code', async () => {
    const ask = '<p>Please confirm your account details below.</p>';
    const form = await rulesEngine().analyzeRaw(
      raw(
        'Bank <alerts@bank.example>',
        `${ask}<form action="https://collect.example.net/post.php"><input name="pin"></form>`,
      ),
    );
    expect(lure(form.analysis)?.explanation).toContain('a form that sends what you type to another site');
    expect(form.analysis.risk_score).toBeGreaterThanOrEqual(50);
    const script = await rulesEngine().analyzeRaw(
      raw('Bank <alerts@bank.example>', `${ask}<script>document.write('x')</script>`),
    );
    expect(lure(script.analysis)?.explanation).toContain('script code');
  });

  it("leaves real account mail alone: a request on the sender's own site, or a threat with a named link", async () => {
    const confirm = await rulesEngine().analyzeRaw(
      raw(
        'Example <no-reply@example.com>',
        '<p>Welcome! Please confirm your account through the link below.</p><p><a href="https://example.com/confirm?t=abc">Confirm my account</a></p>',
      ),
    );
    expect(ids(confirm.analysis)).toContain('content.credential_request');
    expect(lure(confirm.analysis)).toBeUndefined();
    const lastChance = await rulesEngine().analyzeRaw(
      raw(
        'Shop <news@shop.example>',
        '<p>Your basket will be deleted tonight. <a href="https://click.mailer.example/r/1">https://shop.example/basket</a></p>',
      ),
    );
    expect(ids(lastChance.analysis)).toContain('content.threat');
    expect(lure(lastChance.analysis)).toBeUndefined();
  });
});

describe('impersonation lure', () => {
  const lureOf = (a: { indicators: { id: string; explanation: string; evidence: string[] }[] }) =>
    a.indicators.find((i) => i.id === 'sender.impersonation_lure');
  const content = 'Your account access has been limited. Review the details in your account area.';

  it('pairs a brand the sender does not write from with what the message wants, whatever the model reads', () => {
    const a = reassured.analyzeTest({
      subject: 'Notice',
      sender: 'PayPal <service@account-review.example>',
      content,
    });
    // It names the brand and the domain, as the sign it is made of does.
    expect(lureOf(a)?.explanation).toMatch(
      /^The sender calls itself PayPal but writes from account-review\.example, and /,
    );
    expect(lureOf(a)?.explanation).toContain('threatens a loss');
    expect(lureOf(a)?.evidence[0]).toContain('PayPal');
    expect(a.risk_score).toBeGreaterThanOrEqual(50);
  });

  it('reads the same false speaker in the subject', () => {
    const a = rulesEngine().analyzeTest({
      subject: 'CORREIOS - Comunicamos que seu pedido sera retornado ao remetente',
      sender: 'Atendimento <grupoglo@wo47.example.host>',
      content: 'Sua encomenda esta retida. Regularize imediatamente para evitar a devolucao.',
    });
    expect(lureOf(a)?.explanation).toContain('The subject speaks as a brand');
    expect(lureOf(a)?.explanation).toContain('act at once');
    expect(a.risk_score).toBeGreaterThanOrEqual(50);
  });

  it('pairs a brand the sender does not write from with a link to a site of no listed brand', async () => {
    // A compromised site's own notice posing as Ledger: every link stays on the sender's domain.
    const notice = (href: string) =>
      htmlMail(
        'Ledger Live <noreply@info.college.example>',
        'Firmware Patch for CVE-2025-1234',
        `<p>A vulnerability has been identified in versions prior to 2.1.1.</p><p><a href="${href}">Open Ledger Live</a></p>`,
      );
    const { analysis } = await reassured.analyzeRaw(notice('https://info.college.example/ledger/update'));
    expect(lureOf(analysis)?.explanation).toContain('links to college.example, not to a site of that brand');
    expect(lureOf(analysis)?.evidence).toEqual([
      expect.stringContaining('Ledger Live'),
      'link to college.example',
    ]);
    expect(analysis.risk_score).toBeGreaterThanOrEqual(50);
    // Links to a brand's own site take the reader nowhere new: the claim alone stays a signal.
    const { analysis: toBrand } = await reassured.analyzeRaw(notice('https://www.ledger.com/ledger-live'));
    expect(ids(toBrand)).toContain('sender.brand_display_name');
    expect(lureOf(toBrand)).toBeUndefined();
  });

  it('pairs a false speaker with what only an impostor of the brand writes, though it asks for nothing', () => {
    const cases: [sender: string, content: string, says: RegExp][] = [
      [
        'PayPal <service@notices.example>',
        'Dear Customer, your statement is ready.',
        /greets you generically/,
      ],
      // Cyrillic а and е inside a Latin word.
      ['PayPal <service@notices.example>', 'Your st\u0430t\u0435ment is ready.', /disguises its words/],
      ['PayPal <service@notices.example>', 'Your reward is waiting for you.', /promises you a prize/],
      ['PayPal <info@rewards42.onmicrosoft.com>', 'Your statement is ready.', /Microsoft 365 tenant/],
      ['PayPal® <service@notices.example>', 'Your statement is ready.', /trademark sign/],
    ];
    for (const [sender, content, says] of cases) {
      const a = reassured.analyzeTest({ subject: 'Statement', sender, content });
      expect(lureOf(a)?.explanation, content).toMatch(says);
      expect(a.risk_score, content).toBeGreaterThanOrEqual(50);
    }
    // The brand's own domain greets as it likes; a brand named only in the subject is a topic.
    const own = reassured.analyzeTest({
      subject: 'Statement',
      sender: 'PayPal <service@paypal.com>',
      content: 'Dear Customer, your statement is ready.',
    });
    expect(ids(own)).toContain('content.generic_greeting');
    expect(lureOf(own)).toBeUndefined();
    const topic = reassured.analyzeTest({
      subject: 'PayPal: what changed this year',
      sender: 'Fintech Weekly <news@fintech-weekly.example>',
      content: 'Dear friend, this week we read the fine print.',
    });
    expect(ids(topic)).toEqual(expect.arrayContaining(['sender.brand_subject', 'content.generic_greeting']));
    expect(lureOf(topic)).toBeUndefined();
  });

  it("leaves the brand's own mail, and a brand name that wants nothing, alone", () => {
    const own = rulesEngine().analyzeTest({
      subject: 'Notice',
      sender: 'PayPal <service@paypal.com>',
      content,
    });
    expect(ids(own)).toContain('content.threat');
    expect(lureOf(own)).toBeUndefined();
    const fans = rulesEngine().analyzeTest({
      subject: 'This week',
      sender: 'Netflix <club@fans.example>',
      content: 'Three new series reviewed by our members this week.',
    });
    expect(ids(fans)).toContain('sender.brand_display_name');
    expect(lureOf(fans)).toBeUndefined();
  });
});

describe('throwaway sender lure', () => {
  const lureOf = (a: { indicators: { id: string; explanation: string }[] }) =>
    a.indicators.find((i) => i.id === 'sender.throwaway_lure');

  it('pairs a tenant default or pseudo-country sender domain with what the message wants or how it presses', () => {
    const cases: [sender: string, content: string, says: RegExp][] = [
      ['Offers <deals@promo7.onmicrosoft.com>', 'Act now: this offer ends tonight.', /tenant.*act at once/],
      ['Rewards <club@lucky.uk.com>', 'Your reward is waiting for you.', /look like a country.*prize/],
      [
        'Billing <billing@pay.za.com>',
        'Please update your billing information.',
        /country.*sign in or confirm/,
      ],
    ];
    for (const [sender, content, says] of cases) {
      const a = reassured.analyzeTest({ subject: 'Hello', sender, content });
      expect(lureOf(a)?.explanation, sender).toMatch(says);
      // No brand is claimed: the explanation must not call it an impersonation.
      expect(lureOf(a)?.explanation, sender).toMatch(
        /the make-up of a lure sent from a throwaway address\.$/,
      );
      expect(a.risk_score, sender).toBeGreaterThanOrEqual(50);
    }
  });

  it('leaves such a sender that wants nothing to its own signal', () => {
    for (const sender of ['Team <office@smallfirm.onmicrosoft.com>', 'Shop <hello@teashop.uk.com>']) {
      const a = reassured.analyzeTest({
        subject: 'Minutes',
        sender,
        content: 'The minutes of Tuesday are attached.',
      });
      expect(
        ids(a).some((i) => i.startsWith('sender.tenant') || i.startsWith('sender.pseudo')),
        sender,
      ).toBe(true);
      expect(lureOf(a), sender).toBeUndefined();
      expect(a.risk_score, sender).toBeLessThan(50);
    }
  });
});

describe('forged brand sender', () => {
  const raw = (from: string) =>
    htmlMail(
      from,
      'Confirmation',
      '<p>Your confirmation is ready: <a href="http://198.51.100.23:1639/index.htm">link</a></p>',
    );
  const forged = (a: { indicators: { id: string; explanation: string; evidence: string[] }[] }) =>
    a.indicators.find((i) => i.id === 'sender.forged_brand');

  it("reads a brand's own From line over a link to a bare IP address as forged", async () => {
    const { analysis } = await rulesEngine().analyzeRaw(raw('PayPal <exchange-robot@paypal.com>'));
    expect(forged(analysis)?.explanation).toContain('writes from paypal.com, a domain of the brand PayPal');
    expect(analysis.risk_score).toBeGreaterThanOrEqual(50);
  });

  it("reads a link to a local address under a brand's From line as forged too, though no bare-address site", async () => {
    const local = htmlMail(
      'PayPal <exchange-robot@paypal.com>',
      'Confirmation',
      '<p>Your confirmation is ready: <a href="http://10.4.1.12:1639/index.htm">link</a></p>',
    );
    const { analysis } = await rulesEngine().analyzeRaw(local);
    expect(ids(analysis)).not.toContain('links.ip_host');
    expect(forged(analysis)?.evidence).toContain('Link host: 10.4.1.12');
    expect(analysis.risk_score).toBeGreaterThanOrEqual(50);
  });

  it('leaves free-mail and unknown senders to the other signals', async () => {
    for (const from of ['Ann <ann.lee@gmail.com>', 'Lab <admin@lab.example>']) {
      const { analysis } = await rulesEngine().analyzeRaw(raw(from));
      expect(ids(analysis)).toContain('links.ip_host');
      expect(forged(analysis)).toBeUndefined();
    }
  });

  const mail = (from: string, html: string) => rulesEngine().analyzeRaw(htmlMail(from, 'Your account', html));
  it("reads the sender's own brand named on a domain it does not use, or a form posting elsewhere, as forged", async () => {
    const named = await mail(
      'eBay <security@ebay.com>',
      '<p>Please <a href="http://signin.ebay.com.ws-cgi.example.net/ebayisapi">sign in</a> to keep your account.</p>',
    );
    expect(ids(named.analysis)).toContain('links.brand_on_unrelated_domain');
    expect(forged(named.analysis)?.explanation).toContain(
      "links to eBay's name on a domain eBay does not use",
    );
    expect(named.analysis.risk_score).toBeGreaterThanOrEqual(50);

    const form = await mail(
      'PayPal <service@paypal.com>',
      '<form action="http://203.0.113.9.example.net/update.php" method="post"><input name="card"></form>',
    );
    expect(forged(form.analysis)?.explanation).toContain(
      'holds a form that sends what you type to another site',
    );
  });

  it("leaves a brand's link naming another brand elsewhere, and a brand's own links, alone", async () => {
    // A shop's mail linking to a page about PayPal on a third-party site: no claim about its From line.
    const other = await mail(
      'eBay <deals@ebay.com>',
      '<p>Pay with <a href="https://checkout.example.net/paypal/offer">PayPal</a> this week.</p>',
    );
    expect(ids(other.analysis)).toContain('links.brand_on_unrelated_domain');
    expect(forged(other.analysis)).toBeUndefined();
    const own = await mail('eBay <deals@ebay.com>', '<p><a href="https://www.ebay.com/deals">Deals</a></p>');
    expect(forged(own.analysis)).toBeUndefined();
  });
});

describe('brands named in explanations', () => {
  it('spells a brand as it writes its own name', () => {
    const a = rulesEngine().analyzeTest({
      subject: 'eBay: your item',
      sender: 'OneDrive Team <share@farm.example>',
      content: 'See https://docs.example.net/paypal/login for details.',
    });
    const said = (id: string) => a.indicators.find((i) => i.id === id)?.explanation;
    expect(said('sender.brand_display_name')).toContain('calls itself OneDrive but');
    expect(said('sender.brand_subject')).toContain('The subject speaks as eBay,');
    expect(said('links.brand_on_unrelated_domain')).toContain('A link names PayPal on');
  });
});

describe('brands named in text', () => {
  it('finds every brand wherever it starts, sharing first letters, once each, in list order', () => {
    // amazon, americanexpress and ameli share "am"; coinbase, correios and costco share "co".
    expect(brandsIn('americanexpress amazon ameli', { allowCommonWords: false })).toEqual([
      'amazon',
      'americanexpress',
      'ameli',
    ]);
    expect(brandsIn('Correios/COINBASE-costco.example', { allowCommonWords: false }).sort()).toEqual([
      'coinbase',
      'correios',
      'costco',
    ]);
    expect(brandsIn('paypalpaypal', { allowCommonWords: false })).toEqual(['paypal']);
    // Long names count inside a word; short ones and common words only as whole tokens.
    expect(brandsIn('secure-paypal-login', { allowCommonWords: false })).toEqual(['paypal']);
    expect(brandsIn('mypaypalaccount', { allowCommonWords: false })).toEqual(['paypal']);
    expect(brandsIn('ameliorate', { allowCommonWords: false })).toEqual([]);
    expect(brandsIn('Your Apple ID', { allowCommonWords: true })).toEqual(['apple']);
    expect(brandsIn('Your Apple ID', { allowCommonWords: false })).toEqual([]);
    expect(brandsIn('pineapple', { allowCommonWords: true })).toEqual([]);
    expect(brandsIn('', { allowCommonWords: true })).toEqual([]);
    expect(brandsIn('a', { allowCommonWords: true })).toEqual([]);
    // A name inside a longer one, and a match starting inside a longer one that failed, are found.
    expect(brandsIn('caixa caixabank', { allowCommonWords: true }).sort()).toEqual(['caixa', 'caixabank']);
    expect(brandsIn('caixacaixabank', { allowCommonWords: false })).toEqual(['caixabank']);
    expect(brandsIn('amamazon intesasanpaol', { allowCommonWords: false })).toEqual(['amazon']);
    expect(brandsIn('AMA-ZON, in-tesa-san-paolo', { allowCommonWords: false }).sort()).toEqual([
      'amazon',
      'intesasanpaolo',
    ]);
  });
});

describe('French training-fund (CPF) solicitations', () => {
  it('recognises the pitch to unlock a reader’s CPF rights, from anyone but the official service', () => {
    expect(
      pastedIds(
        'Ne perdez pas vos droits CPF : vérifiez votre éligibilité',
        'Conseiller Formation CPF <s652960@charterschools.ae>',
        'Bonjour, vos droits à la formation expirent bientôt. Vérifiez votre solde dès maintenant.',
      ),
    ).toContain('content.training_fund_solicitation');
    expect(
      pastedIds(
        'Votre formation peut être financée par le CPF',
        'Espace CPF <x@example.net>',
        'Profitez-en avant la fin du mois.',
      ),
    ).toContain('content.training_fund_solicitation');
    // The state's own service writing about the account is not canvassing.
    expect(
      pastedIds(
        'Vos droits CPF ont été mis à jour',
        'Mon Compte Formation <ne-pas-repondre@moncompteformation.gouv.fr>',
        'Votre compte personnel de formation a été crédité.',
      ),
    ).not.toContain('content.training_fund_solicitation');
  });

  it('leaves a Brazilian CPF (a tax number) and a course that merely qualifies for the fund alone', () => {
    expect(
      pastedIds(
        'Pedido confirmado',
        'Loja <pedidos@example.com.br>',
        'Nota fiscal emitida para o CPF 123.456.789-00. Obrigado pela compra.',
      ),
    ).not.toContain('content.training_fund_solicitation');
    expect(
      pastedIds(
        'Nouvelle session d’anglais',
        'Institut Langues <contact@example.fr>',
        'Cette formation est éligible au CPF. Inscriptions ouvertes jusqu’au 15 mars.',
      ),
    ).not.toContain('content.training_fund_solicitation');
  });
});

describe('image-only mail', () => {
  const raw = (html: string) =>
    htmlMail('Acties <newsletters.rvng@example.net>', 'Los de puzzel op en win mooie prijzen', html);

  it('flags a picture with a link and no text to read, and says how little text there is', async () => {
    const { analysis: a } = await rulesEngine().analyzeRaw(
      raw(
        '<html><body><a href="https://example.net/c?id=1"><img src="https://example.net/p.jpg" alt=""></a></body></html>',
      ),
    );
    expect(ids(a)).toContain('content.image_only');
    expect(a.indicators.find((i) => i.id === 'content.image_only')?.evidence).toEqual([
      '0 characters of text, 1 link(s)',
    ]);
    // White space of any kind (no-break, ideographic) is not text.
    const { analysis: spaced } = await rulesEngine().analyzeRaw(
      raw(
        '<p>\u00a0\u3000 Hi \u2003</p><a href="https://example.net/c"><img src="https://example.net/p.jpg"></a>',
      ),
    );
    expect(spaced.indicators.find((i) => i.id === 'content.image_only')?.evidence).toEqual([
      '2 characters of text, 1 link(s)',
    ]);
  });

  it('judges the HTML a client shows, not a text/plain part beside it', async () => {
    const alternative = (plain: string, html: string) =>
      Buffer.from(
        [
          'From: Acties <newsletters.rvng@example.net>',
          'To: you@example.org',
          'Subject: Kijk 90 dagen gratis',
          'MIME-Version: 1.0',
          'Content-Type: multipart/alternative; boundary="b1"',
          '',
          '--b1',
          'Content-Type: text/plain; charset=utf-8',
          '',
          plain,
          '--b1',
          'Content-Type: text/html; charset=utf-8',
          '',
          html,
          '--b1--',
          '',
        ].join('\r\n'),
      );
    const picture = '<a href="https://example.net/c?id=1"><img src="https://example.net/p.jpg"></a>';
    const { analysis: decoy } = await rulesEngine().analyzeRaw(
      alternative('Our spring timetable is out: trains run every half hour from Monday.', picture),
    );
    expect(ids(decoy)).toContain('content.image_only');
    const { analysis: worded } = await rulesEngine().analyzeRaw(
      alternative(
        'Hello',
        '<p>Our spring timetable is out: trains run every half hour from Monday.</p><a href="https://example.net/t">Timetable</a>',
      ),
    );
    expect(ids(worded)).not.toContain('content.image_only');
  });

  it('leaves HTML with words in it, and pasted text, alone', async () => {
    const { analysis: worded } = await rulesEngine().analyzeRaw(
      raw(
        '<p>Our spring timetable is out: trains run every half hour from Monday.</p><a href="https://example.net/t">Timetable</a>',
      ),
    );
    expect(ids(worded)).not.toContain('content.image_only');
    expect(pastedIds('Hi', 'x@example.net', 'https://example.net')).not.toContain('content.image_only');
  });
});

describe('a blank block taller than a screen', () => {
  it('names it, with its height, in a full message', async () => {
    const raw = (html: string) =>
      htmlMail('Streaming Service <vi.jayjav@example.net>', 'Kijk 90 dagen gratis', html);
    const { analysis: a } = await rulesEngine().analyzeRaw(
      raw(
        '<a href="https://example.net/c"><img src="https://example.net/p.png"></a><span style="height:5000px;display:block"></span><p>Kamala just broke her silence on the debate, and the polls moved.</p>',
      ),
    );
    expect(a.indicators.find((i) => i.id === 'content.tall_blank')?.evidence).toEqual([
      'a blank block 5000 px tall',
    ]);
    const { analysis: b } = await rulesEngine().analyzeRaw(
      raw('<p>Our timetable is out: trains run every half hour.</p><div style="height:40px"></div>'),
    );
    expect(ids(b)).not.toContain('content.tall_blank');
  });

  it('makes the message phishing however ordinary the filler below it reads (rules 2.41.0)', async () => {
    const filler =
      'Thank you for standing with our campaign this year. Our volunteers knocked on doors in every county, and the debate showed what we are fighting for. ';
    const { analysis: a } = await shippedEngine().analyzeRaw(
      htmlMail(
        'Streaming Service <vi.jayjav@example.net>',
        'Kijk 90 dagen gratis',
        `<a href="https://proxweaners.example/lt/1125"><img src="https://proxweaners.example/p.png"></a><div style="height:3000px"></div><p>${filler.repeat(12)}</p>`,
      ),
    );
    expect(ids(a)).toContain('content.tall_blank');
    expect(a.is_phishing).toBe(true);
  });
});

describe('a line moved off the screen', () => {
  it('names how far, in a full message, and not a list’s hanging indent', async () => {
    const raw = (html: string) =>
      htmlMail('Payment/DecIined <customerservice.gufdq@example.net>', 'Final call', html);
    // Seen in later phishing: a picture lure drawn as a link's background, its text indented away.
    const { analysis: a } = await rulesEngine().analyzeRaw(
      raw(
        `<a href="https://example.net/c"><div style="DISPLAY: BLOCK; HEIGHT: 977PX; BACKGROUND: URL('https://example.net/p.png'); TEXT-INDENT: -9999PX;"> </div></a><p>Envio automático de Nota Fiscal Eletrônica.</p>`,
      ),
    );
    expect(a.indicators.find((i) => i.id === 'content.offscreen_indent')?.evidence).toEqual([
      'text moved 9999 px to the left',
    ]);
    const { analysis: b } = await rulesEngine().analyzeRaw(
      raw('<p style="margin-left:36pt;text-indent:-18.0pt">· Trains run every half hour.</p>'),
    );
    expect(ids(b)).not.toContain('content.offscreen_indent');
  });
});

describe('empty attachments', () => {
  const mixed = (part: string[]) =>
    Buffer.from(
      [
        'From: Acties <newsletters.rvng@example.net>',
        'To: you@example.org',
        'Subject: Wij hebben geprobeerd u te bereiken',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/html; charset=utf-8',
        '',
        '<a href="https://example.net/c?id=1"><img src="https://example.net/p.jpg"></a>',
        '--b1',
        ...part,
        '--b1--',
        '',
      ].join('\r\n'),
    );

  it('names a dummy part with nothing in it, and still reads the picture with a link as image-only', async () => {
    const { analysis: a } = await rulesEngine().analyzeRaw(
      mixed([
        'Content-Disposition: inline; filename="G0.ics"',
        'Content-Type: application/pdf; name="PR.ics"',
        '',
        '',
      ]),
    );
    expect(a.indicators.find((i) => i.id === 'attachments.empty')?.evidence).toEqual([
      'G0.ics (application/pdf, empty)',
    ]);
    expect(ids(a)).toContain('content.image_only');
  });

  it('counts an empty part as nothing to open: with no other call to action, the message is capped', async () => {
    const raw = Buffer.from(
      [
        'From: Billing <billing@example.net>',
        'To: you@example.org',
        'Subject: Invoice',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Here is the invoice for this month.',
        '--b1',
        'Content-Disposition: attachment; filename="invoice.pdf"',
        'Content-Type: application/pdf',
        '',
        '',
        '--b1--',
        '',
      ].join('\r\n'),
    );
    const { analysis: a } = await rulesEngine().analyzeRaw(raw);
    expect(ids(a)).toContain('attachments.empty');
    expect(a.risk_score).toBeLessThanOrEqual(39);
  });

  it('leaves a small real file alone, and a real file still makes the picture more than an image-only message', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
    const { analysis: a } = await rulesEngine().analyzeRaw(
      mixed([
        'Content-Disposition: attachment; filename="transp.gif"',
        'Content-Type: image/gif',
        'Content-Transfer-Encoding: base64',
        '',
        gif.toString('base64'),
      ]),
    );
    expect(ids(a)).not.toContain('attachments.empty');
    expect(ids(a)).not.toContain('content.image_only');
  });
});

describe('trademark signs in sender names', () => {
  const named = (sender: string) => pastedIds('Steak Sampler', sender, 'Just for loyal members.');

  it('notes a trademark, registered or copyright sign in the display name', () => {
    expect(named('Omaha Steaks ® <programodyoi@mons.example>')).toContain('sender.trademark_name');
    expect(named('UnitedHealthcare® <program@uhcmemberrewards.example>')).toContain('sender.trademark_name');
    expect(named('Acme™ Rewards <x@example.net>')).toContain('sender.trademark_name');
  });

  it('leaves plain names, and a sign in the subject or text, alone', () => {
    expect(named('Omaha Steaks <news@omahasteaks.example>')).not.toContain('sender.trademark_name');
    expect(
      pastedIds(
        'New: Acme® boots',
        'Acme <news@acme.example>',
        'Acme® and the Acme logo are registered trademarks.',
      ),
    ).not.toContain('sender.trademark_name');
  });
});

describe('webmail lures', () => {
  const lure = (subject: string, content: string) =>
    pastedIds(subject, 'Mail Admin <admin@mailserv.example>', content);

  it('recognises held messages to release, a password to keep, a mailbox to upgrade or shut', () => {
    for (const [subject, content] of <[string, string][]>[
      ['7 pending messages', 'You have 7 pending messages on the server. Release messages below.'],
      ['Password expiry', 'Your password expires today. Use the button below to keep the same password.'],
      ['Quota', 'Upgrade your mailbox now to continue receiving emails.'],
      ['Notice', 'Your e-mail account will be deactivated within 24 hours unless you confirm.'],
      ['Delivery failure', 'Some of your messages were not delivered. Release your held messages.'],
    ])
      expect(lure(subject, content), content).toContain('content.mailbox_lure');
  });

  it('leaves mail about incoming mail, and a changed password, alone', () => {
    expect(
      lure('Re: filtering', 'I sort my incoming email with procmail; 5000 incoming messages a day.'),
    ).not.toContain('content.mailbox_lure');
    expect(
      lure('Password changed', 'Your password was changed. If this was not you, contact support.'),
    ).not.toContain('content.mailbox_lure');
  });

  it("reads a wiki's temporary password as a reset, not a password that expires or one to keep", () => {
    // MediaWiki's English password reset (languages/i18n/en.json), as `npm run eval:mediawiki`
    // renders it: read MEDIUM 40 on both phrases before rules 2.76.6.
    const reset = pastedIds(
      'Account details on Northfield Wiki',
      'Northfield Wiki <wiki@northfield.example>',
      `Someone (probably you, from IP address 203.0.113.42) requested a reset of your
password for Northfield Wiki (https://wiki.northfield.example/wiki/Main_Page). The following user account is
associated with this email address:

Username:
JanaSmith

Temporary password:
k7Rq2mWz

This temporary password will expire in 7 days.
You should log in and choose a new password now. If someone else made this
request, or if you have remembered your original password, and you no longer
wish to change it, you may ignore this message and continue using your old
password.`,
    );
    expect(reset).not.toContain('content.mailbox_lure');
    expect(reset).not.toContain('content.credential_request');
    for (const [content, id] of <[string, string][]>[
      ['Your password will expire today. Sign in at the link below.', 'content.credential_request'],
      ['Ihr Passwort läuft heute ab. Melden Sie sich unten an.', 'content.credential_request'],
      ['Uw wachtwoord verloopt vandaag. Log hieronder in.', 'content.credential_request'],
      ['To continue using your old password, sign in below.', 'content.mailbox_lure'],
    ])
      expect(lure('Password notice', content), content).toContain(id);
    for (const content of [
      'Das temporäre Passwort läuft bald ab.',
      'Het tijdelijke wachtwoord verloopt over 7 dagen.',
    ])
      expect(lure('Account', content), content).not.toContain('content.credential_request');
  });

  const quota = (a: { indicators: { id: string; explanation: string }[] }) =>
    a.indicators.find((i) => i.id === 'content.notice_lure');
  const fromStranger = (content: string) =>
    reassured.analyzeTest({ subject: 'Notice', sender: 'Admin <admin@mail.smallfirm.example>', content });
  it("reads a provider's notice from a stranger as a lure, whatever the model reads", () => {
    for (const [content, says] of <[string, string][]>[
      [
        'Your email quota has exceeded the set limit of 2GB. To re-set your email quota, click here.',
        'over its quota',
      ],
      ['You have used 99.8% of your email storage. Incoming messages are being returned.', 'over its quota'],
      ['Dear user, your mailbox is almost full. Increase your mailbox size below.', 'over its quota'],
      ['You have a new voicemail from +1 415 555 0132. Duration 0:42. Play Voicemail', 'a voicemail or fax'],
      ['You have received a 3 page fax. View Fax Document', 'a voicemail or fax'],
      ['Your message could not be delivered to 4 recipients. Click below to retry.', 'sent again'],
    ]) {
      const a = fromStranger(content);
      expect(quota(a)?.explanation, content).toContain(says);
      expect(quota(a)?.explanation, content).toContain('yet comes from smallfirm.example');
      expect(a.risk_score, content).toBeGreaterThanOrEqual(50);
    }
  });

  it('leaves a person writing about their inbox, a voicemail or a fax alone', () => {
    for (const content of [
      'Sorry, my inbox is full this week; write to my other address.',
      'We need to increase the storage on the NAS before Friday.',
      'Please listen to the voicemail I left you this morning.',
      'We received a fax from your office yesterday; can you view the fax and call me?',
      'Could you resend the emails from Monday? They never arrived.',
    ])
      expect(quota(fromStranger(content)), content).toBeUndefined();
  });

  it("leaves a provider's own notice, and your own domain's server, to the other signals", async () => {
    const full = 'Your storage is almost full: you have used 95% of your storage. Get more storage.';
    const google = reassured.analyzeTest({
      subject: 'Your Google Account storage is almost full',
      sender: 'Google <no-reply@accounts.google.com>',
      content: full,
    });
    expect(quota(google)).toBeUndefined();
    // cPanel writes its quota warning from the reader's own domain.
    const { analysis } = await rulesEngine().analyzeRaw(
      htmlMail('cPanel <cpanel@reader.example>', 'Mailbox quota warning', `<p>${full}</p>`)
        .toString()
        .replace('To: reader@example.org', 'To: ann@reader.example'),
    );
    expect(quota(analysis)).toBeUndefined();
    const stranger = reassured.analyzeTest({
      subject: 'Mailbox quota warning',
      sender: 'cPanel <cpanel@reader.example>',
      content: full,
    });
    expect(quota(stranger)).toBeDefined();
    // Pasted, there is no recipient to tell: the explanation says so instead of claiming it.
    expect(quota(stranger)?.explanation).not.toContain("your own domain's server");
    expect(quota(stranger)?.explanation).toContain(
      "If that is your own organisation's domain, its own mail server may have sent it",
    );
    // Full mail to someone else's domain can say it.
    const { analysis: toOther } = await rulesEngine().analyzeRaw(
      htmlMail('cPanel <cpanel@reader.example>', 'Mailbox quota warning', `<p>${full}</p>`),
    );
    expect(quota(toOther)?.explanation).toContain("not a mail or phone provider or your own domain's server");
  });
});

describe('the lure phrasings in other languages', () => {
  const rules = (content: string) => pastedIds('Notice', 'Service <service@notice.example>', content);
  /** Each text, pasted, is read as the signal `id` (or, with `read` false, is not). */
  const expectRead = (id: string, texts: string[], read = true) => {
    for (const text of texts)
      if (read) expect(rules(text), text).toContain(id);
      else expect(rules(text), text).not.toContain(id);
  };
  // One account lure per language: a restricted account, a deadline, a request to confirm.
  const lures: [string, string][] = [
    [
      'de',
      'Sehr geehrte Kundin, Ihr Konto wurde vorübergehend eingeschränkt. Bestätigen Sie Ihre Identität innerhalb von 24 Stunden.',
    ],
    [
      'fr',
      'Cher client, votre compte a été temporairement suspendu. Veuillez confirmer votre identité dans les 24 heures.',
    ],
    [
      'es',
      'Estimado cliente: su cuenta ha sido suspendida. Debe confirmar su identidad en las próximas 24 horas.',
    ],
    ['pt', 'Caro cliente, a sua conta foi temporariamente restrita. Confirme a sua identidade em 24 horas.'],
    ['nl', 'Beste klant, uw rekening is tijdelijk beperkt. Verifieer uw identiteit binnen 24 uur.'],
    [
      'it',
      'Gentile cliente, il tuo conto è stato temporaneamente sospeso. Conferma la tua identità entro 24 ore.',
    ],
  ];

  it('reads a restricted account, a deadline, a request to confirm and a generic greeting in six languages', () => {
    for (const [lang, content] of lures)
      expect(rules(content), lang).toEqual(
        expect.arrayContaining([
          'content.threat',
          'content.urgency',
          'content.credential_request',
          'content.generic_greeting',
        ]),
      );
  });

  it('reads the webmail lures and fee demands in those languages', () => {
    expectRead('content.mailbox_lure', [
      'Ihr Postfach ist voll. Um Ihr aktuelles Passwort zu behalten, melden Sie sich an.',
      'Votre boîte aux lettres est pleine : 14 messages entrants sont en attente.',
      'Su buzón está lleno. Valide su buzón para liberar los mensajes retenidos.',
      'Para manter a sua senha atual, valide a sua caixa de correio.',
      'Om uw huidige wachtwoord te behouden, meldt u zich hieronder aan.',
      'La tua casella di posta è piena: i messaggi in arrivo sono trattenuti.',
    ]);
    expectRead('content.payment_request', [
      'Votre colis est en attente : frais de douane impayés de 1,99 €.',
      'Sie haben Anspruch auf eine Rückerstattung von 264,80 €.',
      'Tiene derecho a una devolución de 264,80 €.',
      'Hai diritto a un rimborso fiscale di 264,80 €.',
    ]);
  });

  it('matches whole words only, accented letters included, and leaves real account mail of those languages quiet', () => {
    // A phrase may start or end on an accented letter ("última"); "bloqueado" inside a longer
    // word ("desbloqueado", unblocked), and "won" in "won't", are not the phrases.
    expect(rules('Última oportunidade: responda hoje.')).toContain('content.urgency');
    expect(rules('Penúltima oportunidade: responda hoje.')).not.toContain('content.urgency');
    // "sofort" (at once) inside "Sofortüberweisung" (a bank transfer service) ends on ü.
    expect(rules('Bezahlen Sie bequem per Sofortüberweisung.')).not.toContain('content.urgency');
    // A security notice's advice to change the password at once is not pressure towards a link;
    // the same words without the password are.
    for (const advice of [
      'If this was not you, please change your password immediately.',
      'Wenn du das nicht warst, ändere bitte sofort dein Passwort.',
      'Wenn Sie das nicht waren, ändern Sie Ihr Passwort umgehend.',
      'Veuillez changer votre mot de passe immédiatement.',
      'Por favor cambie su contraseña inmediatamente.',
      'Altere imediatamente a sua senha.',
      'Wijzig onmiddellijk uw wachtwoord.',
      'Cambia immediatamente la tua password.',
      'If you do not recognize this change then please take proper security precautions immediately.',
      'Wenn Sie diese Änderung nicht erkennen, ergreifen Sie bitte umgehend angemessene Sicherheitsmaßnahmen.',
      'Veuillez prendre immédiatement les mesures de sécurité qui s’imposent.',
      'Si no reconoce este cambio, tome inmediatamente las precauciones de seguridad adecuadas.',
      'Se não reconhece esta alteração, por favor tome as devidas precauções de segurança imediatamente.',
      'Se non riconosci questa modifica, adotta immediatamente le opportune misure di sicurezza.',
      // A confidentiality disclaimer asks the reader to tell the sender of a misdelivery.
      'If you are not the intended recipient, please notify the sender immediately and delete this message.',
      'If you received this in error, please immediately notify the sender by reply email.',
      'Wenn Sie nicht der richtige Adressat sind, informieren Sie bitte sofort den Absender.',
      "Si vous n'êtes pas le destinataire, merci d'en avertir immédiatement l'expéditeur.",
      'Si usted no es el destinatario, notifique inmediatamente al remitente.',
      'Se não for o destinatário, notifique imediatamente o remetente.',
      'Indien u niet de geadresseerde bent, gelieve de afzender onmiddellijk te verwittigen.',
      'Se non sei il destinatario, avvisa immediatamente il mittente.',
    ])
      expect(rules(advice), advice).not.toContain('content.urgency');
    // A lure that asks for the reply at once is still pressure.
    expect(rules('Please reply immediately with your account number.')).toContain('content.urgency');
    expect(rules('Please confirm your details immediately.')).toContain('content.urgency');
    expect(rules('Bitte bestätigen Sie sofort Ihre Daten.')).toContain('content.urgency');
    expect(rules('Pedido desbloqueado: sale mañana.')).not.toContain('content.threat');
    expect(rules('Pedido bloqueado: contacte-nos.')).toContain('content.threat');
    // A threat is something blocked or switched off: not the reader locked out as advice, not a
    // feature switched off in a notice, not a mail client's "show blocked content".
    expect(rules('Si usted está bloqueado de su cuenta, contacte al administrador.')).not.toContain(
      'content.threat',
    );
    expect(rules("L'autenticazione a due fattori per il tuo account è stata disattivata.")).not.toContain(
      'content.threat',
    );
    expect(rules('Clique em "mostrar conteúdo bloqueado" para ver esta mensagem.')).not.toContain(
      'content.threat',
    );
    expect(rules('Il tuo account è stato sospeso.')).toContain('content.threat');
    expect(rules('Todas as transações da sua conta foram bloqueadas.')).toContain('content.threat');
    expect(rules('Su cuenta ha sido bloqueada por seguridad.')).toContain('content.threat');
    expect(rules("You won't need to do anything: your order ships tomorrow.")).not.toContain(
      'content.payment_request',
    );
    // A bank's or shop's name between "your" and the account (Nazario's 2004-2005 lures), not
    // a request for something else, nor a longer word.
    expectRead('content.credential_request', [
      'We suggest you to access the following link to verify your Huntington Online Banking account.',
      'Confirm your Online Banking records: https://www.wamu.example/confirm',
    ]);
    expectRead(
      'content.credential_request',
      [
        'Update your mailing preferences at any time.',
        'Confirm your two new bank accounts in the app.',
        'Verify your phone number to finish signing up.',
      ],
      false,
    );
    // An account that "may be" or is "being" restricted (rules 2.45.0): the threat with a hedge in it.
    expectRead('content.threat', [
      'Failure to do so may result in your account being restricted.',
      'Otherwise your access may be temporarily limited.',
    ]);
    expectRead('content.threat', ['Your account is being restored from the backup.'], false);
    // Portuguese "cancelada" is a threat to come or said of an account (rules 2.78.1), not a
    // list's goodbye or a cancellation the reader asked for.
    expectRead('content.threat', [
      'Sua conta será cancelada em 24 horas.',
      'Caso contrário, seu cadastro pode ser cancelado.',
      'Seu cartão foi cancelado temporariamente.',
      'Após essa data, sua solicitação será automaticamente cancelada.',
      'Cadastros com irregularidades poderão ser cancelados definitivamente.',
    ]);
    expectRead(
      'content.threat',
      ['Cancelada a inscrição de maria@exemplo.pt da lista Equipa.', 'Pedido cancelado conforme solicitado.'],
      false,
    );
    for (const content of [
      'Hallo Anna, deine Bestellung #10482 ist eingegangen. Bestellung ansehen: https://kaffee-nord.example/konto',
      'Bonjour Julie, votre commande n° 10482 a bien été expédiée. Suivre le colis : https://boutique.example/suivi',
      'Hola Lucía: hemos recibido tu pedido n.º 10482. Ver tu pedido: https://tienda.example/pedido',
      'Olá Pedro, a sua encomenda n.º 10482 foi enviada. Acompanhar: https://loja.example/encomenda',
      'Hallo Sanne, je bestelling #10482 is verzonden. Bekijk je bestelling: https://winkel.example/bestelling',
      'Ciao Marco, il tuo ordine n. 10482 è stato spedito. Visualizza l’ordine: https://negozio.example/ordine',
    ])
      expect(rules(content), content).not.toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^content\.(threat|credential_request|mailbox_lure|payment_request)$/),
        ]),
      );
  });
});

describe('a sender posing as the recipient’s own organisation', () => {
  const mail = (from: string, to: string, extra = '') =>
    Buffer.from(
      [
        `From: ${from}`,
        `To: ${to}`,
        extra,
        'Subject: 7 pending messages',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Your messages are waiting.',
      ]
        .filter(Boolean)
        .join('\r\n'),
    );
  const named = async (raw: Buffer) => ids((await rulesEngine().analyzeRaw(raw)).analysis);

  it('flags a name carrying the recipient’s domain, sent from another one', async () => {
    expect(
      await named(mail('"monkey.org Mail Admin" <admin@mailserv-update.example>', 'jose@monkey.org')),
    ).toContain('sender.recipient_domain_name');
    // The mailbox's own address may only be in Delivered-To (a list or Bcc delivery).
    expect(
      await named(
        mail(
          '"Monkey IT Helpdesk" <it@helpdesk.example>',
          'undisclosed-recipients:;',
          'Delivered-To: jose@monkey.org',
        ),
      ),
    ).toContain('sender.recipient_domain_name');
  });

  it('leaves the organisation’s own mail, free-mail recipients and pasted text alone', async () => {
    expect(await named(mail('"monkey.org IT" <it@monkey.org>', 'jose@monkey.org'))).not.toContain(
      'sender.recipient_domain_name',
    );
    expect(await named(mail('"Gmail fan club" <club@fans.example>', 'jose@gmail.com'))).not.toContain(
      'sender.recipient_domain_name',
    );
    // A list member whose name merely contains the list's domain name.
    expect(await named(mail('"FRLinux" <frlinux@frlinux.example>', 'ilug@linux.ie'))).not.toContain(
      'sender.recipient_domain_name',
    );
    expect(pastedIds('x', 'monkey.org Admin <admin@evil.example>', 'Dear jose@monkey.org')).not.toContain(
      'sender.recipient_domain_name',
    );
  });
});

describe("a service's own request to confirm an account", () => {
  const VERIFY = 'Verify your email address for your account by clicking the link below.';
  const note = (from: string, href: string, extra = '') =>
    htmlMail(
      from,
      'Verify Your Email',
      `<p>${VERIFY}</p><p><a href="${href}">Verify Email Address Now</a></p><p>${extra}If you did not request to verify your account, you can safely ignore this email.</p>`,
    );
  const read = async (raw: Buffer) => ids((await rulesEngine().analyzeRaw(raw)).analysis);

  it('is no credential request when every link stays on the sender’s own site and nothing else is wrong', async () => {
    const own = await read(
      note(
        'Vaultwarden <vaultwarden@vault.acme-corp.com>',
        'https://vault.acme-corp.com/#/verify-email/?token=eyJ',
      ),
    );
    expect(own).toContain('content.own_site_confirmation');
    expect(own).not.toContain('content.credential_request');
    // Pasted with its link written out, the same.
    const pasted = pastedIds(
      'Verify Your Email',
      'Vaultwarden <vaultwarden@vault.acme-corp.com>',
      `${VERIFY} https://vault.acme-corp.com/#/verify-email/?token=eyJ`,
    );
    expect(pasted).toContain('content.own_site_confirmation');
    expect(pasted).not.toContain('content.credential_request');
  });

  it('says of pasted text that its addresses are written, not where its links lead', async () => {
    const said = (a: { indicators: { id: string; explanation: string; evidence: string[] }[] }) =>
      a.indicators.find((i) => i.id === 'content.own_site_confirmation');
    const pasted = said(
      rulesEngine().analyzeTest({
        subject: 'Verify Your Email',
        sender: 'Vaultwarden <vaultwarden@vault.acme-corp.com>',
        content: `${VERIFY} https://vault.acme-corp.com/#/verify-email/?token=eyJ`,
      }),
    );
    expect(pasted?.explanation).toContain('every address written in it is on acme-corp.com');
    expect(pasted?.explanation).toContain('cannot show where a button or a linked address really leads');
    expect(pasted?.explanation).not.toContain('every link stays');
    expect(pasted?.evidence).toContain('addresses written: acme-corp.com only');
    // Full mail's links are where they lead; so are a text part's written addresses.
    const full = said(
      (
        await rulesEngine().analyzeRaw(
          note(
            'Vaultwarden <vaultwarden@vault.acme-corp.com>',
            'https://vault.acme-corp.com/#/verify-email/?token=eyJ',
          ),
        )
      ).analysis,
    );
    expect(full?.explanation).toContain('every link stays on acme-corp.com');
    expect(full?.evidence).toContain('links: acme-corp.com only');
    const plain = Buffer.from(
      [
        'From: Vaultwarden <vaultwarden@vault.acme-corp.com>',
        'To: reader@example.org',
        'Subject: Verify Your Email',
        'Content-Type: text/plain; charset=utf-8',
        '',
        `${VERIFY} https://vault.acme-corp.com/#/verify-email/?token=eyJ`,
      ].join('\r\n'),
    );
    expect(said((await rulesEngine().analyzeRaw(plain)).analysis)?.explanation).toContain(
      'every link stays on acme-corp.com',
    );
    // Pasted HTML source keeps its links.
    const source = said(
      rulesEngine().analyzeTest({
        subject: 'Verify Your Email',
        sender: 'Vaultwarden <vaultwarden@vault.acme-corp.com>',
        content: `<p>${VERIFY}</p><p><a href="https://vault.acme-corp.com/#/verify-email/?token=eyJ">Verify Email Address Now</a></p>`,
      }),
    );
    expect(source?.explanation).toContain('every link stays on acme-corp.com');
  });

  it('stays a credential request when a link leaves the site, the sender speaks as someone else or presses, or writes from free mail', async () => {
    for (const [from, href, extra] of [
      // The link goes to another registrable domain.
      ['Vaultwarden <vaultwarden@vault.acme-corp.com>', 'https://acme-corp-vault.top/verify', ''],
      // The sender calls itself a brand it does not write from.
      ['PayPal <service@vault.acme-corp.com>', 'https://vault.acme-corp.com/verify', ''],
      // Pressure beside the request.
      [
        'Vaultwarden <vaultwarden@vault.acme-corp.com>',
        'https://vault.acme-corp.com/verify',
        'Your account will be suspended within 24 hours. ',
      ],
      // Free mail: anyone's.
      ['Vault Team <vault.team@gmail.com>', 'https://gmail.com/verify', ''],
    ] as const) {
      const got = await read(note(from, href, extra));
      expect(got, `${from} ${href} ${extra}`).toContain('content.credential_request');
      expect(got, `${from} ${href} ${extra}`).not.toContain('content.own_site_confirmation');
    }
    // No link at all: nothing says where the confirmation happens.
    expect(pastedIds('Verify Your Email', 'Vaultwarden <vaultwarden@vault.acme-corp.com>', VERIFY)).toContain(
      'content.credential_request',
    );
  });
});
