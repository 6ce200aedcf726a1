import { brandOwns, brandsNamedBy, brandsOwning, sameOrganisation } from '../domains/brands.js';
import { FREEMAIL } from '../domains/freemail.js';
import type { PopularDomains } from '../domains/popular.js';
import { hostInfo, registrableDomain, safeUrl, type HostInfo } from '../domains/registrable.js';
import { asksBeyondLinks } from './call-to-action.js';
import { SEVERITY_RANK } from './score.js';
import { VERIFIED_RANK } from './signals/auth.js';
import { indicator } from './signals/context.js';
import type { Indicator, ParsedEmail } from './types.js';

/**
 * Brands whose sites carry what anyone uploads or sends through them: a shared file, a signing
 * envelope, a transfer. Their own domain vouches for the platform, not for whoever used it.
 */
const PLATFORM_BRANDS = new Set(['docusign', 'dropbox', 'adobe', 'wetransfer']);

/**
 * Hosts of the remaining brands that serve their users' content (documents, forms, sites,
 * buckets, tenants, personal payment pages) rather than the brand's own pages: a Google Form or
 * a SharePoint page is where a phisher puts a sign-in page without leaving the brand's domain.
 * Matched on the host name and its parents.
 */
const USER_CONTENT_HOSTS = new Set([
  'docs.google.com',
  'drive.google.com',
  'forms.google.com',
  'sites.google.com',
  'script.google.com',
  'calendar.google.com',
  'groups.google.com',
  'photos.google.com',
  'googleusercontent.com',
  'forms.gle',
  'sharepoint.com',
  'onmicrosoft.com',
  'windows.net',
  'forms.office.com',
  'forms.microsoft.com',
  'sway.office.com',
  'onedrive.live.com',
  'amazonaws.com',
  'paypal.me',
  'icloud.com',
]);

/** PayPal pages that belong to whoever sent an invoice or a money request through it. */
const USER_CONTENT_PATH = /\/(?:invoice|request|paypalme|ncp|pools|donate)\b/i;

export function userContentHost(hostname: string): boolean {
  for (let h = hostname; ;) {
    if (USER_CONTENT_HOSTS.has(h)) return true;
    const dot = h.indexOf('.');
    if (dot < 0) return false;
    h = h.slice(dot + 1);
  }
}

/** A sign the mail is not the brand's own: a failed or missing authentication, another name, a look-alike. */
function voidsOwnSite(i: Indicator): boolean {
  return (
    i.severity === 'critical' ||
    i.severity === 'high' ||
    i.family === 'lookalike' ||
    i.family === 'sender' ||
    (i.family === 'auth' && i.weight > 0)
  );
}

/** A link parameter that carries another address: an open redirect on the brand's own host. */
export function carriesAddress(url: URL): boolean {
  for (const value of url.searchParams.values())
    if (/^(?:https?:)?\/\/|^www\./i.test(value.trim())) return true;
  return /(?:^|[/=])(?:https?(?::|%3a)(?:\/|%2f){2})/i.test(url.pathname);
}

/**
 * Whether every link is an http(s) link to a named host (no IP address) that `onService`
 * accepts, or else on the sender's own organisation and not a host serving its users' content;
 * with `tel`, call links pass too. How a service's own mail (a meeting invitation, a secure
 * message's notice) is told from a copy whose links lead elsewhere.
 */
export function linksStayOn(
  email: ParsedEmail,
  senderDomain: string | null,
  onService: (url: URL, host: HostInfo) => boolean,
  { tel = false } = {},
): boolean {
  for (const link of email.links) {
    const url = safeUrl(link.href);
    if (!url) return false;
    if (tel && url.protocol === 'tel:') continue;
    if (!/^https?:$/.test(url.protocol)) return false;
    const host = hostInfo(url.hostname);
    if (!host.domain || host.isIp) return false;
    if (onService(url, host)) continue;
    if (userContentHost(host.hostname)) return false;
    if (senderDomain === null || !sameOrganisation(host.domain, senderDomain)) return false;
  }
  return true;
}

/**
 * Full mail sent from a well-known brand's own domain (paypal.com, chase.com) that names the
 * brand and asks for nothing but a visit to its own pages: every link on the brand's sites, no
 * file, form, reply elsewhere, phone number, credential or payment request. Whatever its words,
 * such mail takes the reader nowhere a phisher controls, as mail with no call to action does not
 * (NO_ACTION_CAP in analyze.ts); a spoofed From line gains nothing from it. Not for mail whose
 * authentication failed or was missing where it was checked, that speaks for another name, or that
 * points at a look-alike; not for pasted text, which leaves its links behind. Real account mail of
 * the big brands (a receipt, a sign-in alert, a statement) reads like its imitations, and with no
 * authentication the mailbox trusts (auth.verified_sender) the model flags it by its words alone.
 */
