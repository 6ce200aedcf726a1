// A small function-word language guess for the evaluation's per-language figures: en, de, pt,
// fr, es, nl, else "other" (another language, too little text, or no clear winner).
export const LANGUAGES = ['en', 'de', 'pt', 'fr', 'es', 'nl', 'other'] as const;
export type Language = (typeof LANGUAGES)[number];

// Frequent words that are rare in the other five languages (shared ones like "de", "en", "a" left out).
const WORDS: Record<Exclude<Language, 'other'>, string> = {
  en: 'the and you your to of is are for this with have please our we will be on that it not from can account click here',
  de: 'und der die das ist sie ihr ihre nicht mit für auf den dem sich ein eine bitte wir zu wenn oder auch werden haben sind konto',
  pt: 'não você seu sua para com uma os ao dos das por mais foi está são conta aqui seus nossa clique obrigado',
  fr: 'le les et vous votre est pour une dans des sur pas avec nous ce qui sont cette êtes compte ici cliquez merci',
  es: 'el los y usted su para con una por del las está es cuenta aquí haga gracias sus nuestro este puede',
  nl: 'het een en van je uw is op voor niet met zijn dat deze wij u ons worden hebt heeft account klik hier bedankt',
};

const SETS = Object.fromEntries(Object.entries(WORDS).map(([k, v]) => [k, new Set(v.split(' '))])) as Record<
  Exclude<Language, 'other'>,
  Set<string>
>;

export function detectLanguage(text: string): Language {
  const counts: Record<string, number> = { en: 0, de: 0, pt: 0, fr: 0, es: 0, nl: 0 };
  let n = 0;
  for (const w of text
    .slice(0, 5000)
    .toLowerCase()
    .split(/[^\p{L}]+/u)) {
    if (!w) continue;
    if (++n > 600) break;
    for (const lang of Object.keys(SETS) as (keyof typeof SETS)[]) if (SETS[lang].has(w)) counts[lang]!++;
  }
  const ranked = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[1] < 3 || best[1] < 1.5 * (second?.[1] ?? 0)) return 'other';
  return best[0] as Language;
}
