import { matchesOf } from '../matches.js';

/** URL shorteners and redirectors that hide a destination. */
const SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'rb.gy',
  't.ly',
  'tiny.cc',
  'bl.ink',
  'lnkd.in',
  'soo.gd',
  's.id',
  'v.gd',
  'qrco.de',
  'urlz.fr',
  'x.co',
  'shorte.st',
  'adf.ly',
  'bit.do',
  'clck.ru',
  'u.to',
  'tny.im',
  '2u.pw',
  'short.io',
  'surl.li',
  'gg.gg',
  'urlr.me',
]);

/** Top-level domains with a high share of abuse (Spamhaus / Interisle reports), not a verdict alone. */
const RISKY_TLDS = new Set([
  'tk',
  'ml',
  'ga',
  'cf',
  'gq',
  'xyz',
  'top',
  'club',
  'online',
  'site',
  'live',
  'icu',
  'buzz',
  'rest',
  'cyou',
  'monster',
  'click',
  'link',
  'work',
  'support',
  'shop',
  'fun',
  'space',
  'website',
  'store',
  'loan',
  'zip',
  'mov',
  'country',
  'kim',
  'cam',
  'sbs',
  'quest',
  'bond',
  'beauty',
  'hair',
  'lat',
  'win',
  'bid',
  'date',
  'racing',
  'review',
  'stream',
  'download',
  'accountant',
  'party',
  'science',
  'men',
  'gdn',
  'pw',
  'ws',
  'cc',
  'su',
]);

export function isShortener(domain: string): boolean {
  return SHORTENERS.has(domain);
}

export function isRiskyTld(suffix: string): boolean {
  return RISKY_TLDS.has(suffix.toLowerCase().split('.').pop() ?? '');
}

/**
 * Free site builders and static or app hosts (most in the private section of the Public Suffix
 * List): anyone can put a page at name.pages.dev in a minute, and a sign-in page
 * there borrows the host's certificate and reputation. Organisations mail links to their own
 * sites. Left out: github.io and blogspot.com, where real projects and blogs live (the corpus's
 * legitimate mail links there in 8 and 110 messages), sites.google.com and forms.gle (schools
 * and clubs run on them). Counted on the corpus (2026-11-27): links to the rest are in 21
 * phishing messages (8 of them dated from 2025-07 on) and in no legitimate or spam message;
 * with the sites written out without a scheme as well (rules 2.21.0), 37 phishing messages
 * (23 later; 15 of the 16 more are one campaign in a hijacked shop newsletter's mail), still
 * no legitimate or spam message.
 */
const FREE_HOSTS = new Set([
  'pages.dev',
  'workers.dev',
  'netlify.app',
  'vercel.app',
  'web.app',
  'firebaseapp.com',
  'webflow.io',
  'wixsite.com',
  'weebly.com',
  'onrender.com',
  '000webhostapp.com',
  'glitch.me',
  'herokuapp.com',
  'translate.goog',
  'ipfs.dweb.link',
  'ipns.dweb.link',
  'ngrok.io',
  'ngrok-free.app',
  'trycloudflare.com',
  'surge.sh',
  'fly.dev',
  'replit.app',
  'repl.co',
  'framer.app',
  'framer.website',
  'godaddysites.com',
  'square.site',
  'carrd.co',
  'azurewebsites.net',
]);

/**
 * A site on a free host written out without a scheme ("transfer705.pages.dev/claim"): no mail
 * client links it, so the reader is asked to copy it, and no link scanner sees it.
 */
const FREE_HOST_NAMES = [...FREE_HOSTS].map((h) => h.replaceAll('.', String.raw`\.`)).join('|');
const FREE_HOST_WRITTEN = new RegExp(
  String.raw`(?<![\w@./-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${FREE_HOST_NAMES})(?![\w.-]*\w)`,
  'gi',
);
/** The suffix alone: a cheap first look, as almost no text names a free host. */
const FREE_HOST_SUFFIX = new RegExp(String.raw`\.(?:${FREE_HOST_NAMES})(?![\w.-]*\w)`, 'i');

