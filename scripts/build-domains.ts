// Builds data/popular-domains.txt from the Tranco top-100k copy in ../shared/corpus (see data/ATTRIBUTION.md).
import { createReadStream, writeFileSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import { getDomain } from 'tldts';

const SOURCE = process.argv[2] ?? '../shared/corpus/urls/tranco-top100k.csv.gz';
const LIMIT = 100_000;

const seen = new Set<string>();
const out: string[] = [];
const lines = createInterface({ input: createReadStream(SOURCE).pipe(createGunzip()) });
for await (const line of lines) {
  const raw = line.trim().toLowerCase().split(',').pop() ?? '';
  const domain = getDomain(raw);
  if (!domain || seen.has(domain)) continue;
  seen.add(domain);
  out.push(domain);
  if (out.length >= LIMIT) break;
}
writeFileSync(
  'data/popular-domains.txt',
  `# Registrable domains, most popular first. Derived from a Tranco top-100k list (Le Pochat et al., NDSS 2019); see data/ATTRIBUTION.md.\n${out.join('\n')}\n`,
);
console.log(`wrote ${out.length} domains`);
