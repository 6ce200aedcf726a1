import ipaddr from 'ipaddr.js';
import { brandNames, brandOwns, brandsIn, sameOrganisation } from '../../domains/brands.js';
import { findLookalike, imitatedHere } from '../../domains/lookalike.js';
import { hostInfo, registrableDomain, safeUrl } from '../../domains/registrable.js';
import type { EmailLink, Indicator } from '../types.js';
import { indicator, namingText, type Signal } from './context.js';
import {
  appStorePage,
  freeHostOwnPage,
  freeHostsWritten,
  isFreeHost,
  isRiskyTld,
  isShortener,
  launcherScheme,
} from '../../url/lists.js';
import { DECISIVE_WEIGHT } from '../score.js';
import { matchesOf } from '../../matches.js';

const MAX_LINKS = 200;
const FREE_HOSTING_WEIGHT = 0.3;
/**
 * An account step a link's address names, in any language's URLs: a sign-in, a sign-up or
 * registration, a verification or confirmation, a password or its reset, an activation, an
 * invitation, a one-time token or magic link, a payment. Read on free-host links alone, where no
 * service's own account mail links. Not "update" or "security", which name blog posts and
 * changelogs as often.
 */
const ACCOUNT_STEP =
  /log-?in|sign-?in|signon|sign-?up|regist|verif|confirm|valid|auth|passw|reset|recover|unlock|activat|invit|token|magic|one-?time|otp\b|account|wallet|billing|payment/i;
/**
 * At most this many sites (registrable domains) linked, for a free-host account page to read as
 * one: account mail and its imitations send the reader to one place, a newsletter to many (a
 * developer newsletter's "try the demo: …vercel.app/login" is no account step of its own).
 */
const ACCOUNT_MAIL_SITES = 2;
const FREE_HOST_WHY = 'a free host where anyone can publish a site in minutes';
/**
 * A QR code opening a site that is not the sender's (qr.ts): a link hidden from the mail client,
 * opened on a phone. Not decisive alone (a shop's "scan for our app" does it too): what the
 * message asks and where the code leads decide, and every other link check reads the code's
 * address as well.
 */
const QR_OFFSITE_WEIGHT = 0.3;

/**
 * A link through a well-known site's open redirect (url/unwrap.ts) to a site that is neither the
 * sender's nor among the most popular (a person sharing a news article from Google's AMP viewer
 * links a popular site): the redirect borrows a search engine's or ad network's address for a
 * lure's page. A shortener behind it hides the page twice. Not decisive alone.
 */
const OPEN_REDIRECT_WEIGHT = 0.4;
/** Destinations this popular are what people share through the redirect, not what it hides. */
const OPEN_REDIRECT_TRUSTED_RANK = 20_000;

interface Finding {
  id: string;
  severity: Indicator['severity'];
  weight: number;
  explanation: string;
  evidence: string;
}

