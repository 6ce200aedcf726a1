import type { HostInfo } from '../domains/registrable.js';
import { ACTION_SIGNALS, readsAsBill, subjectAndText } from './call-to-action.js';
import { linksStayOn, userContentHost } from './own-site.js';
import { indicator } from './signals/context.js';
import type { Indicator, ParsedEmail } from './types.js';

/**
 * A meeting invitation as a calendar or meeting service writes it: Google Calendar's, a Teams
 * meeting's, a Zoom or Webex meeting's own lines. The legitimate corpus has no invitation at all
 * (its only calendar parts are lures), so the model reads an invitation's words ("invited",
 * "view", "reply", "calendar", "PIN") as phishing: a real Google Calendar invitation from a
 * colleague's company domain scored 59 and a Zoom invitation 69 (2026-11-29).
 */
const INVITATION =
  /invitation from google calendar|join with google meet|meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}|microsoft teams meeting|teams\.microsoft\.com\/l\/meetup-join|join zoom meeting|zoom\.us\/j\/\d|is inviting you to a scheduled zoom meeting|join (?:the )?webex meeting|webex\.com\/(?:meet|join)\//i;

/**
 * The meeting services' own domains: their invitation's links (join, answer, dial-in numbers,
 * help) go nowhere else.
 */
const SERVICE_DOMAINS = new Set([
  'google.com',
  'tel.meet',
  'zoom.us',
  'microsoft.com',
  'aka.ms',
  'office.com',
  'office365.com',
  'live.com',
  'outlook.com',
  'webex.com',
]);

/**
 * The invitation's own event page: a host that otherwise serves its users' content (own-site.ts),
 * whose text the invitation shows in full.
 */
const EVENT_PAGE = 'calendar.google.com';

/** What an invitation asks beyond its links that phishing needs: these void the reading. */
const ASKS = new Set([...ACTION_SIGNALS, 'content.callback_lure', 'content.threat']);

/**
 * What voids reading a service's own mail as harmless (a meeting invitation, a secure message's
 * notice): a strong warning sign, a look-alike, failed authentication, or a request phishing needs.
 */
export function voidsServiceReading(i: Indicator): boolean {
  return (
    i.severity === 'critical' ||
    i.severity === 'high' ||
    i.family === 'lookalike' ||
    (i.family === 'auth' && i.weight > 0) ||
    ASKS.has(i.id)
  );
}

/** A calendar file is the invitation itself; anything else attached is something to open. */
function onlyCalendarFiles(email: ParsedEmail): boolean {
  return email.attachments.every(
    (a) =>
      a.mimeType === 'text/calendar' ||
      a.mimeType === 'application/ics' ||
      /\.(?:ics|vcs)$/i.test(a.filename.trim()),
  );
}

/**
 * A meeting invitation whose every link stays on the meeting service or the sender's own site,
 * with no file, form, credential, payment or call-back request and nothing the rules find wrong
 * with its sender: it takes the reader nowhere a phisher controls, so, as mail that asks nothing
 * (NO_ACTION_CAP in analyze.ts), its wording alone cannot make it phishing. Its dial-in numbers
 * are the meeting's, so a phone number alone does not void it; a call-back lure (a bill and a
 * number to call) does. Full mail only: pasted text keeps the addresses an invitation writes out
 * but loses those behind a lure's words ("Click here"), so a lure pasted with only its meeting
 * links written out would read as harmless (two later honeypot messages did, pasted, when this
 * was first written for both views: `npm run eval`, 92.20% → 91.97%). Not a proof of who sent it: a phisher's real invitation that
 * links only to the meeting service gains nothing from the reading. An invitation that reads as
 * a bill (a bill's words and an amount: the call-back scams sent as calendar invitations) is not
 * read so, whoever sends it.
 */
export function meetingInvitation(
  email: ParsedEmail,
  indicators: readonly Indicator[],
  senderDomain: string | null,
): Indicator | null {
  if (email.mode !== 'full' || email.links.length === 0 || email.forms.length > 0) return null;
  const shown = subjectAndText(email);
  const service = INVITATION.exec(shown)?.[0];
  // An invitation that reads as a bill carries a call-back lure: its number is not a dial-in.
  if (!service || readsAsBill(shown) || !onlyCalendarFiles(email) || indicators.some(voidsServiceReading))
    return null;
  // The event page serves its users' content elsewhere, but the invitation shows its text in full.
  const onService = (_url: URL, host: HostInfo) =>
    host.hostname === EVENT_PAGE ||
    (!userContentHost(host.hostname) && SERVICE_DOMAINS.has(host.domain ?? ''));
  if (!linksStayOn(email, senderDomain, onService, { tel: true })) return null;
  return indicator({
    id: 'content.meeting_invitation',
    family: 'content',
    severity: 'info',
    weight: 0,
    explanation:
      "It is a meeting invitation, and every link stays on the meeting service or the sender's own site with nothing else to act on, so its wording alone does not make it phishing. Join only meetings you expected.",
    evidence: [
      `"${service}"`,
      `${email.links.length} link${email.links.length === 1 ? '' : 's'}, all on the meeting service or ${senderDomain ?? "the sender's site"}`,
    ],
  });
}
