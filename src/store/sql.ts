/** SQL both stores write the same way (SQLite and PostgreSQL), with `?` placeholders. */
import { gzipSync } from 'node:zlib';
import type { AuditRepo, EmailFilters, MailboxRecord, NewEmail } from '../app/ports.js';
import { nowIso } from './db.js';

/** What a list page shows, in this order. */
export const SUMMARY_COLUMNS = `e.id, e.mailbox_id, e.message_id, e.subject, e.sender, e.received_at, e.snippet, e.size,
  e.status, e.status_reason, a.risk_score, a.risk_level, a.summary, a.indicators_json`;
/** The whole row: the summary, then these. */
export const ROW_COLUMNS = `${SUMMARY_COLUMNS}, e.provider_id, e.created_at, a.engine_version, a.is_phishing, a.confidence`;
// emails.analysis_id points at the newest analysis (a re-analysis supersedes the old);
// emails.user_id (the mailbox's owner) is the ownership check and the list index.
export const FROM = 'FROM emails e LEFT JOIN analyses a ON a.id = e.analysis_id';
/** One email with its full analysis (result_json last). */
export const SELECT = `SELECT ${ROW_COLUMNS}, a.result_json ${FROM}`;
/** Lookups by provider or mailbox: the row without the full result. */
export const SELECT_LIST = `SELECT ${ROW_COLUMNS} ${FROM}`;
export const SELECT_SUMMARY = `SELECT ${SUMMARY_COLUMNS} ${FROM}`;

export const SORT: Record<string, string> = {
  received_at: 'e.received_at',
  risk_score: 'e.risk_score',
  subject: 'e.subject',
  sender: 'e.sender',
};

const TERM_COLUMN = { from: 'e.sender', subject: 'e.subject' } as const;

/** A LIKE pattern matching `s` anywhere, its wildcards escaped with a backslash. */
export const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A condition a store writes its own way for one search term, with its arguments. */
export type TermMatch = { sql: string; args: unknown[] };

/**
 * The WHERE of a user's list under these filters. `like` is how a column is matched
 * case-insensitively against a pattern (SQLite's LIKE already ignores ASCII case); `match`, when
 * it answers, replaces that for one term (PostgreSQL's from: terms, through the senders table).
 */
export function listWhere(
  userId: number,
  f: EmailFilters,
  like: (column: string) => string,
  match?: (t: NonNullable<EmailFilters['terms']>[number]) => TermMatch | undefined,
): { where: string[]; args: unknown[] } {
  const where = ['e.user_id = ?'];
  const args: unknown[] = [userId];
  const add = (cond: string, value: string | number | undefined) => {
    if (value === undefined || value === '' || value === 0) return;
    where.push(cond);
    args.push(value);
  };
  add('e.risk_level = ?', f.riskLevel);
  add('e.status = ?', f.status);
  add('e.mailbox_id = ?', f.mailboxId);
  add('e.received_at >= ?', f.since);
  add('e.received_at < ?', f.until);
  for (const t of f.terms ?? []) {
    const own = match?.(t);
    if (own) {
      where.push(`${t.negate ? 'NOT ' : ''}(${own.sql})`);
      args.push(...own.args);
      continue;
    }
    const columns = t.field === 'any' ? ['e.subject', 'e.sender', 'e.snippet'] : [TERM_COLUMN[t.field]];
    where.push(`${t.negate ? 'NOT ' : ''}(${columns.map(like).join(' OR ')})`);
    args.push(...columns.map(() => likeOf(t.text)));
  }
  return { where, args };
}

/** The WHERE of an audit-log query. */
export function auditWhere(f: Parameters<AuditRepo['list']>[0]): {
  clause: string;
  args: (string | number)[];
} {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.userId !== undefined) {
    where.push('user_id = ?');
    args.push(f.userId);
  }
  if (f.action) {
    where.push('action = ?');
    args.push(f.action);
  }
  if (f.since) {
    where.push('at >= ?');
    args.push(f.since);
  }
  return { clause: where.length ? `WHERE ${where.join(' AND ')}` : '', args };
}

/** A mailbox row as stored (settings and state as JSON text). */
export interface MailboxRow extends Omit<MailboxRecord, 'config' | 'state'> {
  config_json: string;
  state_json: string;
}

export const toMailbox = (r: MailboxRow | null | undefined): MailboxRecord | null => {
  if (!r) return null;
  const { config_json, state_json, ...rest } = r;
  return {
    ...rest,
    config: JSON.parse(config_json) as Record<string, unknown>,
    state: JSON.parse(state_json) as Record<string, unknown>,
  };
};

/**
 * A new message's values for `INSERT INTO emails (mailbox_id, user_id, provider_id, message_id,
 * subject, sender, received_at, snippet, size, raw, created_at)` with the user_id read from the
 * mailbox (`(SELECT user_id FROM mailboxes WHERE id = ?)`, hence the mailbox id twice).
 */
export const emailInsertValues = (e: NewEmail) => [
  e.mailboxId,
  e.mailboxId,
  e.providerId,
  e.messageId,
  e.subject,
  e.sender,
  e.receivedAt,
  e.snippet,
  e.size,
  e.raw ? gzipSync(e.raw) : null,
  nowIso(),
];
