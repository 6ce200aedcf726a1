import type { HostInfo } from '../domains/registrable.js';
import { safeUrl } from '../domains/registrable.js';
import { asksBeyondLinks, readsAsBill, subjectAndText } from './call-to-action.js';
import { voidsServiceReading } from './invitation.js';
import { carriesAddress, linksStayOn, userContentHost } from './own-site.js';
import { indicator } from './signals/context.js';
import type { Indicator, ParsedEmail } from './types.js';

/**
 * The portals of the secure-message services whose notices a mailbox receives: the message
 * itself waits there, behind a sign-in or a one-time code, and the notice in the inbox only says
 * who sent it. `hosts` and `path` are the portal's link as the service writes it; `org` the
 * service's own domains, where its help, privacy and product links go.
 */
const PORTALS: readonly {
  service: string;
  hosts: readonly string[];
  path: RegExp;
  org: readonly string[];
}[] = [
  {
    // Microsoft Purview (formerly Office 365) Message Encryption: "… has sent you a protected
    // message. Read the message", to Exchange Online's Encryption/retrieve.ashx.
    service: 'Microsoft 365 Message Encryption',
    hosts: ['outlook.office365.com'],
    path: /^\/encryption\//i,
    org: ['microsoft.com', 'office365.com', 'office.com', 'aka.ms'],
  },
  // Virtru's "Unlock Message".
  { service: 'Virtru', hosts: ['secure.virtru.com'], path: /^\/start\b/i, org: ['virtru.com'] },
  // Zix's "Open Message", to its hosted Secure Message Center.
  {
    service: 'Zix',
    hosts: ['web1.zixmail.net'],
    path: /^\/s\//i,
    org: ['zixmail.net', 'zix.com', 'zixcorp.com'],
  },
  // Gmail's confidential mode, as a recipient outside Gmail receives it: "View the email".
  {
    service: 'Gmail confidential mode',
    hosts: ['confidential-mail.google.com'],
    path: /^\//,
    org: ['google.com'],
  },
  // Proton Mail's password-protected mail to other providers.
  {
    service: 'Proton Mail',
    hosts: ['mail.proton.me', 'mail.protonmail.com'],
    path: /^\/eo\//i,
    org: ['proton.me', 'protonmail.com'],
  },
];

type Portal = (typeof PORTALS)[number];

/**
 * Any portal's host anywhere in a link: most mail has none, and is turned away before its links
 * are parsed.
 */
const PORTAL_HINT = new RegExp(
  PORTALS.flatMap((p) => p.hosts)
    .map((h) => h.replaceAll('.', '\\.'))
    .join('|'),
  'i',
);

/** The portal a link opens the message on, and the link's host, or undefined. */
function portalAt(url: URL): { portal: Portal; host: string } | undefined {
  const host = url.hostname.toLowerCase();
  const portal = PORTALS.find((p) => p.hosts.includes(host) && p.path.test(url.pathname));
  return portal && { portal, host };
}

/**
 * A secure-message service's notice: at least one link opens the message on the service's portal
 * (PORTALS), and every other link stays on that service or the sender's own site, with no file,
 * form, reply elsewhere, phone number, credential or payment request, no bill, and nothing the
 * rules find wrong with the sender. The message itself sits behind the portal, so the notice's
 * words are the service's template, which the model reads as phishing: a real Microsoft 365
 * encrypted message from a law firm's authenticated domain scored HIGH 91 on "Microsoft
 * Corporation" alone, a Zix notice from a credit union MEDIUM 65 (2026-12-06); the corpus holds
 * no such notice on either side (counted: no link to any of these portals in its 36,919
 * messages). Its wording alone cannot make it phishing, as mail that asks nothing
 * (NO_ACTION_CAP in analyze.ts); a lure copying the notice with its own link is not read so.
 * Not a proof of who sent it: a phisher who sends a real encrypted message from a stolen account
 * hides the lure behind the portal, which is why the explanation asks the reader to check an
 * unexpected one with the sender. Full mail only: pasted text loses a lure's link behind "Read
 * the message" and keeps a written-out portal address.
 */
export function secureMessageNotice(
  email: ParsedEmail,
  indicators: readonly Indicator[],
  senderDomain: string | null,
): Indicator | null {
  if (email.mode !== 'full' || !email.links.some((l) => PORTAL_HINT.test(l.href))) return null;
  let opened: { portal: Portal; host: string } | undefined;
  for (const link of email.links) {
    const url = safeUrl(link.href);
    if (!url || carriesAddress(url)) return null;
    opened ??= portalAt(url);
  }
  if (!opened) return null;
  const { portal, host: portalHost } = opened;
  const onService = (url: URL, host: HostInfo) =>
    portalAt(url)?.portal === portal ||
    (host.domain !== null && portal.org.includes(host.domain) && !userContentHost(host.hostname));
  if (
    !linksStayOn(email, senderDomain, onService) ||
    asksBeyondLinks(email, indicators) ||
    readsAsBill(subjectAndText(email)) ||
    indicators.some(voidsServiceReading)
  )
    return null;
  const sender = email.from?.address ?? 'the sender';
  return indicator({
    id: 'content.secure_message_notice',
    family: 'content',
    severity: 'info',
    weight: 0,
    explanation: `It is a notice of an encrypted message waiting behind ${portal.service} (${portalHost}), and every link stays on that service or the sender's own site with nothing else to act on, so its wording alone does not make it phishing. The message itself cannot be checked here: if you did not expect protected mail from ${sender}, ask them another way before you open it.`,
    evidence: [
      `the message waits on ${portalHost}`,
      email.links.length === 1
        ? `its one link is on ${portal.service}`
        : `${email.links.length} links, all on ${portal.service} or ${senderDomain ?? "the sender's site"}`,
    ],
  });
}
