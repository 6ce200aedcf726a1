import { registrableDomain, webLinkDomain } from '../domains/registrable.js';
import type { PopularDomains } from '../domains/popular.js';
import { emitFeatures, isModelSignal } from '../model/features.js';
import { appStorePage } from '../url/lists.js';
import type { PhishingModel } from '../model/model.js';
import { asksOnlyForAdministrator, hasCallToAction } from './call-to-action.js';
import { meetingInvitation } from './invitation.js';
import { ownBrandSiteOnly, ownSiteConfirmation } from './own-site.js';
import { THRESHOLDS, noisyOr, riskLevel, SEVERITY_RANK } from './score.js';
import { secureMessageNotice } from './secure-notice.js';
import { oneTimeCodeNotice } from './code-notice.js';
import { signInNotice } from './sign-in-notice.js';
import { attachmentSignals } from './signals/attachments.js';
import { attributedResults, authenticatedDomain, authSignals, verifiedSender } from './signals/auth.js';
import type { Signal, SignalContext } from './signals/context.js';
import { claimSignals } from './signals/claims.js';
import { contentSignals } from './signals/content.js';
import { linkSignals } from './signals/links.js';
import { lureSignals, restatedBy } from './signals/lure.js';
import { registrationSignals } from './signals/registration.js';
import { senderSignals } from './signals/sender.js';
import type { EmailAnalysis, EmailLink, Indicator, ParsedEmail } from './types.js';
import { followLink } from '../url/unwrap.js';
import { DOCUMENT_WORDS, documentLinksOf, documentsRead, documentText } from './signals/office.js';
import { wordsUpTo } from '../matches.js';
import { isPdf } from './signals/pdf.js';

/**
 * What outweighs the wording, which a LOW or SAFE summary leads with: an authenticated sender
 * (well known, or one the reader has marked safe or long corresponded with), or a service's own
 * mail that stays on its sites and asks for nothing else (the readings held at NO_ACTION_CAP).
 */
const REASSURING: ReadonlySet<string> = new Set([
  'auth.verified_sender',
  'history.known_sender',
  'sender.own_brand_site',
  'content.meeting_invitation',
  'content.secure_message_notice',
  'content.one_time_code',
  'content.sign_in_notice',
]);

/** Version of the rules and their combination; bump it with any change to signals or scoring. */
export const RULES_VERSION = '2.96.0';

/**
 * The engine version a result records: the rules' version and the model's checksum, so stored
 * mail scored by another model or other rules is known to be stale and is analysed again.
 */
export function engineVersion(model: PhishingModel | null | undefined): string {
  return `${RULES_VERSION}+${model ? model.checksum : 'rules'}`;
}
/** How much an authenticated, aligned, well-known sender lowers the probability. */
const VERIFIED_SENDER_FACTOR = 0.2;
/**
 * Signs that the sender speaks as someone else: a brand it does not write from, your own domain's
 * name. They void the verified sender's trust: a well-known domain's mailbox taken over and sending
 * as "PayPal" is authenticated as itself, not as what it claims to be. (The impersonation lure
 * needs one of the two brand claims, so it is covered by them.)
 */
const SPEAKS_AS_ANOTHER = new Set([
  'sender.brand_display_name',
  'sender.brand_subject',
  'sender.recipient_domain_name',
]);
/** Ceiling for a message that asks the reader to do nothing (no link, file, form, reply-to or request). */
const NO_ACTION_CAP = 0.39;
/** Ceiling for pasted text that the trained model alone reads as phishing: MEDIUM at most. */
const WORDS_ALONE_CAP = 0.69;
/**
 * From this spam likelihood a message that would be SAFE is LOW, as bulk mail (model.bulk_mail):
 * the junk head is calibrated, so from even odds on. At 0.7 (until rules 2.9.6) half of a spam
 * collection the model never saw read SAFE (npm run eval, spam table).
 */
const BULK_MAIL_FROM = 0.5;

const SIGNALS: Signal[] = [
  authSignals,
  senderSignals,
  claimSignals,
  linkSignals,
  contentSignals,
  registrationSignals,
  attachmentSignals,
];

export interface AnalysisDeps {
  popular: PopularDomains;
  /** Without a model the score is the rule score alone (noisy-OR of indicator weights). */
  model?: PhishingModel | null;
  /**
   * authserv-ids of the receiving servers whose Authentication-Results may lower a score (the
   * mailbox's own: mx.google.com for Gmail, the configured one for IMAP). Default: none.
   */
  trustedAuthServIds?: readonly string[];
}

