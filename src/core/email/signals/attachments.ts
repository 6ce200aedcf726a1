import { sameOrganisation } from '../../domains/brands.js';
import { registrableDomain, safeUrl } from '../../domains/registrable.js';
import { VERIFIED_RANK } from './auth.js';
import type { EmailAttachment, Indicator, ParsedEmail } from '../types.js';
import { indicator, type Signal } from './context.js';
import { isAttachedPage, isCollector, readAttachedPage } from './attached-page.js';
import { isPdf } from './pdf.js';
import { listZip, readZipEntries } from './zip.js';
import { readOnce } from './read-once.js';
import { documentLinksOf, documentsRead, isOfficeDocument } from './office.js';

const EXECUTABLE =
  /\.(exe|scr|pif|com|bat|cmd|vbs|vbe|js|jse|wsf|wsh|hta|msi|msix|ps1|jar|lnk|cpl|reg|dll|iso|img|vhd|vhdx|appx|apk|dmg|app|sh|scf|url|chm|one)$/i;
const MACRO = /\.(docm|dotm|xlsm|xltm|xlam|pptm|potm|ppam|ppsm|sldm|xlsb)$/i;
const ACTIVE_DOC = /\.(html?|xhtml|shtml|svg|mht|mhtml)$/i;
const ARCHIVE = /\.(zip|rar|7z|gz|tgz|bz2|xz|cab|ace|arj|lzh|tar)$/i;
const DOUBLE_EXT = /\.(pdf|docx?|xlsx?|pptx?|txt|jpe?g|png|gif|rtf|csv)\s*\.[a-z0-9]{2,4}$/i;

/**
 * An attached part with nothing in it (at most two bytes, white space): a dummy file, not
 * something sent to be opened. Bulk senders add such parts ("G0.ics" typed application/pdf,
 * "….pdf" typed image/jpeg) so the message looks like correspondence to filters. In the corpus
 * (rules 2.9.13): 29 of 5,450 earlier and 57 of 859 later honeypot phishing messages, 5 of 5,352
 * spam (0-byte .txt parts on 419 letters), no legitimate message (23,951).
 */
function isEmptyAttachment(a: EmailAttachment): boolean {
  if (a.size > 2) return false;
  return a.content === null || a.content.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09);
}

/** Whether a file's name is a macro-enabled Office document's. */
export function isMacroDocument(name: string): boolean {
  return MACRO.test(name.trim());
}

/** Whether a real file is attached: something to open, not only empty dummy parts. */
export function hasFileAttached(email: Pick<ParsedEmail, 'attachments'>): boolean {
  return email.attachments.some((a) => !isEmptyAttachment(a));
}

