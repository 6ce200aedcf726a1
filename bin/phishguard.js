#!/usr/bin/env node
/* global URL */
// `--version` answers before the CLI's modules load (loading them all takes most of a second).
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else {
  // Before anything allocates much: V8 flags are process-wide (see src/config/heap.ts).
  const { frugalHeap } = await import('../dist/config/heap.js');
  frugalHeap();
  const { main } = await import('../dist/cli/main.js');
  await main(process.argv);
}
