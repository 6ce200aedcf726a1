// Reads ../shared/corpus/{train,dev}: LABEL-SOURCE.mbox.gz with its index.tsv (ordinal, date, group, sha).
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { readMbox } from '../../src/adapters/files/mbox.js';

export interface CorpusMessage {
  label: 'phishing' | 'legit' | 'spam';
  source: string;
  ordinal: number;
  group: string;
  date: string;
  raw: Buffer;
}

export const CORPUS_ROOT =
  process.env.PHISHGUARD_CORPUS ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');

export function corpusFiles(
  split: 'train' | 'dev',
): { label: CorpusMessage['label']; source: string; path: string; index: string }[] {
  const dir = join(CORPUS_ROOT, split);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mbox.gz'))
    .sort()
    .map((f) => {
      const base = f.replace(/\.mbox\.gz$/, '');
      const dash = base.indexOf('-');
      return {
        label: base.slice(0, dash) as CorpusMessage['label'],
        source: base.slice(dash + 1),
        path: join(dir, f),
        index: join(dir, `${base}.index.tsv`),
      };
    });
}

export async function* readCorpus(split: 'train' | 'dev'): AsyncGenerator<CorpusMessage> {
  for (const f of corpusFiles(split)) {
    const rows = readFileSync(f.index, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split('\t'));
    let ordinal = 0;
    for await (const raw of readMbox(createReadStream(f.path).pipe(createGunzip()))) {
      const row = rows[ordinal];
      yield {
        label: f.label,
        source: f.source,
        ordinal,
        group: `${f.label}-${f.source}:${row?.[2] ?? ordinal}`,
        date: row?.[1] ?? '',
        raw,
      };
      ordinal++;
    }
  }
}
