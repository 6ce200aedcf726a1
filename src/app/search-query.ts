import type { RiskLevel } from '../core/email/types.js';
import { PhishguardError } from '../errors.js';
import type { EmailFilters, EmailStatus } from './ports.js';

/**
 * The triage search box's syntax, after mailpit and Gmail: words and "quoted phrases" match the
 * subject, the sender or the text; `from:` and `subject:` narrow a term to one field; a leading `-`
 * excludes; `level:high`, `is:safe` (a status), `after:` and `before:` (YYYY-MM-DD) filter. Terms
 * combine with AND. An unknown `word:` prefix is searched as plain text, as mailpit does.
 */
export interface SearchTerm {
  field: 'any' | 'from' | 'subject';
  text: string;
  negate: boolean;
}

export interface ParsedSearch {
  terms: SearchTerm[];
  riskLevel?: RiskLevel;
  status?: EmailStatus;
  /** Received on or after this day (YYYY-MM-DD). */
  after?: string;
  /** Received before this day (YYYY-MM-DD), exclusive, as Gmail's before:. */
  before?: string;
}

const LEVELS: Record<string, RiskLevel> = { high: 'HIGH', medium: 'MEDIUM', low: 'LOW', safe: 'SAFE' };
const STATUS: Record<string, EmailStatus> = {
  new: 'new',
  unreviewed: 'new',
  reviewed: 'reviewed',
  safe: 'safe',
  phishing: 'phishing',
  false_positive: 'false_positive',
  'false-positive': 'false_positive',
  fp: 'false_positive',
  quarantined: 'quarantined',
};

/** Each term is a LIKE over up to three columns: enough for a person, bounded for the database. */
const MAX_TERMS = 12;

const FILTERS = new Set(['level', 'is', 'after', 'since', 'before']);

// A token: optional '-', optional 'key:', then a "quoted phrase" or a run of non-spaces.
const TOKEN = /(-)?(?:([a-z_]+):)?(?:"([^"]*)"?|(\S+))/giy;

function day(key: string, value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new PhishguardError('VALIDATION', `${key}: takes a day as YYYY-MM-DD, not "${value}"`);
  }
  return value;
}

export function parseSearch(input: string): ParsedSearch {
  const out: ParsedSearch = { terms: [] };
  const s = input.trim();
  let i = 0;
  while (i < s.length) {
    if (/\s/.test(s[i]!)) {
      i++;
      continue;
    }
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(s);
    if (!m || m[0].length === 0) break;
    i = TOKEN.lastIndex;
    const negate = m[1] === '-';
    const key = m[2]?.toLowerCase();
    const value = m[3] ?? m[4] ?? '';
    if (!value) continue;
    const lower = value.toLowerCase();
    if (negate && key && FILTERS.has(key)) {
      throw new PhishguardError('VALIDATION', `-${key}: cannot be negated; name the ${key} you want instead`);
    }
    if (key === 'level') {
      const level = LEVELS[lower];
      if (!level)
        throw new PhishguardError('VALIDATION', `level: takes high, medium, low or safe, not "${value}"`);
      out.riskLevel = level;
    } else if (key === 'is') {
      const status = STATUS[lower];
      if (!status) {
        throw new PhishguardError(
          'VALIDATION',
          `is: takes new, reviewed, safe, phishing, false_positive or quarantined, not "${value}"`,
        );
      }
      out.status = status;
    } else if (key === 'after' || key === 'since') out.after = day(key, value);
    else if (key === 'before') out.before = day(key, value);
    else if (key === 'from' || key === 'subject') out.terms.push({ field: key, text: value, negate });
    else out.terms.push({ field: 'any', text: key ? `${m[2]}:${value}` : value, negate });
  }
  if (out.terms.length > MAX_TERMS) {
    throw new PhishguardError('VALIDATION', `A search takes at most ${MAX_TERMS} words or phrases`);
  }
  return out;
}

/** The list filters a search box and a form (level chips, status select, day range) ask for together. */
export type SearchFilters = Pick<EmailFilters, 'riskLevel' | 'status' | 'terms' | 'since' | 'until'>;

/**
 * Combines the search box with the form's own filters: both must hold, so two different levels
 * or statuses match nothing (null), and the narrower of two date bounds wins. Instants are ISO
 * strings; a search's days start at 00:00 UTC.
 */
export function searchFilters(
  search: string,
  form: {
    riskLevel?: RiskLevel;
    status?: EmailStatus;
    /** Lower bounds (the latest applies) and upper bounds, exclusive (the earliest applies). */
    since?: (string | undefined)[];
    until?: (string | undefined)[];
  },
): SearchFilters | null {
  const p = parseSearch(search);
  const riskLevel = both(form.riskLevel, p.riskLevel);
  const status = both(form.status, p.status);
  if (riskLevel === null || status === null) return null;
  return {
    riskLevel,
    status,
    terms: p.terms,
    since: [...(form.since ?? []), p.after && dayStart(p.after)].filter(isSet).sort().at(-1),
    until: [...(form.until ?? []), p.before && dayStart(p.before)].filter(isSet).sort()[0],
  };
}

/** 00:00 UTC of a YYYY-MM-DD day, as an ISO instant. */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;

const isSet = (s: string | undefined): s is string => !!s;

function both<T>(a: T | undefined, b: T | undefined): T | undefined | null {
  if (a !== undefined && b !== undefined && a !== b) return null;
  return a ?? b;
}