/** Per-link checks, folded into one indicator per kind with every offending link as evidence. */
export const linkSignals: Signal = (ctx) => {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const links = ctx.email.links.slice(0, MAX_LINKS);
  // Every link's site counts here, past the MAX_LINKS checked one by one.
  const fewSites = ctx.linkDomains.length <= ACCOUNT_MAIL_SITES;
  for (const link of links) {
    const key = `${link.href}\u0000${link.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(...checkLink(link, ctx, fewSites));
  }
  const byId = new Map<string, Indicator>();
  for (const f of findings) {
    const existing = byId.get(f.id);
    if (existing) {
      if (existing.evidence.length < 5 && !existing.evidence.includes(f.evidence))
        existing.evidence.push(f.evidence);
      continue;
    }
    byId.set(
      f.id,
      indicator({
        id: f.id,
        family: f.id.startsWith('links.lookalike') ? 'lookalike' : 'links',
        severity: f.severity,
        weight: f.weight,
        explanation: f.explanation,
        evidence: [f.evidence],
      }),
    );
  }
  if (!byId.has('links.free_hosting')) {
    const written = freeHostsWritten(ctx.email.text).filter(
      (host) => registrableDomain(host) !== ctx.senderDomain,
    );
    if (written.length > 0)
      byId.set(
        'links.free_hosting',
        indicator({
          id: 'links.free_hosting',
          family: 'links',
          severity: 'medium',
          weight: FREE_HOSTING_WEIGHT,
          explanation: `The text gives an address on ${written[0]}, ${FREE_HOST_WHY}, written out for you to copy rather than linked; organisations link to their own sites.`,
          evidence: written,
        }),
      );
  }
  return [...byId.values()];
};

/**
 * The link shows its own address: written out in the text, or its text names the host
 * ("bit.ly/3abc"). A shortened address written out is what newsletters and list mail post; a
 * shortener behind a button or words is concealment. In the corpus 946 of the 959 phishing
 * messages with a shortener hid it behind text; 20 of the 21 legitimate ones wrote it out.
 */
function showsItsAddress(link: EmailLink, url: URL): boolean {
  if (link.source === 'text') return true;
  const host = withoutWww(url.hostname);
  // Host names as whole words: "about.com" does not show t.co.
  for (const m of matchesOf(HOST_WORD, link.text)) if (withoutWww(m[0].toLowerCase()) === host) return true;
  return false;
}
/** A host name as written in text: labels and a top-level domain of letters. */
const HOST = String.raw`(?:[a-z0-9-]+\.)+[a-z]{2,}`;
const HOST_WORD = new RegExp(String.raw`(?<![\w.-])${HOST}(?![\w-])`, 'gi');
const withoutWww = (host: string) => host.replace(/^www\./, '');

/** `fewSites`: the message links to ACCOUNT_MAIL_SITES sites or fewer. */
function checkLink(link: EmailLink, ctx: Parameters<Signal>[0], fewSites: boolean): Finding[] {
  const out: Finding[] = [];
  const raw = link.href.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw)?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'data' || scheme === 'vbscript') {
    out.push({
      id: `links.${scheme}_url`,
      severity: 'high',
      weight: 0.45,
      explanation: `A link uses a ${scheme}: URL, which runs or embeds content instead of opening a page.`,
      evidence: raw.slice(0, 120),
    });
    return out;
  }
  const launcher = launcherScheme(raw);
  if (launcher) {
    out.push({
      id: 'links.launcher_url',
      severity: 'critical',
      weight: DECISIVE_WEIGHT,
      explanation: `A link uses Windows's ${launcher}: protocol, which opens a remote share's files in Explorer, runs a troubleshooter or installs an app instead of opening a page: a way to deliver malware.`,
      evidence: raw.slice(0, 200),
    });
    return out;
  }
  if (scheme !== 'http' && scheme !== 'https') return out;
  const url = safeUrl(raw);
  if (!url) return out;
  const info = hostInfo(url.hostname);

  if (link.source === 'qr' && !appStorePage(raw)) {
    const own = ctx.senderDomain && info.domain && sameOrganisation(info.domain, ctx.senderDomain);
    if (!own)
      out.push({
        id: 'links.qr_code',
        severity: 'medium',
        weight: QR_OFFSITE_WEIGHT,
        explanation:
          "A QR code in a picture opens a site that is not the sender's: your phone opens it, outside your mail's link checks, and its address cannot be read before it is opened.",
        evidence: `${raw} (QR code in ${link.picture ?? 'a picture'})`,
      });
  }
  if (link.via && info.domain) {
    const own = ctx.senderDomain && sameOrganisation(info.domain, ctx.senderDomain);
    if (!own && (isShortener(info.domain) || !ctx.popular.isPopular(info.domain, OPEN_REDIRECT_TRUSTED_RANK)))
      out.push({
        id: 'links.open_redirect',
        severity: 'high',
        weight: OPEN_REDIRECT_WEIGHT,
        explanation: `A link passes through ${link.via}, an open redirect of a well-known site, to reach ${info.domain}: the address shown is the well-known site's, the page opened is another's, a way to slip past link checks.`,
        evidence: `${raw} (through ${link.via})`,
      });
  }
  if (link.source === 'form') {
    const senderDomain = ctx.senderDomain;
    if (!senderDomain || info.domain !== senderDomain) {
      out.push({
        id: 'links.form_offsite',
        severity: 'high',
        weight: 0.4,
        explanation: 'The message contains a form that submits what you type to another site.',
        evidence: raw,
      });
    }
  }
  if (info.isIp && !isLocalAddress(url.hostname)) {
    out.push({
      id: 'links.ip_host',
      severity: 'high',
      weight: 0.35,
      explanation: 'A link points to a bare IP address instead of a named site.',
      evidence: raw,
    });
  }
  if (url.username || /^https?:\/\/[^/?#]*@/i.test(raw)) {
    out.push({
      id: 'links.userinfo_at',
      severity: 'high',
      weight: 0.35,
      explanation: 'A link hides its real destination after an "@" sign.',
      evidence: raw,
    });
  }
  if (info.domain && isShortener(info.domain) && !showsItsAddress(link, url)) {
    out.push({
      id: 'links.shortener',
      severity: 'medium',
      weight: 0.15,
      explanation: 'A button or linked text leads through a URL shortener, hiding where it goes.',
      evidence: raw,
    });
  }
  if (isBucketPage(url)) {
    out.push({
      id: 'links.bucket_page',
      severity: 'medium',
      weight: 0.3,
      explanation: `A link opens a web page stored as a file in a cloud storage bucket (${url.hostname}): anyone can publish there, and organisations serve their pages from their own sites.`,
      evidence: raw,
    });
  }
  if (isFreeHost(url.hostname) && info.domain !== ctx.senderDomain && !freeHostOwnPage(url)) {
    // An account page there (its address names an account step) in mail that sends the reader
    // to one or two sites: a service's account pages are on its own site, so this is a lure's
    // page whatever the text says, in any language (rules 2.76.0). No legitimate corpus message
    // links to a free host at all; the reserved pages the host serves itself (Firebase Auth's
    // action handler) are no user's.
    out.push(
      fewSites && ACCOUNT_STEP.test(url.pathname + url.search)
        ? {
            id: 'links.free_host_account_page',
            severity: 'high',
            weight: DECISIVE_WEIGHT,
            explanation: `A link opens an account page (its address names an account step: a sign-in, a verification, a reset, a payment) on ${url.hostname}, ${FREE_HOST_WHY}; a service's own account pages are on its own site.`,
            evidence: raw,
          }
        : {
            id: 'links.free_hosting',
            severity: 'medium',
            weight: FREE_HOSTING_WEIGHT,
            explanation: `A link opens a page on ${url.hostname}, ${FREE_HOST_WHY}; organisations link to their own sites.`,
            evidence: raw,
          },
    );
  }
  if (info.publicSuffix && isRiskyTld(info.publicSuffix)) {
    out.push({
      id: 'links.risky_tld',
      severity: 'medium',
      weight: 0.15,
      explanation: `A link uses the .${info.publicSuffix} domain ending, common in abuse.`,
      evidence: raw,
    });
  }
  if (info.domain) {
    const look = findLookalike(url.hostname, ctx.popular);
    if (look && imitatedHere(look, namingText(ctx.email)))
      out.push({
        id: 'links.lookalike_domain',
        severity: 'high',
        weight: 0.5,
        explanation: `A link goes to a domain imitating ${look.imitates ?? 'a well-known site'}.`,
        evidence: `${raw} (${look.detail})`,
      });
    const path = decodeSafe(url.pathname);
    const where = `${info.subdomain} ${path}`;
    const misused = brandsIn(where, { allowCommonWords: false }).filter(
      (b) => !brandOwns(b, info.domain ?? ''),
    );
    if (
      misused.length > 0 &&
      !ctx.popular.isPopular(info.domain, 5000) &&
      !isFollowLink(path, info.subdomain)
    ) {
      out.push({
        id: 'links.brand_on_unrelated_domain',
        severity: 'high',
        weight: 0.35,
        explanation: `A link names ${brandNames(misused)} on ${info.domain}, a domain that brand does not use.`,
        evidence: raw,
      });
    }
  }
  const shown = domainInText(link.text);
  // A link whose text is the redirect's own address is said by links.open_redirect.
  const redirectShown = link.via !== undefined && shown === registrableDomain(link.via.split('/')[0] ?? '');
  if (shown && info.domain && shown !== info.domain && !isShortener(shown) && !redirectShown) {
    // A click-tracking redirect that names the sender's own site as its destination (bulk mail
    // wraps every link this way: `…/iqClickTrk.aspx?redirect=https://olson.house.gov` from
    // mail.house.gov) is a detour, not a disguise. Said, weighed lightly, and not the mismatch a
    // forged link is. Only for the sender's own site: showing a brand's is what forgers do.
    const tracked =
      ctx.senderDomain !== null && sameOrganisation(shown, ctx.senderDomain) && namesDestination(url, shown);
    out.push(
      tracked
        ? {
            id: 'links.tracked_redirect',
            severity: 'low',
            weight: 0.05,
            explanation: `A link to ${shown} goes through ${info.domain}, a redirect that names ${shown} as where it leads.`,
            evidence: raw,
          }
        : {
            id: 'links.text_href_mismatch',
            severity: 'high',
            weight: 0.4,
            explanation: `A link shows ${shown} but actually opens ${info.domain}.`,
            evidence: `"${link.text.slice(0, 80)}" -> ${raw}`,
          },
    );
  }
  return out;
}

