/**
 * Link-protection wrappers: a mail gateway rewrites every link of a message to pass through its
 * own checking service (Microsoft Defender's Safe Links, Proofpoint's URL Defense, Barracuda,
 * Trend Micro, Cisco) and a redirect page can carry an address too (Google's /url; the
 * dereferrer that GMX, WEB.DE, mail.com and 1&1 webmail put before the links of mail written,
 * replied to or forwarded there). Read as they stand, every link of a protected mailbox leads
 * to the gateway: a look-alike, a risky domain ending or a link off the sender's site hides
 * behind it, and a link's shown address never matches. The destination they name is what the
 * reader reaches, so that is what is analysed. Services whose links carry only a token
 * (Mimecast) cannot be read and stay as they are.
 */

import { safeUrl } from '../domains/registrable.js';

/** How many wrappers deep a destination is looked for (a gateway's link inside another's). */
const MAX_DEPTH = 3;
/** Wrapped links are a few hundred characters; a longer one is not read (bounded work). */
const MAX_HREF = 8192;

/**
 * The address a wrapped link leads to, or null when `href` is not a wrapper this knows (or names
 * no http(s) address).
 */
export function unwrapLink(href: string): string | null {
  let current = href;
  let found: string | null = null;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const next = destinationOf(current);
    if (!next) break;
    found = current = next;
  }
  return found;
}

/**
 * A link as the reader reaches it: the destination of any gateway wrapper (`unwrapLink`) and of
 * an open redirect (`openRedirectOf`) it passes through, with the first such redirect named in
 * `via` (absent when none): the fields an EmailLink takes. A gateway is the reader's own mail system and is not named; an open redirect is a
 * third party's page the sender chose to pass through.
 */
export function followLink(href: string): { href: string; via?: string } {
  let current = href;
  let via: string | undefined;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const next = destinationOf(current);
    if (next) {
      current = next;
      continue;
    }
    const open = openRedirectOf(current);
    if (!open) break;
    current = open.href;
    via ??= open.via;
  }
  return via === undefined ? { href: current } : { href: current, via };
}

/**
 * Open redirects of well-known sites that phishing sends its links through: Google's AMP viewer
 * (`google.com/amp/s/HOST/…` opens https://HOST/…, `/amp/HOST/…` http://HOST/…), Bing's
 * search-result click (`bing.com/ck/a?…&u=a1` and the address in base64url) and DoubleClick's ad
 * click (`…doubleclick.net/…?…&adurl=ADDRESS`). The address shown is a search engine's or an ad
 * network's, which link checks and reputation lists trust; the page opened is the lure's. In the
 * corpus 117 phishing messages link through one of them and no legitimate one does. Not
 * Google's /url, which Calendar and Docs put before every link of their own mail (a wrapper
 * above). Returns the destination and the redirect's name (`google.co.uk/amp`), or null.
 */
export function openRedirectOf(href: string): { href: string; via: string } | null {
  if (href.length > MAX_HREF || !MAYBE_OPEN_REDIRECT.test(href)) return null;
  const url = safeUrl(href);
  if (!url || !/^https?:$/.test(url.protocol)) return null;
  const host = url.hostname.toLowerCase();
  const bare = host.replace(/^www\./, '');
  let target: string | null = null;
  let via = bare;
  if (GOOGLE.test(host)) {
    const amp = /^\/amp\/(s\/)?([a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:\/.*)?)$/i.exec(url.pathname);
    if (amp) target = `${amp[1] ? 'https' : 'http'}://${amp[2] as string}${url.search}${url.hash}`;
    via = `${bare}/amp`;
  } else if (bare === 'bing.com' && url.pathname === '/ck/a') {
    const u = url.searchParams.get('u');
    if (u?.startsWith('a1')) target = Buffer.from(u.slice(2), 'base64url').toString('utf8');
    via = `${bare}/ck/a`;
  } else if (host.endsWith('.doubleclick.net')) {
    const ad = url.searchParams.get('adurl');
    target = ad?.startsWith('//') ? `https:${ad}` : ad;
  }
  return target && /^https?:\/\/[^/\s]/i.test(target) ? { href: target, via } : null;
}
const MAYBE_OPEN_REDIRECT = /google\.|bing\.com|doubleclick\.net/i;
/** Google's own hosts by country: google.com, www.google.co.uk, google.com.gi. */
const GOOGLE = /^(?:www\.)?google\.[a-z]{2,3}(?:\.[a-z]{2})?$/;