/** Analyses a parsed message. Pure and deterministic: same input and deps, same result. */
export function analyzeParsed(email: ParsedEmail, deps: AnalysisDeps): EmailAnalysis {
  const senderDomain = email.from ? registrableDomain(email.from.address) : null;
  const links = linkDomains(email);
  const ctx: SignalContext = {
    email,
    popular: deps.popular,
    senderDomain,
    authResults: attributedResults(email.authResults, deps.trustedAuthServIds ?? []),
    linkDomains: links,
  };
  const indicators: Indicator[] = [];
  for (const signal of SIGNALS) {
    try {
      indicators.push(...signal(ctx));
    } catch (err) {
      email.warnings.push(
        `a signal failed on this input: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  // Read from the signals above, so after them.
  indicators.push(...lureSignals(indicators, senderDomain, links));
  // A service's own account mail: its request to confirm the account, on its own site.
  const ownSite = ownSiteConfirmation(indicators, senderDomain, email, links);
  if (ownSite) indicators.splice(indicators.indexOf(ownSite.request), 1, ownSite.instead);

  let probability: number;
  let modelInfo: EmailAnalysis['model'] = { used: false, probability: null, top_terms: [] };
  let modelTerms: string[] = [];
  /** The model alone reads the message as phishing: its wording is then a reason, quoted or not. */
  let modelLeans = false;
  /**
   * The model leans towards phishing without reading the message as phishing (0.20 to 0.50):
   * named as the reason of a MEDIUM score only when no stronger sign is, or a "Suspicious"
   * verdict would give none (minor signs such as a missing DMARC record are not named as reasons).
   */
  let modelTilts = false;
  let spamProbability: number | null = null;
  if (deps.model) {
    const prediction = deps.model.predict((sink) => emitFeatures(email, indicators, sink));
    modelInfo = { used: true, probability: round(prediction.probability, 4), top_terms: prediction.topTerms };
    // Header-only evidence (authentication, Reply-To/Return-Path) is kept out of the model and
    // combined here, so a message's delivery path never teaches the model anything.
    probability = noisyOr(
      indicators.filter((i) => !isModelSignal(i.id)),
      prediction.probability,
    );
    modelLeans = prediction.probability >= 0.5;
    modelTilts = prediction.probability >= THRESHOLDS.LOW / 100;
    modelTerms = modelTilts ? prediction.topTerms : [];
    spamProbability = prediction.spamProbability;
  } else {
    probability = noisyOr(indicators);
  }
  /** The no-action cap took the score down from MEDIUM or more; said below if it still holds. */
  let heldByCap = false;
  if (
    email.mode === 'full' ? !hasCallToAction(email, indicators) : asksOnlyForAdministrator(email, indicators)
  ) {
    // Phishing needs the reader to do something: open a link or file, type into a form, reply
    // elsewhere or pay. Wording alone, with none of those, cannot make a message phishing.
    // Pasted text leaves its links behind, so there only a text whose one request is to
    // contact the reader's own administrator counts as asking nothing.
    heldByCap = Math.round(probability * 100) >= THRESHOLDS.MEDIUM;
    probability = Math.min(probability, NO_ACTION_CAP);
  }
  // App-store pages ("Download our app") are no site a phisher can put a sign-in page on.
  const appStoreLinks = email.links.some((l) => appStorePage(l.href));
  const verified = verifiedSender(ctx, appStoreLinks ? linkDomains(email, true) : links, appStoreLinks);
  const trusted =
    !!verified &&
    !indicators.some(
      (i) => i.severity === 'critical' || i.family === 'lookalike' || SPEAKS_AS_ANOTHER.has(i.id),
    );
  if (trusted) {
    // Authenticated, well-known and self-contained: the wording alone must not make it phishing.
    probability *= VERIFIED_SENDER_FACTOR;
    indicators.push(verified);
  } else {
    // From a brand's own domain, every link on its sites and nothing else asked: as harmless as
    // mail that asks nothing, whoever wrote the From line (own-site.ts).
    // A meeting invitation whose links all stay on the meeting service: the same (invitation.ts);
    // a secure message's notice whose links all stay on the service (secure-notice.ts); a
    // one-time code that asks for nothing else (code-notice.ts); and a notice of a new sign-in
    // that asks for nothing else (sign-in-notice.ts).
    const held =
      ownBrandSiteOnly(email, indicators, senderDomain, deps.popular) ??
      meetingInvitation(email, indicators, senderDomain) ??
      secureMessageNotice(email, indicators, senderDomain) ??
      oneTimeCodeNotice(email, indicators, senderDomain) ??
      signInNotice(email, indicators, senderDomain);
    if (held) {
      probability = Math.min(probability, NO_ACTION_CAP);
      indicators.push(held);
    }
  }
  // Unsolicited bulk mail is junk, not phishing: LOW rather than SAFE, said as such. Not for an
  // authenticated, well-known sender's own mail (its newsletters are the reader's to judge).
  // Junk is what the junk head reads as bulk mail, or what the rules read as a spam pitch (pills,
  // penny stocks; content.spam_pitch explains itself, so the head's indicator is not added too).
  if (probability < THRESHOLDS.LOW / 100 && !trusted) {
    const pitch = indicators.some((i) => i.id === 'content.spam_pitch');
    const bulk = spamProbability !== null && spamProbability >= BULK_MAIL_FROM;
    if (pitch || bulk) probability = THRESHOLDS.LOW / 100;
    if (bulk && !pitch)
      indicators.push({
        id: 'model.bulk_mail',
        family: 'model',
        severity: 'low',
        weight: 0,
        explanation:
          'It reads like unsolicited bulk mail (spam), going by the trained model: junk rather than phishing.',
        evidence: [`spam likelihood ${Math.round((spamProbability ?? 0) * 100)}%`],
      });
  }
  // A message attached as a file is analysed as the message it is, and the worst of them counts
  // for this one: a phish forwarded as an attachment (a colleague's report) or sent inside one
  // is a click away whoever wrapped it. Its own Authentication-Results were written by some
  // other server, or by whoever made the file, so none of them is trusted.
  const attached = attachedVerdict(email, deps);
  if (attached) {
    indicators.push(attached.indicator);
    probability = Math.max(probability, attached.probability);
  }
  // A password form or an executable is never less than HIGH, whatever else the message says.
  if (indicators.some((i) => i.severity === 'critical'))
    probability = Math.max(probability, THRESHOLDS.HIGH / 100);
  // A message that says little itself is read with the words of its attached documents: the
  // worst reading counts for it. A lure put in a PDF keeps its wording from the mail's filters.
  // A document that reads safer than the message is named only when the message reads safe
  // too: "read as the message: LOW" beside a HIGH verdict would read as a contradiction.
  const document = documentVerdict(email, deps);
  if (document && (document.probability > 0 || probability < THRESHOLDS.MEDIUM / 100)) {
    indicators.push(document.indicator);
    probability = Math.max(probability, document.probability);
  }

  // A score held at LOW by the cap says why, or a 39 with no reason would read as arbitrary.
  // Said of the wording alone, so it stays true when the user's history moves the score later
  // (a first contact's 0.05 makes it 42; a sender marked phishing, HIGH for that reason).
  if (heldByCap && probability === NO_ACTION_CAP) indicators.push(nothingToActOn(email.mode));
  const unexplained = !indicators.some(isWarningSign);
  // Pasted text the model alone calls phishing, naming nothing a person can check (no sender,
  // link, request or lure the rules name, and no word of it the model can quote as a reason):
  // Suspicious, not "Likely phishing". Pasting left behind what tells a notice from its
  // imitation, and the corpus's legitimate side has little personal mail, so a colleague's German
  // note read 98 on its everyday words. Pasted text with a word to quote keeps its score (the
  // reader can judge "verify" or "suspended"), as does full mail, whose sender and links the
  // model read. On the corpus (shipped model) it moves 10 later and 192 earlier honeypot messages
  // and one spam message from HIGH to MEDIUM pasted, none across the phishing threshold.
  let wordsAlone = false;
  if (
    email.mode !== 'full' &&
    modelLeans &&
    unexplained &&
    modelTerms.length === 0 &&
    probability > WORDS_ALONE_CAP
  ) {
    probability = WORDS_ALONE_CAP;
    wordsAlone = true;
  }
  // The wording is named as a reason only when the final score calls the message suspicious:
  // a SAFE or LOW verdict must not say it "resembles known phishing".
  const score = Math.round(probability * 100);
  if ((modelLeans || (modelTilts && unexplained)) && score >= THRESHOLDS.MEDIUM) {
    const quoted = modelTerms.length > 0;
    indicators.push({
      id: 'model.phishing_language',
      family: 'model',
      severity: score >= THRESHOLDS.HIGH ? 'high' : 'medium',
      weight: 0,
      explanation: modelLeans
        ? `${
            quoted
              ? 'The wording resembles known phishing (trained model); the words that weighed most are quoted'
              : 'The wording as a whole resembles known phishing (trained model); no single word of it names a reason'
          }${wordsAlone ? '; held at MEDIUM, as pasted words with no other sign are all it rests on' : ''}.`
        : `The wording leans towards known phishing (trained model), though not enough alone to call it phishing, and no stronger sign here explains the score${
            quoted ? '; the words that weighed most are quoted' : ''
          }.`,
      evidence: modelTerms.map((t) => `"${t}"`),
    });
  }
  if (email.warnings.length > 0) {
    indicators.push({
      id: 'parse.warning',
      family: 'parse',
      severity: 'info',
      weight: 0,
      explanation: 'Part of the message could not be read normally; the analysis used what could be read.',
      evidence: email.warnings.slice(0, 5),
    });
  }
  indicators.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.weight - a.weight);

  const risk_score = Math.round(probability * 100);
  const level = riskLevel(risk_score);
  const is_phishing = risk_score >= THRESHOLDS.IS_PHISHING;
  return {
    engine_version: engineVersion(deps.model),
    mode: email.mode,
    risk_score,
    probability: round(probability, 4),
    risk_level: level,
    is_phishing,
    confidence: round(is_phishing ? probability : 1 - probability, 3),
    summary: summarise(level, risk_score, indicators, modelInfo.probability),
    indicators,
    model: modelInfo,
    sender: {
      address: email.from?.address ?? null,
      domain: senderDomain,
      display_name: email.from?.name || null,
      authenticated_domain: authenticatedDomain(ctx),
    },
    subject: email.subjectAsSent ?? email.subject,
    parse_warnings: email.warnings,
  };
}

/**
 * The most suspicious of the attached messages, as an indicator: its level, score, subject and
 * sender, and the reasons its own analysis gives. From MEDIUM up it raises this message's score
 * to its own; below, an info line says it was read.
 */
function attachedVerdict(
  email: ParsedEmail,
  deps: AnalysisDeps,
): { indicator: Indicator; probability: number } | null {
  const inner = (email.attachedMessages ?? []).map((m) =>
    analyzeParsed(m, { ...deps, trustedAuthServIds: [] }),
  );
  const worst = inner.reduce<EmailAnalysis | null>(
    (w, a) => (w === null || a.probability > w.probability ? a : w),
    null,
  );
  if (!worst) return null;
  const who = worst.sender.address ? ` from ${worst.sender.address}` : '';
  const many = inner.length > 1;
  return innerVerdict(
    'attachments.attached_message',
    worst,
    (how) =>
      how
        ? `An attached message${many ? ` (one of ${inner.length})` : ''}${who} is itself ${how}: a mail client opens it in one click, links and all.`
        : `${many ? `${inner.length} attached messages were` : 'The attached message was'} analysed too: ${worst.risk_level} (${worst.risk_score}/100)${many ? ' at most' : ''}.`,
    `"${worst.subject.slice(0, 120)}"${who}: ${worst.risk_level} ${worst.risk_score}/100`,
  );
}

/**
 * Another analysis (an attached message's, a document's reading) as this message's indicator,
 * with the reasons it gives: from MEDIUM up its probability counts for this message, and the
 * indicator is a warning as high as its level; below, an info line says it was read.
 */
function innerVerdict(
  id: string,
  analysis: EmailAnalysis,
  explain: (how: 'likely phishing' | 'suspicious' | null) => string,
  said: string,
): { indicator: Indicator; probability: number } {
  const suspicious = analysis.risk_score >= THRESHOLDS.MEDIUM;
  const high = analysis.risk_level === 'HIGH';
  return {
    probability: suspicious ? analysis.probability : 0,
    indicator: {
      id,
      family: 'attachments',
      severity: suspicious ? (high ? 'high' : 'medium') : 'info',
      weight: 0,
      explanation: explain(suspicious ? (high ? 'likely phishing' : 'suspicious') : null),
      evidence: [said, ...warningSigns(analysis.indicators).map((i) => i.explanation)],
    },
  };
}

/** A body with fewer words than this says little itself (a covering note, a line, nothing). */
const FEW_WORDS = 50;
/** Documents read as the message, each at most DOCUMENT_CHARS of its text. */
const DOCUMENTS_AS_MESSAGE = 4;
const DOCUMENT_CHARS = 20_000;
/** The readings documentVerdict makes, which do not read their documents again. */
const DOCUMENT_READINGS = new WeakSet<ParsedEmail>();

/**
 * A full message that says little itself (under FEW_WORDS words: "see the attached", nothing),
 * read again with the words and links of each of its first PDF or Office attachments that has
 * some: the most suspicious reading, as an indicator. From MEDIUM up it raises this message's
 * score to its own; below, an info line says the document was read. The reading is the whole
 * analysis (sender, links, rules, model) of the message with the document's text after its own.
 * The corpus (both splits, shipped model): of 44 messages read so, 14 phishing ones score more,
 * 5 of them from under 50 (16–41 to 53–100); the one legitimate message (a press release with a
 * short note) reads LOW 32 and stays at 30. The honeypot's "0.7495 BTC" PDFs of story text put
 * there to pass filters read safe, and keep the message's own score.
 */
function documentVerdict(
  email: ParsedEmail,
  deps: AnalysisDeps,
): { indicator: Indicator; probability: number } | null {
  if (email.mode !== 'full' || DOCUMENT_READINGS.has(email) || wordsUpTo(email.text, FEW_WORDS) >= FEW_WORDS)
    return null;
  let worst: { name: string; analysis: EmailAnalysis } | null = null;
  let read = 0;
  for (const a of documentsRead(email.attachments)) {
    const text = documentText(a).slice(0, DOCUMENT_CHARS);
    if (wordsUpTo(text, DOCUMENT_WORDS) < DOCUMENT_WORDS) continue;
    const links: EmailLink[] = documentLinksOf(a).map((href) => ({
      ...followLink(href),
      text: '',
      source: 'text',
    }));
    const reading: ParsedEmail = {
      ...email,
      text: `${email.text}\n\n${text}`,
      links: [...email.links, ...links],
      attachedMessages: [],
      warnings: [],
    };
    DOCUMENT_READINGS.add(reading);
    const analysis = analyzeParsed(reading, deps);
    const name = a.filename.trim()
      ? `"${a.filename.trim()}"`
      : `(a ${isPdf(a) ? 'PDF' : 'document'} with no name)`;
    if (!worst || analysis.probability > worst.analysis.probability) worst = { name, analysis };
    if (++read >= DOCUMENTS_AS_MESSAGE) break;
  }
  if (!worst) return null;
  const { name, analysis } = worst;
  const said = `${analysis.risk_level} (${analysis.risk_score}/100)`;
  return innerVerdict(
    'attachments.document_message',
    analysis,
    (how) =>
      how
        ? `Its attached document ${name} carries the message's words (the body says little itself), and read with them it is ${how}: a lure put in a document keeps its wording from mail filters.`
        : `The body says little itself, so its attached document ${name} was read as the message too: ${said}.`,
    `${name} read as the message: ${said}`,
  );
}

/** Why a message the other signs would call suspicious is held at LOW (the no-action cap). */
function nothingToActOn(mode: ParsedEmail['mode']): Indicator {
  return {
    id: 'content.nothing_to_act_on',
    family: 'content',
    severity: 'info',
    weight: 0,
    explanation:
      mode === 'full'
        ? 'It asks for nothing a phisher could use (no link, form, reply to another address, phone number or payment, and no file but a plain document with none of those in it), so its wording alone does not make it phishing. Be wary if a follow-up asks for any of those.'
        : 'Its one request is that you contact your own administrator, and it names no link, button or sign-in (a security notice’s advice), so its wording alone does not make it phishing. Pasted text has lost its links: check the original message too.',
    evidence: [],
  };
}

/** The registrable domains of the message's web links; `exceptAppStores` leaves out app-store pages. */
function linkDomains(email: ParsedEmail, exceptAppStores = false): string[] {
  const out = new Set<string>();
  for (const l of email.links) {
    if (exceptAppStores && appStorePage(l.href)) continue;
    const domain = webLinkDomain(l.href);
    if (domain) out.add(domain);
  }
  return [...out];
}

export function summarise(
  level: EmailAnalysis['risk_level'],
  score: number,
  indicators: readonly Indicator[],
  /** The trained model's own probability of phishing, when it read the message. */
  modelProbability: number | null = null,
): string {
  const reasons = warningSigns(indicators);
  const lead = {
    HIGH: 'Likely phishing',
    MEDIUM: 'Suspicious',
    LOW: 'Low risk',
    SAFE: 'No significant phishing indicators',
  }[level];
  const joined = reasons.map((r) => lowerFirst(inSummary(r).replace(/\.$/, ''))).join('; ');
  const reassured = indicators.find((i) => REASSURING.has(i.id));
  if (level === 'SAFE') {
    // A safe verdict leads with what reassures. Signs it outweighed are named as outweighed:
    // "no significant indicators" above a listed high-severity one would read as a contradiction.
    if (reassured) return `${lead} (${score}/100): ${lowerFirst(reassured.explanation)}`;
    if (reasons.length === 0) return `${lead} (${score}/100).`;
    return `Probably safe (${score}/100): the rest of the message outweighs ${
      reasons.length === 1 ? 'one warning sign' : `${reasons.length} warning signs`
    }: ${joined}.`;
  }
  if (reasons.length === 0) {
    // No warning sign to name: the one indicator that explains the score, if any. Junk first,
    // then what reassures (at LOW), then the no-action cap that held the score.
    const said =
      indicators.find((i) => i.id === 'model.bulk_mail' || i.id === 'content.spam_pitch') ??
      (level === 'LOW' ? reassured : undefined) ??
      indicators.find((i) => i.id === 'content.nothing_to_act_on');
    if (said) return `${lead} (${score}/100): ${lowerFirst(said.explanation)}`;
    // A MEDIUM score of minor signs alone (no DMARC record, another Return-Path) names them: a
    // "Suspicious" verdict with no reason would read as arbitrary.
    const minor = indicators.filter((i) => i.family !== 'parse' && i.severity === 'low').slice(0, 3);
    const minorSaid = minor.map((i) => lowerFirst(i.explanation.replace(/\.$/, ''))).join('; ');
    if (level === 'MEDIUM' && minor.length > 0)
      return `${lead} (${score}/100): minor signs add up: ${minorSaid}.`;
    // A LOW score with nothing named would read as arbitrary too. It says what the score is made
    // of without calling it a warning: the model's reading of the wording (never "resembles
    // known phishing" below MEDIUM), else the minor signs.
    if (level === 'LOW' && modelProbability !== null && modelProbability >= THRESHOLDS.LOW / 100)
      return `${lead} (${score}/100): no warning sign stands out; the trained model reads the wording as a little closer to phishing than most mail, not enough to call it suspicious.`;
    if (level === 'LOW' && minor.length > 0)
      return `${lead} (${score}/100): no warning sign stands out; the score comes from minor signs: ${minorSaid}.`;
    return `${lead} (${score}/100).`;
  }
  return level === 'LOW'
    ? `${lead} (${score}/100); worth a look: ${joined}.`
    : `${lead} (${score}/100): ${joined}.`;
}

/**
 * A reason as a summary says it. The model's reason names its words where the indicator says they
 * are quoted: the summary shows no evidence for "are quoted" to point at.
 */
function inSummary(r: Indicator): string {
  if (r.id !== 'model.phishing_language' || r.evidence.length === 0) return r.explanation;
  return r.explanation.replace(
    'the words that weighed most are quoted',
    `the words that weighed most: ${r.evidence.slice(0, 3).join(', ')}`,
  );
}

/**
 * The first three indicators a summary names as reasons: warning signs, not notes or parse
 * trouble, and none that a lure it names restates (a lure says its request and its pressure; see
 * restatedBy). A request can sort ahead of its lure (a weightier request), so the parts left out
 * are those of the lures named, wherever they sort. Keeping a part can push a lure out of the
 * three, never bring one in: the parts left out only shrink, and the loop settles.
 */
function warningSigns(indicators: readonly Indicator[]): Indicator[] {
  const signs = indicators.filter(isWarningSign);
  const restated = (i: Indicator) => restatedBy(i, indicators);
  let said = new Set(signs.flatMap(restated));
  for (;;) {
    const named = signs.filter((i) => !said.has(i.id)).slice(0, 3);
    const now = new Set(named.flatMap(restated));
    if (now.size === said.size) return named;
    said = now;
  }
}

/** A sign a summary may name as a reason: not a note (info, low) or parse trouble. */
function isWarningSign(i: Indicator): boolean {
  return i.family !== 'parse' && i.severity !== 'info' && i.severity !== 'low';
}

function lowerFirst(s: string): string {
  return /^[A-Z](?![A-Z])/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
