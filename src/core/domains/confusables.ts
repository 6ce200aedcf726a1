/**
 * A confusable "skeleton" in the spirit of Unicode TR39: characters that render like ASCII
 * letters map to them, so `pаypal` (Cyrillic а) and `paypa1` both become `paypal`.
 * The table covers the Cyrillic, Greek and digit look-alikes seen in phishing domains.
 */
const SINGLE: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  г: 'r',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԝ: 'w',
  ь: 'b',
  ӏ: 'l',
  ɡ: 'g',
  ɩ: 'i',
  ı: 'i',
  ł: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '5': 's',
  '@': 'a',
  '|': 'l',
  à: 'a',
  á: 'a',
  â: 'a',
  ä: 'a',
  ã: 'a',
  å: 'a',
  è: 'e',
  é: 'e',
  ê: 'e',
  ë: 'e',
  ì: 'i',
  í: 'i',
  î: 'i',
  ï: 'i',
  ò: 'o',
  ó: 'o',
  ô: 'o',
  ö: 'o',
  õ: 'o',
  ù: 'u',
  ú: 'u',
  û: 'u',
  ü: 'u',
  ç: 'c',
  ñ: 'n',
  ý: 'y',
};
const MULTI: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];

/**
 * Cyrillic and Greek letters that pass for Latin ones in running text, in both cases (а е о р с у
 * х і ј ѕ, ο α ε ι κ ν ρ τ υ χ …): what a word spelt to fool a filter mixes in. Narrower than the
 * skeleton table above, which also maps lower-case letters that resemble Latin ones only in some
 * fonts (к, м, н, т; their capitals К, М, Н, Т do pass and are here), because a domain is
 * compared after folding, not read.
 */
export const LATIN_LOOKALIKE = /[аеорсухіјѕԁһӏԛԝАВЕКМНОРСТХІЈЅοαεικνρτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ]/u;

export function skeleton(label: string): string {
  let out = '';
  for (const ch of label.normalize('NFKC').toLowerCase()) out += SINGLE[ch] ?? ch;
  for (const [re, to] of MULTI) out = out.replace(re, to);
  return out;
}

const SCRIPTS = [
  'Latin',
  'Cyrillic',
  'Greek',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Thai',
  'Devanagari',
] as const;
const SCRIPT_RES = SCRIPTS.map((s) => [s, new RegExp(`\\p{Script=${s}}`, 'u')] as const);

/** The distinct scripts of the letters in a label (digits and hyphens are script-neutral). */
export function scriptsOf(label: string): string[] {
  const found = new Set<string>();
  for (const ch of label) {
    if (!/\p{L}/u.test(ch)) continue;
    const hit = SCRIPT_RES.find(([, re]) => re.test(ch));
    found.add(hit ? hit[0] : 'Other');
  }
  // Japanese mixes Han with kana legitimately; treat them as one writing system.
  if (found.has('Han') && (found.has('Hiragana') || found.has('Katakana'))) {
    found.delete('Hiragana');
    found.delete('Katakana');
  }
  return [...found];
}
