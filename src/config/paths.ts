import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** The package root, from this file's place (src/config or dist/config: both two levels down). */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DATA_DIR = join(PACKAGE_ROOT, 'data');
export const POPULAR_DOMAINS_FILE = join(DATA_DIR, 'popular-domains.txt');
export const MODEL_FILE = join(DATA_DIR, 'model.json');
export const WEB_DIST_DIR = join(PACKAGE_ROOT, 'dist', 'web');
export const EVALUATION_FILE = join(PACKAGE_ROOT, 'docs', 'evaluation.json');
/** The analysis worker's entry, always the built one (sources running under tsx or vitest have no .js of it). */
export const ANALYZE_WORKER_FILE = join(PACKAGE_ROOT, 'dist', 'adapters', 'workers', 'analyze-worker.js');
