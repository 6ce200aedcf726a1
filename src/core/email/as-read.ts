/**
 * Invisible characters: zero-width space, joiners, word joiner, BOM, combining grapheme joiner,
 * Mongolian vowel separator, variation selectors and tag characters. Nothing a reader sees, and
 * what a lure puts inside its words to slip past filters.
 */
export const INVISIBLE = String.raw`[\u200b-\u200d\u2060-\u2064\ufeff\u034f\u180e\ufe00-\ufe0f\u{e0000}-\u{e01ef}]+`;

// eslint-disable-next-line no-misleading-character-class
const HIDDEN_IN_TEXT = new RegExp(`${INVISIBLE}|\\u00ad+`, 'gu');

/**
 * The text as a reader reads it: invisible characters dropped (INVISIBLE, and soft hyphens) and
 * compatibility forms folded (NFKC: 𝗙𝗶𝗻𝗮𝗹 and ｆｉｎａｌ read "Final"), so a lure whose words are
 * disguised to slip past filters ("Fi\u200bnal wa\u200brning") reads "Final warning" to the
 * content rules and to the model alike. That the words were disguised is a signal of its own
 * (content.obfuscated_text, read from the raw text). Most mail has none of these characters, and
 * one scan for the commonest of them (zero-width characters, soft hyphens, mathematical and
 * full-width letters) comes first.
 */
export function asRead(text: string): string {
  if (!DISGUISE_HINT.test(text)) return text;
  return text.replace(HIDDEN_IN_TEXT, '').normalize('NFKC');
}
// eslint-disable-next-line no-misleading-character-class
const DISGUISE_HINT = /[\u200b-\u200d\u2060-\u2064\ufeff\u034f\u00ad\ud835\uff01-\uff5e]/;