/** Dangerous file types, disguised names and archives that hide either. */
export const attachmentSignals: Signal = ({ email, senderDomain, popular }) => {
  const out: Indicator[] = [];
  const add = (
    id: string,
    severity: Indicator['severity'],
    weight: number,
    explanation: string,
    evidence: string,
  ) => {
    const existing = out.find((i) => i.id === id);
    if (existing) existing.evidence.push(evidence);
    else
      out.push(indicator({ id, family: 'attachments', severity, weight, explanation, evidence: [evidence] }));
  };
  const documents = new Set(documentsRead(email.attachments));
  // A well-known sender's own secure-mail server may receive an envelope's password; a
  // phisher's own domain is where a fake page sends its catch.
  const own: PageOwner = {
    known: senderDomain && popular.isPopular(senderDomain, VERIFIED_RANK) ? senderDomain : null,
    sender: senderDomain,
  };
  for (const a of email.attachments) {
    const name = a.filename.trim();
    if (isEmptyAttachment(a))
      add(
        'attachments.empty',
        'medium',
        0.4,
        'An attached file is empty: a dummy part of the kind bulk senders add so a message looks like real correspondence to filters. There is nothing to open.',
        `${name || '(no name)'} (${a.mimeType}, empty)`,
      );
    if (!name) continue;
    if (DOUBLE_EXT.test(name) && (EXECUTABLE.test(name) || ACTIVE_DOC.test(name))) {
      add(
        'attachments.double_extension',
        'critical',
        0.6,
        'An attachment disguises its real type behind a second extension.',
        name,
      );
    } else if (EXECUTABLE.test(name)) {
      add(
        'attachments.executable',
        'critical',
        0.6,
        'An attachment is a program or script that runs when opened.',
        name,
      );
    }
    if (MACRO.test(name))
      add('attachments.macro_office', 'high', 0.4, 'An attachment is a macro-enabled Office file.', name);
    if (ACTIVE_DOC.test(name) || a.mimeType === 'text/html' || a.mimeType === 'image/svg+xml') {
      add(
        'attachments.html_or_svg',
        'high',
        0.4,
        'An HTML or SVG attachment opens a local page, a common way to host a fake sign-in form.',
        name,
      );
    }
    if (a.content && isAttachedPage(a)) inspectPage(name, a.content, own, add);
    if (ARCHIVE.test(name) || a.mimeType === 'application/zip') inspectArchive(a, own, add);
    // A document sent to carry a link takes it past the mail's link checks. The first
    // MAX_DOCUMENTS_READ are read: each costs up to its bounds' work, and a message can attach
    // hundreds.
    const document = documents.has(a) ? documentLinks(a) : null;
    const away = document?.links
      .map((href) => ({ href, domain: registrableDomain(safeUrl(href)?.hostname ?? '') }))
      .find(
        ({ domain }) => domain !== null && (senderDomain === null || !sameOrganisation(domain, senderDomain)),
      );
    if (document && away)
      add(
        document.id,
        'medium',
        0.3,
        `${document.kind} links to ${away.domain}, a site other than the sender's: a document sent to carry a link takes it past the mail's link checks.`,
        `${name}: ${away.href.slice(0, 200)}`,
      );
  }
  return out;
};

/** The links of a PDF or Office document attached, with the indicator they raise; null for other files. */
function documentLinks(a: EmailAttachment): { id: string; kind: string; links: string[] } | null {
  const read = isPdf(a)
    ? { id: 'attachments.pdf_link', kind: 'A PDF attachment' }
    : isOfficeDocument(a)
      ? { id: 'attachments.office_link', kind: 'An Office document attached' }
      : null;
  return read && a.content ? { ...read, links: documentLinksOf(a) } : null;
}

/**
 * Cisco's Secure Email Encryption service: its "securedoc.html" envelopes hold a password form
 * that opens the encrypted message through res.cisco.com, or through the sending organisation's
 * own server (`ownDomain` below).
 */
const ENVELOPE_SERVICE = new Set(['res.cisco.com']);

type Add = (id: string, s: Indicator['severity'], w: number, e: string, ev: string) => void;

/**
 * What an attached page would do if opened (attached-page.ts), said where it is a phisher's.
 * `known` is a well-known sender's domain, whose organisation's servers may take a password;
 * `sender` is any sender's, whose own servers may take a form without one (Proofpoint's
 * SecureMessageAtt.html posts the encrypted message to the sending organisation's server).
 */
/** Whose servers an attached page may send to: a well-known sender's own, or the sender's. */
interface PageOwner {
  known: string | null;
  sender: string | null;
}

