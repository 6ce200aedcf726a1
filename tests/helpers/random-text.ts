/**
 * Reproducible random strings made of the given pieces (characters or longer runs), for tests
 * that compare a fast reader with the plain expression or tokenizer it replaces.
 */
export function randomTexts(
  pieces: readonly string[],
  count: number,
  maxPieces: number,
  seed: number,
): string[] {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let text = '';
    const length = Math.floor(next() * maxPieces);
    for (let i = 0; i < length; i++) text += pieces[Math.floor(next() * pieces.length)];
    out.push(text);
  }
  return out;
}
