import type { ParsedEmail } from './types.js';

/**
 * What a mail gateway adds to mail from outside the organisation, as opposed to what the sender
 * wrote: a subject tag ("[EXTERNAL]", "#Extern_") and a warning banner at the top or bottom of the
 * body ("CAUTION: This email originated from outside of the organization. Do not click links or
 * open attachments unless you recognize the sender and know the content is safe.", Microsoft's
 * first-contact tip "You don't often get email from … Learn why this is important"). A corporate
 * mailbox has them on every outside message, phishing or not, so they say nothing of the sender.
 * Read as the sender's, they moved scores both ways: the subject tag hid a mailing list's tag
 * (whose Reply-To is then read as a mismatch), and a banner's words ("click links", "open
 * attachments", a German banner's "E-Mail") weighed in the model. They are taken
 * out before anything is read; the subject the reader sees stays as it came.
 *
 * The texts are the ones such gateways write, checked against mail quoted in public list
 * archives (Microsoft's tip in English and French, the Exchange "CAUTION" rule and its variants,
 * two German banners); a gateway worded otherwise keeps its banner.
 */

/** A gateway's tag in a subject: bracketed anywhere ("Re: [EXTERNAL] …"), or a leading "EXTERNAL:". */
const SUBJECT_TAG =
  /\[\s*(?:external|ext|extern|externe?|externo|externa|esterno|external (?:e-?mail|sender|message)|externe (?:e-?mail|nachricht))\s*\]\s*|#extern_|^\s*(?:\*{1,3}\s*external\s*\*{1,3}|external\s*:)\s*/gi;

export function withoutSubjectTags(subject: string): string {
  if (!/ext|\*/i.test(subject)) return subject;
  return subject.replace(SUBJECT_TAG, '').trim();
}

/**
 * A gateway's own links in its banner: Microsoft 365's first-contact "learn why" page, and
 * Proofpoint's "Report Suspicious" button (a PhishAlarm address of the recipient's tenant).
 */
const GATEWAY_LINK =
  /^https?:\/\/(?:aka\.ms\/learnaboutsenderidentification\/?$|[a-z0-9-]{1,30}-phishalarm-ewt\.proofpoint\.com\/ewt\/)/i;

function isGatewayLink(href: string): boolean {
  return GATEWAY_LINK.test(href.trim());
}

/** Proofpoint's banner markers: hidden in its HTML, written in its text part. */
function isGatewayMarker(hidden: string): boolean {
  return /^\s*ZjQcmQRYFpfptBanner(?:Start|End)\s*$/.test(hidden);
}

/** Proofpoint's banner between its markers, as a text part carries it. */
const MARKED_BANNER = /ZjQcmQRYFpfptBannerStart[\s\S]{0,3000}?ZjQcmQRYFpfptBannerEnd[ \t]*\n?/g;

