const KNOWN =
  /^(from|to|subject|date|received|message-id|mime-version|return-path|delivered-to|reply-to|content-type|x-[a-z0-9-]+):/im;
const FIELD = /^[!-9;-~]+:/;

/**
 * Whether bytes look like an Internet message (RFC 5322): text, opening with header fields
 * (after an optional mbox "From " line), among them at least one that mail always carries.
 * A PDF, an image or a random text file is not analysed as if it were mail.
 */
export function looksLikeMessage(raw: Uint8Array): boolean {
  const head = Buffer.from(raw.buffer, raw.byteOffset, Math.min(raw.byteLength, 64 * 1024));
  if (head.includes(0)) return false;
  const text = head.toString('latin1').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  let i = lines[0]?.startsWith('From ') ? 1 : 0;
  while (i < lines.length && lines[i] === '') i++;
  if (!FIELD.test(lines[i] ?? '')) return false;
  const end = text.search(/\r?\n\r?\n/);
  return KNOWN.test(end === -1 ? text : text.slice(0, end));
}
