import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandOwns } from '../../src/core/index.js';
import { FIXTURES, ids, rulesEngine, shippedEngine } from '../helpers/engine.js';

const raw = (name: string) => readFileSync(join(FIXTURES, 'service-mail', name), 'latin1');
const analyse = async (text: string, engine = shippedEngine()) =>
  (await engine.analyzeRaw(Buffer.from(text, 'latin1'))).analysis;
/**
 * A service's own mail (a fixture) is not read as phishing nor as any of `notRead`, and the same
 * mail with `domain` replaced by `elsewhere` claims the brand.
 */
async function ownMailAndCopy(name: string, domain: string, elsewhere: string, notRead: string[]) {
  const mail = raw(name);
  const a = await analyse(mail);
  for (const id of notRead) expect(ids(a)).not.toContain(id);
  expect(a.is_phishing).toBe(false);
  const copy = mail.replaceAll(domain, elsewhere);
  expect(copy).not.toBe(mail);
  expect(ids(await analyse(copy, rulesEngine()))).toContain('sender.brand_display_name');
}
/** Whether each brand owns each domain, as `owned` says. */
const expectOwned = (pairs: readonly [string, string][], owned = true) => {
  for (const [brand, domain] of pairs) expect(brandOwns(brand, domain), `${brand} ${domain}`).toBe(owned);
};

describe('what Microsoft 365 itself sends', () => {
  it('counts Microsoft’s own sending domains, shortener and brand top-level domains as Microsoft’s', () => {
    expectOwned([
      ...['microsoft', 'sharepoint', 'onedrive'].flatMap((brand) =>
        ['sharepointonline.com', 'mail.microsoft', 'aka.ms'].map((d): [string, string] => [brand, d]),
      ),
      ['outlook', 'mail.microsoft'],
      ['microsoft', 'microsoftstoreemail.com'],
      ['yahoo', 'cc.yahoo-inc.com'],
      ['yahoo', 'service.comms.yahoo.net'],
    ]);
    // A name under another suffix is not: the brand TLD is matched as the last label only.
    expectOwned(
      [
        ['microsoft', 'mail.microsoft.com.example'],
        ['microsoft', 'microsoft.example'],
        ['microsoft', 'sharepointonline.com.example'],
      ],
      false,
    );
  });

  it('does not read a Teams notice from teams.mail.microsoft as an impersonation', async () => {
    // The same notice from a domain of anyone's is one.
    await ownMailAndCopy('legit-teams-message.eml', 'teams.mail.microsoft', 'teams-mail-microsoft.example', [
      'sender.brand_display_name',
      'sender.impersonation_lure',
    ]);
  });

  it('does not read a SharePoint share from sharepointonline.com as a brand claim', async () => {
    const share = raw('legit-sharepoint-share.eml').replace(
      'From: Rachel Okafor <no-reply@sharepointonline.com>',
      'From: SharePoint Online <no-reply@sharepointonline.com>',
    );
    expect(share).toContain('From: SharePoint Online');
    expect(ids(await analyse(share, rulesEngine()))).not.toContain('sender.brand_display_name');
    expect((await analyse(raw('legit-sharepoint-share.eml'))).is_phishing).toBe(false);
  });

  it('does not flag Microsoft 365’s quarantine digest for the lures it lists', async () => {
    // Held mail listed by sender and subject, every link on security.microsoft.com: the listed
    // senders are no one to write to, and "Microsoft 365" names microsoft365.com, Microsoft's.
    const a = await analyse(raw('legit-microsoft-quarantine-digest.eml'));
    expect(ids(a)).toContain('sender.own_brand_site');
    expect(ids(a)).not.toContain('sender.site_name_elsewhere');
    expect(a.is_phishing).toBe(false);
  });

  it('reads Exchange’s own delivery report as the organisation’s, not as Microsoft’s name', async () => {
    const bounce = raw('legit-exchange-bounce.eml');
    const a = await analyse(bounce);
    expect(ids(a)).not.toContain('sender.brand_display_name');
    expect(a.risk_level).toBe('SAFE');
    const variants: [string, string][] = [
      // From another organisation than the one it reports to.
      [
        'another domain',
        bounce.replace(/(MicrosoftExchange[0-9a-f]{32})@example\.org/, '$1@mail-notice.example'),
      ],
      // Not Exchange's system mailbox.
      ['another mailbox', bounce.replace(/MicrosoftExchange[0-9a-f]{32}@/, 'postmaster@')],
      // Another name than Exchange's own.
      ['another name', bounce.replace('From: Microsoft Outlook <', 'From: Microsoft Support <')],
      // No delivery report in it.
      ['no report', bounce.replace('Content-Type: message/delivery-status', 'Content-Type: text/plain')],
    ];
    for (const [what, text] of variants) {
      expect(text, what).not.toBe(bounce);
      expect(ids(await analyse(text, rulesEngine())), what).toContain('sender.brand_display_name');
    }
  });

  it('reads Exchange’s quota warning, with nothing to act on, as the organisation’s own', async () => {
    const quota = raw('legit-exchange-quota-warning.eml');
    const a = await analyse(quota);
    expect(ids(a)).not.toContain('sender.brand_display_name');
    expect(a.risk_level).toBe('SAFE');
    const link = '<p><a href="https://mailbox-quota.example/upgrade">Increase your storage</a></p>\n</body>';
    const variants: [string, string][] = [
      // The lure that copies it: a link to "increase the quota".
      ['a link', quota.replace('</body>', link)],
      // From another organisation than the one it warns.
      [
        'another domain',
        quota.replace(/(MicrosoftExchange[0-9a-f]{32})@example\.org/, '$1@mail-notice.example'),
      ],
      // Not Exchange's system mailbox.
      ['another mailbox', quota.replace(/MicrosoftExchange[0-9a-f]{32}@/, 'quota@')],
    ];
    for (const [what, text] of variants) {
      expect(text, what).not.toBe(quota);
      expect(ids(await analyse(text, rulesEngine())), what).toContain('sender.brand_display_name');
    }
  });
});