const LABEL = String.raw`(?:(?:\[\s*)?(?:caution|warning|attention|notice|external(?: e-?mail| sender| message)?|cyber security warning|achtung|warnung|vorsicht|hinweis)(?:\s*\])?\s*[:!\-–]?\s*){0,2}`;
const ORIGIN = [
  String.raw`this (?:e-?mail|message) (?:is |was )?(?:originated|originates|came|comes|was sent|is sent) (?:from )?(?:outside|external)(?: of| to)?(?: (?:the|your|our) (?:organi[sz]ation|company|network)| [^.!\n]{1,60}(?=[.!]))?`,
  String.raw`this (?:e-?mail|message) (?:is|was|came|comes) from an? external (?:source|sender|contact|address)`,
  String.raw`diese (?:e-?mail|nachricht) (?:stammt|kommt) von (?:au(?:ß|ss)erhalb (?:der|ihrer|unserer) organisation|ein(?:e[mnr])? externen (?:quelle|kontakt|absender))`,
].join('|');
const CAUTION = [
  String.raw`(?:please make sure the sender is who they say they are and )?(?:do not|don[’']t) click (?:on )?(?:any )?links? or open (?:any )?attachments? unless you (?:recogni[sz]e|can confirm|know|trust)[^.\n]{0,100}(?:\n[^.\n]{0,80}\bsafe\b)?`,
  String.raw`(?:please )?(?:be careful|be cautious|use caution|exercise caution)(?:,? especially)? (?:with|of|when opening|when clicking) (?:any )?(?:links?|attachments?)(?: (?:and|or) (?:any )?(?:links?|attachments?))?`,
  String.raw`seien sie vorsichtig mit links und anhängen`,
  String.raw`bitte gehen sie mit anhängen oder enthaltenen links vorsichtig um`,
].join('|');
const END = String.raw`\s*[.!\-–]?[ \t]*`;
const FIRST_CONTACT = [
  String.raw`(?:some people who received this message )?(?:you )?don[’']t often get (?:e-?mail|messages?) from [^\s\]]{1,200}?\.?\s*learn why this is important`,
  String.raw`vous ne recevez pas souvent de courriers de [^\s\]]{1,200}?\.?\s*découvrez pourquoi ceci est important`,
].join('|');
const BANNER = new RegExp(
  [
    String.raw`${LABEL}(?:${ORIGIN})${END}(?:(?:${CAUTION})${END})?`,
    String.raw`${LABEL}(?:${CAUTION})${END}`,
    String.raw`\[?\s*(?:${FIRST_CONTACT})(?:\s*(?:at|à)\s+https?:\/\/aka\.ms\/learnaboutsenderidentification)?\s*\.?\s*\]?`,
    // The tip in any other language: bracketed, naming the sender's address, ending in the link.
    String.raw`\[[^\]\n@]{1,120}@[^\]\n]{1,160}aka\.ms\/learnaboutsenderidentification\s*\]`,
    // A label on a line of its own: "[ EXTERNAL EMAIL ]".
    String.raw`^[ \t]*\[\s*(?:external|extern)(?: e-?mail| sender| message)?\s*\][ \t]*$`,
  ].join('|'),
  'gim',
);

/** Where gateways put their banners: the top of the body, or its foot. */
const HEAD_CHARS = 2000;
const FOOT_CHARS = 1000;

/**
 * The text without a gateway's banner at its head or foot, and without Proofpoint's marked
 * banners wherever they are. `tipTexts` are the words of the gateway's own links (the
 * first-contact page's "Learn why this is important" in the mailbox's language, "Report
 * Suspicious"): the line that holds them is the banner's, whatever language it is written in.
 */
export function withoutBanners(given: string, tipTexts: readonly string[] = []): string {
  const text = given.includes('ZjQcmQRYFpfptBanner') ? given.replace(MARKED_BANNER, '') : given;
  const short = text.length <= HEAD_CHARS + FOOT_CHARS;
  const ends = short ? text : `${text.slice(0, HEAD_CHARS)}\n${text.slice(text.length - FOOT_CHARS)}`;
  if (!BANNER_HINT.test(ends) && tipTexts.length === 0) return text;
  const strip = (s: string) => {
    let out = s.replace(BANNER, '');
    for (const t of tipTexts) {
      const words = t.trim();
      if (words.length < 4) continue;
      out = out
        .split('\n')
        .filter((line) => !(line.length <= 400 && line.includes(words)))
        .join('\n');
    }
    return out;
  };
  const result = short
    ? strip(text)
    : strip(text.slice(0, HEAD_CHARS)) +
      text.slice(HEAD_CHARS, text.length - FOOT_CHARS) +
      strip(text.slice(text.length - FOOT_CHARS));
  return result === text ? text : result.replace(/^\s*\n/, '');
}

/** A word every banner above has: most mail has none, and is not scanned further. */
const BANNER_HINT = /outside|extern|erhalb|unless you|careful|cautio|vorsichtig|often get|souvent|aka\.ms/i;

/**
 * A parsed message as read: its subject without a gateway's tags (the one that came kept as
 * `subjectAsSent`), its text without the gateway's banners, its links without the gateway's own,
 * its hidden text without Proofpoint's markers. The words of the gateway's links (its "Learn why
 * this is important" in the mailbox's language) find the banner lines that hold them.
 */
export function withoutGatewayMarks(p: ParsedEmail): ParsedEmail {
  const tipTexts = p.links.filter((l) => isGatewayLink(l.href) && l.text.trim()).map((l) => l.text);
  const subject = withoutSubjectTags(p.subject);
  return {
    ...p,
    ...(subject === p.subject ? {} : { subject, subjectAsSent: p.subject }),
    text: withoutBanners(p.text, tipTexts),
    links: p.links.filter((l) => l.source === 'form' || !isGatewayLink(l.href)),
    hiddenText: p.hiddenText.filter((h) => !isGatewayMarker(h)),
  };
}