/**
 * An address of the reader's own machine or local network (127.0.0.0/8, 10.0.0.0/8,
 * 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16, ::1, fc00::/7, fe80::/10): no site on the
 * internet is there, so a link to one (a device's admin page in an engineers' list post) is not
 * the bare-address page a phisher hosts.
 */
function isLocalAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(host)) return false;
  return LOCAL_RANGES.has(ipaddr.process(host).range());
}
const LOCAL_RANGES = new Set(['private', 'loopback', 'linkLocal', 'uniqueLocal']);

/** Cloud object storage, where a page is a file anyone with an account can upload. */
const BUCKET_HOST =
  /(?:^|\.)(?:storage\.googleapis\.com|firebasestorage\.googleapis\.com|firebasestorage\.app|blob\.core\.windows\.net|r2\.dev|cloudfront\.net|s3(?:[.-][a-z0-9-]+)?\.amazonaws\.com|digitaloceanspaces\.com|backblazeb2\.com)$/i;

/** A web page (.html, .htm) served straight from a storage bucket. */
function isBucketPage(url: URL): boolean {
  return BUCKET_HOST.test(url.hostname) && /\.(?:x?html?|shtml)$/i.test(decodeSafe(url.pathname));
}

/** The registrable domain a link's visible text claims, if the text looks like a URL or host. */
function domainInText(text: string): string | null {
  const t = text.trim();
  if (!t || t.length > 200) return null;
  const m = URL_TEXT.exec(t);
  return m?.[1] ? registrableDomain(m[1]) : null;
}

const URL_TEXT = new RegExp(String.raw`^(?:https?:\/\/)?(${HOST})(?:[/:?#]\S*)?$`, 'i');

/** Whether a query parameter of `url` is itself a web address on `domain` (a tracker's destination). */
function namesDestination(url: URL, domain: string): boolean {
  for (const value of url.searchParams.values()) {
    if (!/^https?:\/\//i.test(value)) continue;
    const target = safeUrl(value);
    if (target && registrableDomain(target.hostname) === domain) return true;
  }
  return false;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const SOCIAL = new Set([
  'facebook',
  'instagram',
  'linkedin',
  'twitter',
  'youtube',
  'tiktok',
  'pinterest',
  'whatsapp',
]);

/**
 * `/facebook` alone on a sender's site: a footer's "follow us" redirect (newsletters link their
 * social pages that way), not a page posing as the network. A longer path (`/facebook/login`) or
 * the name in a subdomain still counts.
 */
function isFollowLink(path: string, subdomain: string): boolean {
  const segments = path.split('/').filter(Boolean);
  return (
    segments.length === 1 &&
    SOCIAL.has(segments[0]!.toLowerCase()) &&
    brandsIn(subdomain, { allowCommonWords: false }).length === 0
  );
}
