import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluationFigures } from '../../src/server/routes/system.js';

const dir = mkdtempSync(join(tmpdir(), 'pg-eval-'));
const shipped = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'evaluation.json'), 'utf8'),
) as {
  unseen_phishing?: Record<string, { full: number }>;
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

  it('read a report from before that question as having no such figure, not as unavailable', () => {
    const older: Record<string, unknown> = { ...shipped };
    delete older.unseen_phishing;
    const f = evaluationFigures(write('older.json', older));
    expect(f.available).toBe(true);
    expect(f.available && f.unseen_collection_recall).toBeNull();
  });
});
