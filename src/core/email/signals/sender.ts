import { brandNames, brandOwns, brandsIn, sameBrand, withLettersJoined } from '../../domains/brands.js';
import { FREEMAIL } from '../../domains/freemail.js';
import { findLookalike, imitatedHere } from '../../domains/lookalike.js';
import { registrableDomain } from '../../domains/registrable.js';
import { listReplyTo, rewrittenByList } from '../list-tag.js';
import type { Indicator, MailAddress, ParsedEmail } from '../types.js';
import { disguisedInLine, iAndLSwapped } from './content.js';
import { indicator, namingText, type Signal } from './context.js';

/**
 * Software that organisations run themselves and that signs its mail with its own name by
 * default ("WordPress <wordpress@yoursite.example>", "Mastodon <notifications@your.instance>"):
 * the name is the software's, not a claim to be its maker.
 */
const SELF_HOSTED = new Set(
  `wordpress mastodon gitlab jenkins jira confluence nextcloud owncloud discourse grafana sentry
redmine moodle drupal joomla woocommerce shopware magento prestashop odoo mattermost rocketchat
gitea matrix phpbb mediawiki zammad zulip nagios zabbix bitbucket github`.split(/\s+/),
);

/** The sender's domain is the named domain's organisation: the same name under another suffix (paypal.com.au). */
function ownsName(named: string, senderDomain: string): boolean {
  const label = (d: string) => d.split('.')[0];
  return label(named) === label(senderDomain) || sameBrand(named, senderDomain);
}

/**
 * A display name broken up to slip a name past filters: two or more stray capitals ("R ltuaIs
 * W lnactie"), a run of dots inside it ("ComfortTeam...bdaI"), or a campaign code tacked on
 * after a dot (".....QN649", "Team .PAQO"), or invisible or look-alike characters inside a word
 * ("T\ufeffrust Wаllet" with a Cyrillic а, "Payment/DecIined" with a capital I for an l).
 * Initials ("J. R. Smith") are not stray letters.
 */