export function ownBrandSiteOnly(
  email: ParsedEmail,
  indicators: readonly Indicator[],
  senderDomain: string | null,
  popular: PopularDomains,
): Indicator | null {
  if (email.mode !== 'full' || !senderDomain || FREEMAIL.has(senderDomain)) return null;
  if (email.links.length === 0 || !popular.isPopular(senderDomain, VERIFIED_RANK)) return null;
  // Most senders are no listed brand's: the text is read only for those that are.
  const owners = brandsOwning(senderDomain).filter((b) => !PLATFORM_BRANDS.has(b));
  if (owners.length === 0 || userContentHost(senderDomain) || indicators.some(voidsOwnSite)) return null;
  // A brand whose name is a common word ("Chase") counts as a whole word here: only a brand that
  // owns the sender's domain is looked for, and chase.com saying "chase" is Chase speaking.
  const brand = brandsNamedBy(email.subject, email.from?.name ?? '', email.text, {
    allowCommonWords: true,
  }).find((b) => owners.includes(b));
  if (!brand) return null;
  for (const link of email.links) {
    const url = safeUrl(link.href);
    if (!url) return null;
    if (url.protocol === 'mailto:') {
      // The address is the URL's path (its ?subject= is the search part).
      const domain = url.pathname.includes('@') ? registrableDomain(url.pathname) : null;
      if (!domain || !sameOrganisation(domain, senderDomain)) return null;
      continue;
    }
    if (!/^https?:$/.test(url.protocol)) return null;
    const host = hostInfo(url.hostname);
    if (!host.domain || host.isIp || userContentHost(host.hostname)) return null;
    if (!sameOrganisation(host.domain, senderDomain) && !brandOwns(brand, host.domain)) return null;
    if (carriesAddress(url) || (brand === 'paypal' && USER_CONTENT_PATH.test(url.pathname))) return null;
  }
  if (asksBeyondLinks(email, indicators)) return null;
  return indicator({
    id: 'sender.own_brand_site',
    family: 'sender',
    severity: 'info',
    weight: 0,
    explanation: `It comes from ${senderDomain}, the domain of the brand it names, and every link stays on that brand's sites with nothing else to act on, so its wording alone does not make it phishing. Nothing here proves the sender: open the links only if you expected this mail.`,
    evidence: [
      `From: ${email.from?.address ?? ''}`,
      `${email.links.length} link${email.links.length === 1 ? '' : 's'}, all on ${brand}'s sites`,
    ],
  });
}

/**
 * Whether any sign of medium severity or more besides `except` is there, authentication aside:
 * what voids reading a message as a service's own (its account confirmation, its one-time code).
 */
export function otherWarningSigns(indicators: readonly Indicator[], except?: Indicator): boolean {
  return indicators.some(
    (i) => i !== except && !i.id.startsWith('auth.') && SEVERITY_RANK[i.severity] >= SEVERITY_RANK.medium,
  );
}

/**
 * A request to confirm an account (`content.credential_request`) whose every link stays on the
 * sender's own registrable domain, from a sender that claims no one else and shows nothing else
 * of medium severity or more (authentication aside): how an application's own account mail reads
 * ("Verify your email address", "Confirm your account" from the service you signed up to, its
 * links on its own site). The request is what phishing asks too, but a lure sends the reader
 * elsewhere or speaks as someone else; here the request is the service's own, and it is kept out
 * of the score: the rule's weight and the model's feature for it (rules 2.73.0). Counted over
 * the corpus before it was written (rules alone, both splits, 2026-12-06): 21 devise renderings,
 * 3 newsletters, 1 Nazario message (an eBay "Account Verification" from ebay.com linking to
 * ebay.com), 2 earlier honeypot messages (a RingCentral event mail, one of June 2025) and 2 TREC
 * spam read so; no later phishing. Written after a hand-made Vaultwarden address check, its link on its own
 * vault, scored MEDIUM 64 untrusted.
 */
export function ownSiteConfirmation(
  indicators: readonly Indicator[],
  senderDomain: string | null,
  email: Pick<ParsedEmail, 'mode' | 'links'>,
  links: readonly string[],
): { request: Indicator; instead: Indicator } | null {
  const request = indicators.find((i) => i.id === 'content.credential_request');
  if (!request || !senderDomain || FREEMAIL.has(senderDomain)) return null;
  if (links.length === 0 || links.some((d) => d !== senderDomain)) return null;
  if (otherWarningSigns(indicators, request)) return null;
  // Pasted text's addresses are written out, and writing is what the sender chose to show: a lure
  // shows the brand's own address over a link to its page, and a copy of the text keeps the
  // words and loses the link. Said so, rather than that the links stay on the site (rules
  // 2.74.3). Pasted HTML source keeps its links, and full mail's written addresses are its links.
  const written = email.mode !== 'full' && email.links.every((l) => l.source === 'text');
  return {
    request,
    instead: indicator({
      id: 'content.own_site_confirmation',
      family: 'content',
      severity: 'info',
      weight: 0,
      explanation: written
        ? `It asks you to confirm your account, and every address written in it is on ${senderDomain}, the sender's own site: how a service's own account mail reads. Written-out text cannot show where a button or a linked address really leads (a lure shows a brand's own address over a link to its page): if you did not sign up there, ignore it, and confirm by opening the site yourself, not from the mail.`
        : `It asks you to confirm your account, and every link stays on ${senderDomain}, the sender's own site: how a service's own account mail reads. If you did not sign up there, ignore it.`,
      evidence: [
        ...request.evidence.slice(0, 2),
        written ? `addresses written: ${senderDomain} only` : `links: ${senderDomain} only`,
      ],
    }),
  };
}
