// Gettext catalogues as the application checks read them (npm run eval:wordpress, eval:mailman,
// eval:sympa, eval:django): original text → translation, a plural's forms joined by NUL as gettext
// keeps them.
import { existsSync, readFileSync } from 'node:fs';

/** A compiled .mo catalogue (either byte order); empty if the file is missing. */
export function readMo(file: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  const buf = readFileSync(file);
  const le = buf.readUInt32LE(0) === 0x950412de;
  const u32 = (o: number) => (le ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const n = u32(8);
  const originals = u32(12);
  const translations = u32(16);
  const str = (table: number, i: number) =>
    buf.toString('utf8', u32(table + 8 * i + 4), u32(table + 8 * i + 4) + u32(table + 8 * i));
  for (let i = 0; i < n; i++) out.set(str(originals, i), str(translations, i));
  return out;
}

/** A .po catalogue: msgid → msgstr, continuation lines joined, fuzzy entries skipped; empty if missing. */
export function readPo(file: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  const unquote = (s: string) => JSON.parse(s.replace(/\\(?!["\\nt])/g, '\\\\')) as string;
  // Each entry is its comments, its msgid and its msgstr, each string continued on "…" lines.
  for (const entry of readFileSync(file, 'utf8').split(/\n\s*\n/)) {
    if (/^#,.*\bfuzzy\b/m.test(entry)) continue;
    let field: 'id' | 'str' | null = null;
    let id = '';
    let str = '';
    for (const line of entry.split('\n')) {
      if (line.startsWith('msgid ')) [field, id] = ['id', unquote(line.slice(6))];
      else if (line.startsWith('msgstr ')) [field, str] = ['str', unquote(line.slice(7))];
      else if (line.startsWith('"') && field === 'id') id += unquote(line);
      else if (line.startsWith('"') && field === 'str') str += unquote(line);
    }
    if (id && str) out.set(id, str);
  }
  return out;
}