export function obfuscatedName(name: string): boolean {
  if (disguisedInLine(name).length > 0 || iAndLSwapped(name).length > 0) return true;
  // A name that opens with a dash, tilde, asterisk or bracketed punctuation ("-Marijn van NTA",
  // "[`.WeightLoss--]"): 54 phishing-pot messages (35 dated from 2025-07 on), no other mail.
  if (/^(?:[-~*`]|\[[`'.])/.test(name)) return true;
  const stray = name.match(/(?<![\p{L}\p{N}.'’-])\p{Lu}(?=\s+\p{L}{2,})/gu)?.length ?? 0;
  if (stray >= 2) return true;
  if (/[\p{L}\p{N}]\s*\.{3,}\s*[\p{L}\p{N}]/u.test(name)) return true;
  if (/\.\.[A-Za-z0-9]{4,12}\s*$/.test(name)) return true;
  const code = /\s\.([A-Za-z0-9]{4,12})\s*$/.exec(name)?.[1];
  return code !== undefined && /[A-Z]{2}|\d/.test(code);
}

/** A host name as DNS has it: dot-separated labels, a top-level domain of letters (or punycode). */
const HOST_NAME = /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}_-]{0,62})?\.)+(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/**
 * A From address no mail system sends from: its domain has no dot or has characters no host
 * name has (a quote, comma, %, an address literal), or the address holds angle brackets, a
 * second address (`<service@otto.de>` as the address itself) or mathematical letters. Forged
 * headers written to show a brand or to dodge domain checks. Text without an @ is not judged: a
 * pasted sender may be a name only.
 *
 * A dot ending the domain ("service@stayfriends.de.") too, since rules 2.81.0: DNS writes a
 * fully qualified name so, but an address never ends in one (RFC 5322's dot-atom), and the mail
 * that has one writes a real brand's domain so. Counted over the raw corpus (2026-12-07): the
 * From lines of 119 earlier honeypot messages (17 domains, 75 of them StayFriends', September
 * 2023 to November 2024: Chronopost, La Redoute, Telekom, Zalando …), no legitimate or spam
 * message's, and no later phishing message's.
 */
export function malformedAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at <= 0) return false;
  if (/[<>"\s]/.test(address)) return true;
  // Mathematical letters (\ud835…) in the mailbox name: "𝗿𝗲𝗽𝗹𝘆@telekom.com" shows a word no
  // server spells that way (3 later phishing messages, no other mail).
  if (address.includes('\ud835')) return true;
  // Not stripped of a dot ending it: HOST_NAME has none, so "stayfriends.de." is malformed.
  const domain = address.slice(at + 1);
  if (HOST_NAME.test(domain)) return false;
  // A machine's own mail (cron, logwatch) comes from a bare host name: root@web01.
  return !(SYSTEM_ACCOUNT.test(address.slice(0, at)) && /^[a-z0-9-]{1,63}$/i.test(domain));
}
const SYSTEM_ACCOUNT =
  /^(?:root|cron|daemon|nobody|admin|postmaster|mailer-daemon|www-data|apache|nginx|logwatch|nagios|zabbix|backup|git|jenkins|smartd|mdadm)$/i;

/**
 * Default domains of cloud tenants, which a new account gets before (or instead of) its own:
 * an organisation's mail comes from its own domain, a throwaway trial tenant's from these.
 */
const TENANT_DEFAULT = /\.onmicrosoft\.com$/i;

/**
 * A notice Exchange writes for an organisation's own mail: From "Microsoft Outlook
 * <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@contoso.com>", the tenant's system mailbox
 * on the organisation's domain, to a user of that domain. The name is the organisation's mail
 * system speaking, not a claim to be Microsoft, when the notice is a delivery report ("Undeliverable:
 * …", the report itself as a message/delivery-status part) or carries nothing to act on (a quota
 * warning: no link, no file). Read as a claim, every bounce of a Microsoft 365 user was
 * "Suspicious" (MEDIUM 46, sender.brand_display_name) and every quota warning "worth a look"
 * (LOW 39; 2026-12-06). The quota lure that copies it needs a link, and keeps the claim. No
 * corpus message has such a sender.
 */
function exchangeSystemNotice(email: ParsedEmail, from: MailAddress, senderDomain: string): boolean {
  return (
    /^microsoft (?:outlook|exchange)$/i.test(from.name.trim()) &&
    /^microsoftexchange[0-9a-f]{32}@/i.test(from.address) &&
    (email.attachments.some((a) => a.mimeType === 'message/delivery-status') ||
      (email.links.length === 0 && email.attachments.length === 0 && email.forms.length === 0)) &&
    email.to.some((t) => registrableDomain(t.address) === senderDomain)
  );
}

/**
 * Second-level names sold under .com and .net that read like a country's domain (uk.com, sa.com,
 * za.com, it.com): a registrable name under one of them ("lidl.it.com") is cheap and looks
 * official. In the corpus: 166 phishing messages, 1 spam, no legitimate mail.
 */
const PSEUDO_COUNTRY_SUFFIX = /^[a-z]{2,3}\.(?:com|net)$/;

/**
 * The recipient's own organisation named by a sender outside it ("monkey.org Mail Admin" writing
 * to jose@monkey.org from another domain): how phishing poses as a company's IT desk or a
 * colleague. Free-mail domains are not judged. The corpus's phishing has its recipients
 * anonymised, so this cannot be counted there; its legitimate mail keeps real recipients, and 1
 * of about 20,000 such messages has it (a man writing from one of his domains to his other one).
 */
export function recipientDomainNamed(
  name: string,
  to: readonly MailAddress[],
  senderDomain: string | null,
): string | null {
  if (!name || !senderDomain) return null;
  const lower = name.toLowerCase();
  const words = new Set(lower.split(/[^\p{L}\p{N}]+/u));
  for (const r of to) {
    const domain = registrableDomain(r.address);
    if (!domain || domain === senderDomain || FREEMAIL.has(domain) || sameBrand(domain, senderDomain))
      continue;
    // The whole domain, or its name as a word of five letters or more: a list member called
    // "FRLinux" or "perl pra" writing to a list at linux.ie or perl.org is not a pose.
    const label = domain.split('.')[0] ?? '';
    if (lower.includes(domain) || (label.length >= 5 && words.has(label))) return domain;
  }
  return null;
}

/**
 * A trademark, registered or copyright sign in a display name ("Omaha Steaks ®",
 * "UnitedHealthcare®"): 109 phishing messages of the corpus (57 of the 859 dated from 2025-07
 * on), no legitimate or spam message.
 */
const TRADEMARK_SIGN = /[®™©]/;

/**
 * How `sender.brand_display_name`'s explanation ends, after "The sender calls itself X but writes
 * from Y": a lure made of it says the claim and goes on to what completes it (lure.ts, brandClaim).
 */
export const NOT_ITS_DOMAIN = ', which that brand does not use.';

/** Why a From line is forged, if it is, with the part of it that shows so. */
function forgedFrom(
  from: MailAddress,
  nameAlone: string | undefined,
): Pick<Indicator, 'explanation' | 'evidence'> | null {
  // No legitimate message in the corpus (23,951, every source) has one; 770 of 7,616 phishing
  // (the honeypot's placeholder sender left out) and 8 of 5,352 spam.
  if (malformedAddress(from.address))
    return {
      explanation:
        'The sender’s address is not one mail can come from (no real domain name after the @, a dot ending it, or brackets or quotes inside it), so the header was forged.',
      evidence: [`From: ${from.address}`],
    };
  // Since rules 2.82.0. Counted over the corpus, both views, shipped model (2026-12-07): the From
  // lines of 923 honeypot messages (2022 to March 2025, none later), no legitimate or spam
  // message's; pasted text shows the name as the client does, so only full mail has it.
  // Since rules 2.83.0: no address at all (`"Facebook" <>`, a name alone). Counted over the
  // corpus, both views, shipped model (2026-12-07): the From lines of 81 honeypot messages (8 of
  // them later) and 2 SpamAssassin spam, no legitimate message's; full mail only, as above. A
  // machine's own unqualified mail ("From: root", "Cron Daemon <root>") is left out.
  if (nameAlone !== undefined && !from.address.includes('@')) {
    if (SYSTEM_ACCOUNT.test(from.address || nameAlone)) return null;
    return {
      explanation:
        'The sender’s From line has no address in it, only a name (or nothing): no mail can come from it, and a mail client shows the name alone. No mail system writes a From line so; the header was forged.',
      evidence: [`From: "${nameAlone}" <${from.address}>`],
    };
  }
  if (nameAlone !== undefined)
    return {
      explanation:
        "The sender's From line lists a name with no address, then the address it came from with no name: written so that a mail client shows the name alone. No mail system writes a From line so; the header was forged.",
      evidence: [`From: "${nameAlone}", <${from.address}>`],
    };
  return null;
}

/** From vs Reply-To vs Return-Path, display-name tricks, lookalike sender domains. */
export const senderSignals: Signal = ({ email, popular, senderDomain }) => {
  const out: Indicator[] = [];
  const from = email.from;
  const forged = from ? forgedFrom(from, email.fromNameAlone) : null;
  if (forged)
    out.push(
      indicator({
        id: 'sender.malformed_address',
        family: 'sender',
        // Alone it makes a message MEDIUM (is_phishing): a forged sender is deception, not junk.
        severity: 'high',
        weight: 0.5,
        ...forged,
      }),
    );
  if (!from || !senderDomain) return out;
  // The From line as a mail client shows it: the evidence of every display-name signal.
  const fromLine = `From: "${from.name}" <${from.address}>`;
  const suffix = senderDomain.slice(senderDomain.indexOf('.') + 1);
  if (PSEUDO_COUNTRY_SUFFIX.test(suffix)) {
    out.push(
      indicator({
        id: 'sender.pseudo_country_domain',
        family: 'sender',
        severity: 'medium',
        weight: 0.4,
        explanation: `The sender's domain ${senderDomain} sits under ${suffix}, a privately sold name made to look like a country's domain.`,
        evidence: [`From: ${from.address}`],
      }),
    );
  }
  if (TENANT_DEFAULT.test(from.address)) {
    out.push(
      indicator({
        id: 'sender.tenant_default_domain',
        family: 'sender',
        severity: 'medium',
        weight: 0.4,
        explanation:
          'It comes from a cloud tenant’s default address (…onmicrosoft.com), not from an organisation’s own domain: what a throwaway trial account sends from.',
        evidence: [`From: ${from.address}`],
      }),
    );
  }

  const setByList = listReplyTo(email.subject, from, email.replyTo);
  const replyDomains = [
    ...new Set(
      email.replyTo
        .filter((r) => !setByList.has(r))
        .map((r) => registrableDomain(r.address))
        .filter((d): d is string => !!d),
    ),
  ];
  for (const rd of replyDomains) {
    if (rd === senderDomain) continue;
    out.push(
      indicator({
        id: 'sender.reply_to_mismatch',
        family: 'sender',
        severity: 'medium',
        weight: FREEMAIL.has(rd) ? 0.3 : 0.15,
        explanation:
          'Replies go to a different domain than the sender’s, a common way to take over the conversation.',
        evidence: [`From: ${from.address}`, `Reply-To: ${email.replyTo.map((r) => r.address).join(', ')}`],
      }),
    );
  }

  const rp = email.returnPath ? registrableDomain(email.returnPath.replace(/[<>]/g, '')) : null;
  if (rp && rp !== senderDomain && !email.replyTo.some((r) => registrableDomain(r.address) === rp)) {
    out.push(
      indicator({
        id: 'sender.return_path_mismatch',
        family: 'sender',
        severity: 'low',
        weight: 0.05,
        explanation:
          'The bounce address (Return-Path) belongs to another domain; normal for mailing services, but worth a look.',
        evidence: [`From: ${from.address}`, `Return-Path: ${email.returnPath}`],
      }),
    );
  }

  // The name a list wrote in ("qiu@gmail.com via USRP-users") is its poster's, not a claim; nor
  // is the name Exchange signs the organisation's own delivery reports and quota warnings with.
  const claimedName =
    rewrittenByList(email.subject, from) || exchangeSystemNotice(email, from, senderDomain) ? '' : from.name;
  const embedded = /(?<![\w.+-])[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+/.exec(claimedName)?.[0]?.toLowerCase();
  if (embedded && embedded !== from.address && registrableDomain(embedded) !== senderDomain) {
    out.push(
      indicator({
        id: 'sender.display_name_address',
        family: 'sender',
        severity: 'high',
        weight: 0.4,
        explanation:
          'The display name shows a different e-mail address than the one that actually sent the message.',
        evidence: [fromLine],
      }),
    );
  }

  const inName = brandsIn(withLettersJoined(claimedName), { allowCommonWords: true });
  const surname = inName.length > 0 ? brandSurname(claimedName) : null;
  const brands = inName.filter((b) => !brandOwns(b, senderDomain) && b !== surname);
  const named = brands.length === 0 && claimedName ? popular.domainNamedBy(claimedName) : null;
  if (named && !ownsName(named, senderDomain) && !SELF_HOSTED.has(named.split('.')[0] ?? '')) {
    out.push(
      indicator({
        id: 'sender.site_name_elsewhere',
        family: 'sender',
        severity: 'medium',
        // Below a listed brand's 0.3: a popular site's name is a weaker claim (publications,
        // feed relays and mailing services write such names too).
        weight: 0.25,
        explanation: `The sender calls itself by the name of ${named} but writes from ${senderDomain}.`,
        evidence: [fromLine],
      }),
    );
  }
  if (obfuscatedName(from.name)) {
    out.push(
      indicator({
        id: 'sender.obfuscated_name',
        family: 'sender',
        // Alone it makes a message MEDIUM: no legitimate message in the corpus (24,000, every
        // source) has such a name, and the campaigns that use one carry little else (image-only).
        severity: 'high',
        weight: 0.5,
        explanation:
          'The sender’s name is broken up with stray letters, dots, a code or invisible and look-alike characters (as in "R ltuaIs W lnactie .QN649"), a way to slip a brand past filters.',
        evidence: [fromLine],
      }),
    );
  }
  const own = recipientDomainNamed(from.name, email.to, senderDomain);
  if (own) {
    out.push(
      indicator({
        id: 'sender.recipient_domain_name',
        family: 'sender',
        severity: 'high',
        weight: 0.3,
        explanation: `The sender calls itself by the name of your own domain (${own}) but writes from ${senderDomain}: a common way to pose as your IT desk or a colleague.`,
        evidence: [fromLine, `to your address at ${own}`],
      }),
    );
  }
  const mark = TRADEMARK_SIGN.exec(from.name)?.[0];
  if (mark) {
    out.push(
      indicator({
        id: 'sender.trademark_name',
        family: 'sender',
        severity: 'medium',
        weight: 0.25,
        explanation: `The sender's name carries a trademark sign (${mark}): brands rarely write one into their From line; imitations of them do, to look official.`,
        evidence: [fromLine],
      }),
    );
  }
  if (brands.length > 0) {
    out.push(
      indicator({
        id: 'sender.brand_display_name',
        family: 'sender',
        severity: FREEMAIL.has(senderDomain) ? 'high' : 'medium',
        weight: FREEMAIL.has(senderDomain) ? 0.45 : 0.3,
        explanation: `The sender calls itself ${brandNames(brands)} but writes from ${senderDomain}${NOT_ITS_DOMAIN}`,
        evidence: [fromLine],
      }),
    );
  }

  const look = findLookalike(from.address.slice(from.address.lastIndexOf('@') + 1), popular);
  if (look && imitatedHere(look, namingText(email))) {
    out.push(
      indicator({
        id: 'sender.lookalike_domain',
        family: 'lookalike',
        severity: 'high',
        weight: 0.5,
        explanation: `The sender's domain imitates ${look.imitates ?? 'a well-known domain'} (${look.kind}).`,
        evidence: [look.detail],
      }),
    );
  }
  return out;
};

/**
 * A person's name whose surname is a brand's that is also a common surname ("Scott Norton",
 * "Brianna Chase"): the brand, or null. Only a given name, an optional initial and the surname,
 * the given name no brand and no word a service signs with ("Support Norton"). Not every brand a
 * surname: as "Cashback Mastercard", "Cartões Bradesco" and "Charles Schwab" (the firm's own
 * name), a two-word name ending in a brand is mostly a claim: 15 phishing messages against the one
 * legitimate "Scott Norton" (corpus, 2026-11-27).
 */
function brandSurname(name: string): string | null {
  const m = PERSONAL_NAME.exec(name.trim());
  if (!m) return null;
  const surname = (m[2] as string).toLowerCase();
  if (!SURNAME_BRANDS.has(surname)) return null;
  const given = (m[1] as string).toLowerCase();
  if (SIGNS_AS.has(given) || brandsIn(given, { allowCommonWords: true }).length > 0) return null;
  return surname;
}
const PERSONAL_NAME = /^(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?: \p{Lu}\.?)? (\p{Lu}\p{Ll}+)$/u;
/** Brands whose names are common surnames too. */
const SURNAME_BRANDS = new Set(['norton', 'chase']);
/** Words a service or a team signs with in front of a brand. */
const SIGNS_AS = new Set(
  'support service services team security customer customers account accounts billing help official secure alert alerts notice notification kundenservice konto servicio suporte equipe equipo'.split(
    ' ',
  ),
);
