import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderEvaluation } from '../../scripts/lib/report.js';
import { evaluationFigures } from '../../src/server/routes/system.js';

const dir = mkdtempSync(join(tmpdir(), 'pg-eval-'));
const shipped = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'evaluation.json'), 'utf8'),
) as {
  unseen_phishing?: Record<string, { full: number }>;
  forward: { recall_ci?: { full: [number, number]; paste: [number, number] } };
};
const write = (name: string, report: object) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(report));
  return file;
};

describe('the landing page figures', () => {
  it('give the lowest and highest recall on a phishing collection left out of training', () => {
    const f = evaluationFigures(write('now.json', shipped));
    const recalls = Object.values(shipped.unseen_phishing ?? {}).map((c) => c.full);
    expect(recalls.length).toBeGreaterThanOrEqual(2);
    expect(f.available && f.unseen_collection_recall).toEqual({
      min: Math.min(...recalls),
      max: Math.max(...recalls),
    });
  });

  it('give the 95% intervals of the forward recall, full and pasted, around the figures themselves', () => {
    const f = evaluationFigures(write('now.json', shipped));
    const ci = shipped.forward.recall_ci;
    expect(ci).toBeDefined();
    expect(f.available && f.phishing_recall_interval).toEqual({ lo: ci?.full[0], hi: ci?.full[1] });
    expect(f.available && f.phishing_recall_pasted_interval).toEqual({ lo: ci?.paste[0], hi: ci?.paste[1] });
    if (!f.available) throw new Error('the shipped report must be readable');
    for (const [value, interval] of [
      [f.phishing_recall, f.phishing_recall_interval],
      [f.phishing_recall_pasted, f.phishing_recall_pasted_interval],
    ] as const) {
      expect(interval?.lo).toBeLessThanOrEqual(value);
      expect(interval?.hi).toBeGreaterThanOrEqual(value);
    }
  });

  it('read a report from before those questions as having no such figures, not as unavailable', () => {
    const older = structuredClone(shipped) as Record<string, unknown> & { forward: Record<string, unknown> };
    delete older.unseen_phishing;
    delete older.forward.recall_ci;
    const f = evaluationFigures(write('older.json', older));
    expect(f.available).toBe(true);
    expect(f.available && f.unseen_collection_recall).toBeNull();
    expect(f.available && f.phishing_recall_interval).toBeNull();
    expect(f.available && f.phishing_recall_pasted_interval).toBeNull();
  });
});

describe('docs/evaluation.md', () => {
  it('is what the renderer makes of docs/evaluation.json: generated, not edited by hand', () => {
    const docs = join(import.meta.dirname, '..', '..', 'docs');
    const report = JSON.parse(readFileSync(join(docs, 'evaluation.json'), 'utf8')) as Parameters<
      typeof renderEvaluation
    >[0];
    expect(renderEvaluation(report)).toBe(readFileSync(join(docs, 'evaluation.md'), 'utf8'));
  });
});