/** A cheap first look: only an address naming one of the services is parsed. */
const MAYBE_WRAPPED =
  /safelinks\.protection|urldefense\.|cudasvc\.com|trendmicro\.com|secure-web\.cisco|google\.|deref-/i;

/** The dereferrer hosts of United Internet's webmail (GMX, WEB.DE, mail.com, 1&1). */
const DEREFERRER = /^deref-(?:gmx\.net|web(?:-02)?\.de|mail\.com|1und1\.de)$/;

function destinationOf(href: string): string | null {
  if (href.length > MAX_HREF || !MAYBE_WRAPPED.test(href)) return null;
  const url = safeUrl(href);
  if (!url || !/^https?:$/.test(url.protocol)) return null;
  const host = url.hostname.toLowerCase();
  const param = (name: string) => url.searchParams.get(name);
  let target: string | null = null;
  if (/(?:^|\.)safelinks\.protection\.(?:outlook\.com|office365\.us)$/.test(host)) target = param('url');
  else if (host === 'urldefense.com' && url.pathname.startsWith('/v3/')) target = proofpointV3(href);
  else if (host === 'urldefense.proofpoint.com' && url.pathname === '/v1/url') target = param('u');
  else if (host === 'urldefense.proofpoint.com' && url.pathname === '/v2/url')
    target = proofpointV2(param('u'));
  else if (host === 'linkprotect.cudasvc.com' && url.pathname === '/url') target = param('a');
  else if (host.endsWith('.trendmicro.com') && url.pathname.startsWith('/wis/clicktime/'))
    target = param('url');
  else if (host === 'secure-web.cisco.com')
    target = decodeSafe(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
  else if (GOOGLE.test(host) && url.pathname === '/url') target = param('q') ?? param('url');
  else if (DEREFERRER.test(host) && url.pathname.endsWith('/dereferrer/')) target = param('redirectUrl');
  return target && /^https?:\/\/[^/\s]/i.test(target) ? target : null;
}

/** Proofpoint v2: the address with "-" for "%" and "_" for "/". */
function proofpointV2(u: string | null): string | null {
  return u === null ? null : decodeSafe(u.replace(/_/g, '/').replace(/-/g, '%'));
}

/**
 * Proofpoint v3: `https://urldefense.com/v3/__ADDRESS__;BYTES!!…`. Characters it could not keep
 * are each written "*" in ADDRESS (a run of 2 to 65 of them "**" and one letter of RUN_LENGTHS),
 * and BYTES (base64url) holds them in order. ADDRESS often has one slash after its scheme where
 * the link had two (`__https:/example.com/…__`: 44 of the corpus's 56 such links, in a mailing
 * list's posts), as Proofpoint's own decoder restores.
 */
function proofpointV3(href: string): string | null {
  const m = /^https:\/\/urldefense\.com\/v3\/__(.+?)__;([A-Za-z0-9_-]*)!!/.exec(href.trim());
  if (!m) return null;
  const address = decodeSafe((m[1] as string).replace(/^([a-z][a-z0-9+.-]*:\/)(?=[^/])/i, '$1/'));
  if (address === null) return null;
  const replaced = [...Buffer.from(m[2] as string, 'base64url').toString('utf8')];
  let at = 0;
  let broken = false;
  const out = address.replace(/\*(\*.)?/g, (token: string, run?: string) => {
    const n = run ? RUN_LENGTHS.indexOf(run.charAt(1)) + 2 : 1;
    if ((run && n < 2) || at + n > replaced.length) broken = true;
    const chars = replaced.slice(at, at + n).join('');
    at += n;
    return chars;
  });
  return broken ? null : out;
}
const RUN_LENGTHS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function decodeSafe(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
