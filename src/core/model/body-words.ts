/**
 * The body's word and word-pair features, read without making a string of any word: each word's
 * keys are hashed a character at a time as the text is read (feature-keys.ts), a word is checked
 * against the words that are never features by its key, and a feature names its words by their
 * place in the text, spelled out only when an explanation quotes them. Making a string of every
 * word, filtering them and hashing each again for its pair cost the model step about 0.03 ms a
 * message more. The words and keys are exactly those of `wordTokens` (words.ts) and `featureKey`
 * (tests/unit/body-words.test.ts).
 */
import {
  fnvStep,
  keyOfStates,
  pairJoin,
  prefixStates,
  type FeatureSink,
  type KeySet,
} from './feature-keys.js';
import { foldedWord, JOINER, kindAt, LETTER, MAX_WORD, NUMBER, SEPARATOR, widthOf } from './words.js';

const [WORD_1, WORD_2] = prefixStates('b:');
const [PAIR_1, PAIR_2] = prefixStates('bb:');

/** The current word's character codes, folded as words.ts folds them (a word past MAX_WORD is dropped). */
const WORD = new Uint16Array(MAX_WORD);

/**
 * Emits `b:` for each of the first `maxWords` words of `text` whose key is not in `notWords` and
 * that has a letter (a number alone, "0" or "0-0" once folded, is not a word), and `bb:` for each
 * such word with the one before it.
 */
export function bodyWords(text: string, maxWords: number, notWords: KeySet, feats: FeatureSink): void {
  const n = text.length;
  let kept = 0;
  // The word before, for pairs: where it is and its `bb:` hash states.
  let prevStart = -1;
  let prevEnd = -1;
  let prev1 = 0;
  let prev2 = 0;
  // The current word: its first and past-last non-joiner, folded length, joiners not yet counted.
  let start = -1;
  let end = -1;
  let length = 0;
  let pending = 0;
  let inNumber = false;
  let hasLetter = false;
  for (let i = 0; i <= n && kept < maxWords;) {
    // Past the end reads as a space, so the last word ends like any other.
    const c = i < n ? text.charCodeAt(i) : 32;
    const kind = kindAt(text, i, c);
    const width = widthOf(c, kind);
    if (kind === SEPARATOR) {
      // Trailing joiners count towards the length limit, as words.ts counts them.
      if (start >= 0 && hasLetter && length + pending <= MAX_WORD) {
        let b1 = WORD_1;
        let b2 = WORD_2;
        for (let k = 0; k < length; k++) {
          const code = WORD[k] as number;
          b1 = fnvStep(b1, code);
          b2 = fnvStep(b2, code);
        }
        const key = keyOfStates(b1, b2);
        if (!notWords.has(key)) {
          let q1 = PAIR_1;
          let q2 = PAIR_2;
          let r1 = pairJoin(prev1);
          let r2 = pairJoin(prev2);
          for (let k = 0; k < length; k++) {
            const code = WORD[k] as number;
            q1 = fnvStep(q1, code);
            q2 = fnvStep(q2, code);
            r1 = fnvStep(r1, code);
            r2 = fnvStep(r2, code);
          }
          if (feats.addSpan) {
            feats.addSpan('b:', key, text, start, end, -1, -1);
            if (prevStart >= 0)
              feats.addSpan('bb:', keyOfStates(r1, r2), text, prevStart, prevEnd, start, end);
          } else {
            const word = foldedWord(text.slice(start, end));
            feats.add('b:', word);
            if (prevStart >= 0) feats.add('bb:', foldedWord(text.slice(prevStart, prevEnd)), word);
          }
          prevStart = start;
          prevEnd = end;
          prev1 = q1;
          prev2 = q2;
          kept++;
        }
      }
      start = -1;
      pending = 0;
      length = 0;
      inNumber = false;
      hasLetter = false;
    } else if (kind === JOINER) {
      // Leading joiners are trimmed; inner ones wait until a letter or number follows them.
      if (start >= 0) pending++;
      inNumber = false;
    } else {
      if (start < 0) start = i;
      // What the word grows by: the joiners before, and the letter or a new run of digits.
      const grows = kind === LETTER ? width : inNumber ? 0 : 1;
      if (length + pending + grows > MAX_WORD) {
        // Too long to be a word whatever follows: only its length is still counted.
        length += pending + grows;
        pending = 0;
      } else {
        for (; pending > 0; pending--) WORD[length++] = text.charCodeAt(end++);
        if (kind === LETTER) {
          WORD[length++] = c;
          if (width === 2) WORD[length++] = text.charCodeAt(i + 1);
        } else if (!inNumber) WORD[length++] = 48; // a run of digits reads as one "0"
      }
      if (kind === LETTER) hasLetter = true;
      inNumber = kind === NUMBER;
      end = i + width;
    }
    i += width;
  }
}