describe('an authenticated service’s footer', () => {
  it('lets app-store pages pass as the service’s own links, and nothing that only looks like one', async () => {
    const jira = raw('legit-jira-assignment.eml');
    const trusting = { trustedAuthServIds: ['mx.example.org'] };
    const read = async (text: string) =>
      (await shippedEngine().analyzeRaw(Buffer.from(text, 'latin1'), trusting)).analysis;
    const a = await read(jira);
    expect(ids(a)).toContain('auth.verified_sender');
    expect(a.summary).toContain('every link stays on its own sites (or opens an app store)');
    expect(a.risk_level).toBe('SAFE');
    const variants: [string, string][] = [
      // A page on another host whose name starts like the store's.
      [
        'look-alike host',
        jira.replace(
          'https://play.google.com/store/apps/',
          'https://play.google.com.apps-store.example/store/apps/',
        ),
      ],
      // Google's own site, but not an app's page on the store.
      [
        'not an app page',
        jira.replace('https://play.google.com/store/apps/', 'https://play.google.com/redirect/'),
      ],
      // Plain http: not how the stores link.
      ['plain http', jira.replace('https://apps.apple.com/', 'http://apps.apple.com/')],
    ];
    for (const [what, text] of variants) {
      expect(text, what).not.toBe(jira);
      expect(ids(await read(text)), what).not.toContain('auth.verified_sender');
    }
  });
});

describe('what e-signature services send for their users', () => {
  it('counts Dropbox Sign’s and Acrobat Sign’s sending domains as their brands’', () => {
    expectOwned([
      ['dropbox', 'hellosign.com'],
      ['dropbox', 'dropboxsign.com'],
      ['adobe', 'echosign.com'],
      // The brand top-level domains of Google, Apple and Amazon, as Microsoft's.
      ['google', 'safety.google'],
      ['google', 'g.co'],
      ['apple', 'newsroom.apple'],
      ['amazon', 'aboutamazon.amazon'],
    ]);
    expectOwned([['google', 'google.example']], false);
  });

  it.each([
    ['legit-dropbox-sign-request.eml', 'mail.hellosign.com'],
    ['legit-acrobat-sign-request.eml', 'echosign.com'],
  ])('does not read %s as an impersonation, and does read its copy on another domain', (name, domain) =>
    ownMailAndCopy(name, domain, 'sign-documents.example', [
      'sender.brand_display_name',
      'sender.impersonation_lure',
    ]),
  );
});

describe('what carriers send', () => {
  it('reads Colissimo’s parcel notice from notif-colissimo-laposte.info as La Poste’s', () =>
    ownMailAndCopy('legit-colissimo-parcel.eml', 'notif-colissimo-laposte.info', 'colissimo-suivi.example', [
      'sender.lookalike_domain',
      'sender.brand_display_name',
    ]));
});
