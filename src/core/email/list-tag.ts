import type { MailAddress } from './types.js';

/**
 * A mailing list's tag at the head of a subject ("Re: [USRP-users] …"): list software sends a
 * post as the list and sets Reply-To to the poster, so its sender and Reply-To say nothing of
 * the poster's intent, and the tag names the list, not the message.
 */
export const LIST_TAG = /^\s*(?:(?:re|fwd?|aw|sv)\s*:\s*)*\[([^\]]{1,40})\]\s*/i;

const fold = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Reply-To addresses that a mailing list set, not the sender: on a post whose subject carries the
 * list's tag, the list's own address ("[zzzzteana] …", Reply-To zzzzteana@yahoogroups.com), or
 * every Reply-To when the list rewrote From to itself for DMARC and put the poster in Reply-To
 * ("Robert via USRP-users <usrp-users@lists…>", Reply-To robert@…). A tag alone proves nothing:
 * "[Kraken] …" from info@zedproductions.ca with Reply-To info@test.com keeps its mismatch.
 */
export function listReplyTo(
  subject: string,
  from: MailAddress,
  replyTo: readonly MailAddress[],
): Set<MailAddress> {
  const tag = listTag(subject);
  if (!tag) return new Set();
  if (isVia(from, tag)) return new Set(replyTo);
  return new Set(replyTo.filter((r) => fold(r.address.split('@')[0] ?? '') === tag));
}

/**
 * A post whose From the list rewrote to itself for DMARC: "<poster> via <list>" under a subject
 * tagged with that list. The name before "via" is the poster's own (an address, a surname that
 * is also a brand), not a claim the list makes.
 */
export function rewrittenByList(subject: string, from: MailAddress): boolean {
  const tag = listTag(subject);
  return !!tag && isVia(from, tag);
}

/** Whether the From name ends "via <list>" for the list whose folded tag is `tag`. */
function isVia(from: MailAddress, tag: string): boolean {
  const via = /\bvia\s+(.+?)\s*$/i.exec(from.name)?.[1];
  return !!via && fold(via) === tag;
}

function listTag(subject: string): string {
  const raw = LIST_TAG.exec(subject)?.[1];
  return raw ? fold(raw) : '';
}
