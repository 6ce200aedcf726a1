import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, type Engine } from '../../src/app/engine.js';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** How many .eml fixtures there are (tests that import them all count on it). */
export const EMAIL_FIXTURES = readdirSync(join(FIXTURES, 'email')).filter((f) => f.endsWith('.eml')).length;

export function fixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, 'email', name));
}

let rules: Engine | null = null;
let full: Engine | null = null;

/** The engine without the trained model: signal tests assert on rules, not on learned weights. */
export function rulesEngine(): Engine {
  rules ??= createEngine({ useModel: false });
  return rules;
}

/** The shipped engine (rules + model), as users run it. */
export function shippedEngine(): Engine {
  full ??= createEngine();
  return full;
}

export async function analyzeFixture(name: string, engine = rulesEngine()) {
  return engine.analyzeRaw(fixture(name));
}

export function ids(a: { indicators: { id: string }[] }): string[] {
  return a.indicators.map((i) => i.id);
}

/** The indicator ids the rules alone give a pasted message (subject, sender, content). */
export function pastedIds(subject: string, sender: string, content: string): string[] {
  return ids(rulesEngine().analyzeTest({ subject, sender, content }));
}