function inspectPage(name: string, content: Uint8Array, own: PageOwner, add: Add) {
  const page = readAttachedPage(content);
  /** The addresses off `ownDomain`'s organisation and the envelope service, with their domains. */
  const away = (urls: readonly string[], ownDomain = own.known) =>
    urls.flatMap((href) => {
      const host = safeUrl(href)?.hostname.toLowerCase() ?? '';
      const domain = registrableDomain(host);
      if (!domain || ENVELOPE_SERVICE.has(host)) return [];
      if (ownDomain !== null && sameOrganisation(domain, ownDomain)) return [];
      return [{ href, domain }];
    });
  const evidence = (href: string) => `${name}: ${href.slice(0, 200)}`;
  if (page.buildsFile)
    add(
      'attachments.page_builds_file',
      'critical',
      0.6,
      'The attached page builds a file inside your browser and offers it to save: a way to deliver a program that mail scanning never sees (HTML smuggling).',
      name,
    );
  const launch = page.launches[0];
  if (launch)
    add(
      'attachments.page_launcher',
      'critical',
      0.6,
      `Opening the attached page makes Windows run its ${launch.slice(0, launch.indexOf(':'))}: protocol, which opens a remote share's files in Explorer, runs a troubleshooter or installs an app: a way to deliver malware, not a page's business.`,
      evidence(launch),
    );
  const redirect = away(page.redirectsTo)[0];
  if (redirect)
    add(
      'attachments.page_redirect',
      'critical',
      0.6,
      `Opening the attached page sends your browser to ${redirect.domain}: a link kept in a file, out of reach of the checks a message's links get.`,
      evidence(redirect.href),
    );
  const offKnown = away(page.sendsTo);
  const collector = offKnown.find((s) => isCollector(s.href));
  // A password, or a chat bot collecting what is typed, is a fake page's; another form sent
  // elsewhere (a survey, an order form) is only suspicious, and not when it goes to the sender.
  const stealing = page.asksPassword || collector !== undefined;
  const sends = stealing ? offKnown : away(page.sendsTo, own.sender);
  const ownTargets = page.sendsTo.length > 0 && sends.length === 0;
  if (sends[0] || (page.asksPassword && !ownTargets)) {
    const to = collector ?? sends[0];
    add(
      'attachments.page_form',
      stealing ? 'critical' : 'high',
      stealing ? 0.6 : 0.5,
      to
        ? `The attached page ${page.asksPassword ? 'asks for a password and ' : ''}sends what is typed into it to ${to.domain}: a form that opens from a file on your computer, not on the site it names.`
        : 'The attached page asks for a password: a sign-in form that opens from a file on your computer, not on the site it names, is a fake one.',
      to ? evidence(to.href) : name,
    );
  }
  if (page.decoders.length > 0)
    add(
      'attachments.page_encoded_script',
      'high',
      0.4,
      "The attached page decodes hidden script or markup before it shows anything: a way to keep a fake page's form and addresses from mail scanning.",
      `${name}: ${page.decoders.join(', ')}`,
    );
}

function inspectArchive(a: EmailAttachment, own: PageOwner, add: Add) {
  if (!a.content || !/\.zip$/i.test(a.filename)) {
    add(
      'attachments.archive',
      'low',
      0.08,
      'An archive attachment could hide what is inside from scanners.',
      a.filename,
    );
    return;
  }
  const listing = listZip(a.content);
  if (listing.encrypted) {
    add(
      'attachments.encrypted_archive',
      'high',
      0.45,
      'A password-protected archive cannot be scanned; attackers use them to slip malware past filters.',
      a.filename,
    );
  }
  const bad = listing.names.filter((n) => EXECUTABLE.test(n) || MACRO.test(n));
  if (bad.length > 0) {
    add(
      'attachments.archive_executable',
      'critical',
      0.6,
      'An archive attachment holds a program or macro document.',
      `${a.filename}: ${bad.slice(0, 5).join(', ')}`,
    );
  }
  // A page zipped passes the scanning an attached page gets, and opens in one more click.
  const pages = listing.names.filter(isPageName);
  if (pages.length > 0) {
    add(
      'attachments.archive_page',
      'high',
      0.4,
      'An archive attachment holds an HTML or SVG page: opened, it shows a local page, a common way to put a fake sign-in form past the scanning of links and attachments.',
      `${a.filename}: ${pages.slice(0, 5).join(', ')}`,
    );
    for (const page of zippedPages(a.content)) inspectPage(`${a.filename}/${page.name}`, page.data, own, add);
  }
  if (!listing.encrypted && bad.length === 0 && pages.length === 0)
    add(
      'attachments.archive',
      'low',
      0.05,
      'An archive attachment could hide what is inside from scanners.',
      a.filename,
    );
}

/** Pages read out of one ZIP: at most this many, each and in all within these bytes. */
const ZIPPED_PAGES = { maxEntries: 4, maxEntryBytes: 2 * 1024 * 1024, maxTotalBytes: 8 * 1024 * 1024 };
/** Whether a file named so, inside an archive, is a page. */
const isPageName = (name: string) => isAttachedPage({ filename: name, mimeType: '' });
/** The HTML and SVG pages a ZIP holds, read once per file (the reading's bounds: zip.ts). */
const zippedPages = readOnce((content) => readZipEntries(content, isPageName, ZIPPED_PAGES));
