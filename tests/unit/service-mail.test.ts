import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brandOwns } from '../../src/core/index.js';
import { FIXTURES, ids, rulesEngine, shippedEngine } from '../helpers/engine.js';

const raw = (name: string) => readFileSync(join(FIXTURES, 'service-mail', name), 'latin1');
const analyse = async (text: string, engine = shippedEngine()) =>
  (await engine.analyzeRaw(Buffer.from(text, 'latin1'))).analysis;

describe('what Microsoft 365 itself sends', () => {
  it('counts Microsoft’s own sending domains, shortener and brand top-level domains as Microsoft’s', () => {
    for (const brand of ['microsoft', 'sharepoint', 'onedrive']) {
      expect(brandOwns(brand, 'sharepointonline.com'), brand).toBe(true);
      expect(brandOwns(brand, 'mail.microsoft'), brand).toBe(true);
      expect(brandOwns(brand, 'aka.ms'), brand).toBe(true);
    }
    expect(brandOwns('outlook', 'mail.microsoft')).toBe(true);
    expect(brandOwns('microsoft', 'microsoftstoreemail.com')).toBe(true);
    expect(brandOwns('yahoo', 'cc.yahoo-inc.com')).toBe(true);
    expect(brandOwns('yahoo', 'service.comms.yahoo.net')).toBe(true);
    // A name under another suffix is not: the brand TLD is matched as the last label only.
    expect(brandOwns('microsoft', 'mail.microsoft.com.example')).toBe(false);
    expect(brandOwns('microsoft', 'microsoft.example')).toBe(false);
    expect(brandOwns('microsoft', 'sharepointonline.com.example')).toBe(false);
  });

  it('does not read a Teams notice from teams.mail.microsoft as an impersonation', async () => {
    const teams = raw('legit-teams-message.eml');
    const a = await analyse(teams);
    expect(ids(a)).not.toContain('sender.brand_display_name');
    expect(ids(a)).not.toContain('sender.impersonation_lure');
    expect(a.is_phishing).toBe(false);
    // The same notice from a domain of anyone's is one.
    const copy = teams.replaceAll('teams.mail.microsoft', 'teams-mail-microsoft.example');
    expect(ids(await analyse(copy, rulesEngine()))).toContain('sender.brand_display_name');
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
    expect(brandOwns('dropbox', 'hellosign.com')).toBe(true);
    expect(brandOwns('dropbox', 'dropboxsign.com')).toBe(true);
    expect(brandOwns('adobe', 'echosign.com')).toBe(true);
    // The brand top-level domains of Google, Apple and Amazon, as Microsoft's.
    expect(brandOwns('google', 'safety.google')).toBe(true);
    expect(brandOwns('google', 'g.co')).toBe(true);
    expect(brandOwns('apple', 'newsroom.apple')).toBe(true);
    expect(brandOwns('amazon', 'aboutamazon.amazon')).toBe(true);
    expect(brandOwns('google', 'google.example')).toBe(false);
  });

  it.each([
    ['legit-dropbox-sign-request.eml', 'mail.hellosign.com'],
    ['legit-acrobat-sign-request.eml', 'echosign.com'],
  ])(
    'does not read %s as an impersonation, and does read its copy on another domain',
    async (name, domain) => {
      const request = raw(name);
      const a = await analyse(request);
      expect(ids(a)).not.toContain('sender.brand_display_name');
      expect(ids(a)).not.toContain('sender.impersonation_lure');
      expect(a.is_phishing).toBe(false);
      const copy = request.replaceAll(domain, 'sign-documents.example');
      expect(copy).not.toBe(request);
      expect(ids(await analyse(copy, rulesEngine()))).toContain('sender.brand_display_name');
    },
  );
});

describe('what carriers send', () => {
  it('reads Colissimo’s parcel notice from notif-colissimo-laposte.info as La Poste’s', async () => {
    const notice = raw('legit-colissimo-parcel.eml');
    const a = await analyse(notice);
    expect(ids(a)).not.toContain('sender.lookalike_domain');
    expect(ids(a)).not.toContain('sender.brand_display_name');
    expect(a.is_phishing).toBe(false);
    const copy = notice.replaceAll('notif-colissimo-laposte.info', 'colissimo-suivi.example');
    expect(copy).not.toBe(notice);
    expect(ids(await analyse(copy, rulesEngine()))).toContain('sender.brand_display_name');
  });
});