/** The free-host sites (FREE_HOSTS) written out in `text` without a scheme, lower-cased, at most `max`. */
export function freeHostsWritten(text: string, max = 5): string[] {
  const out: string[] = [];
  if (!FREE_HOST_SUFFIX.test(text)) return out;
  for (const m of matchesOf(FREE_HOST_WRITTEN, text)) {
    const host = m[0].toLowerCase();
    if (!out.includes(host)) out.push(host);
    if (out.length >= max) break;
  }
  return out;
}

/** A site on Firebase Hosting's own domains. */
const FIREBASE_SITE = /^(?:[a-z0-9-]+\.)+(?:web\.app|firebaseapp\.com)$/i;

/**
 * Whether `url` opens a page its free host serves itself, not its user's: Firebase Hosting
 * reserves every path under `/__/` on the sites it hosts, among them `/__/auth/action`, the
 * handler Firebase Auth's own verification and password-reset mail links to whatever the
 * sender's domain. No page there is one anyone published.
 */
export function freeHostOwnPage(url: URL): boolean {
  return url.pathname.startsWith('/__/') && FIREBASE_SITE.test(url.hostname);
}

/** Whether `hostname` is a site on a free host (a name under one of FREE_HOSTS, not the host's own site). */
export function isFreeHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  for (let dot = h.indexOf('.'); dot >= 0; dot = h.indexOf('.', dot + 1))
    if (FREE_HOSTS.has(h.slice(dot + 1))) return true;
  return false;
}

/**
 * An app's page on Apple's or Google's store: the "Download our app" links of a service's
 * footer. The store shows an app, not a sign-in page anyone can put up, so such a link does not
 * take an authenticated sender's mail off its own sites. (A Jira notice with them, its sender
 * authenticated, read LOW 32 or MEDIUM 54 for lack of the verified sender's trust; SAFE 6 and 11
 * with it; 2026-12-06.)
 */
const APP_STORE_PAGE =
  /^https:\/\/(?:(?:apps|itunes)\.apple\.com\/(?:[a-z]{2}\/)?app\/|play\.google\.com\/store\/apps\/)/i;
export function appStorePage(href: string): boolean {
  return APP_STORE_PAGE.test(href);
}

/**
 * Windows protocol handlers that make a click do something other than open a page: show a remote
 * share's files in Explorer dressed as search results (`search-ms:`, `search:`), run a
 * troubleshooter (`ms-msdt:`, CVE-2022-30190), install an app package from an address
 * (`ms-appinstaller:`) or start Office with a command (`ms-officecmd:`). Malware campaigns'
 * links since 2022, in mail and in attached pages; no message of the corpus, phishing or
 * legitimate, has one. `search:` only with a search's own parameters: "Search:" is also a word.
 */
const LAUNCHER = String.raw`(?:search-ms|ms-msdt|ms-appinstaller|ms-officecmd):[^"'\x60\s<>]{0,500}|search:(?:query|crumb|displayname)=[^"'\x60\s<>]{0,500}`;
const LAUNCHER_LINK = new RegExp(String.raw`^\s*(${LAUNCHER})`, 'i');
/** Such an address inside a page: in quotes (an attribute, a script's string) or after "url=". */
export const LAUNCHER_IN_PAGE = new RegExp(String.raw`(?:["'\x60]|\burl\s*=)\s*(${LAUNCHER})`, 'gi');

/** The protocol handler a link starts (`search-ms`, `ms-msdt`…), or null. */
export function launcherScheme(href: string): string | null {
  const m = LAUNCHER_LINK.exec(href);
  return m ? (m[1] as string).slice(0, (m[1] as string).indexOf(':')).toLowerCase() : null;
}
