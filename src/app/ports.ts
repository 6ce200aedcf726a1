import type { EmailAnalysis, RiskLevel, SenderHistory, SenderStats } from '../core/index.js';
import type { SearchTerm } from './search-query.js';

/** The store as the app layer needs it. SQLite implements it (src/store); another database could. */
export interface Store {
  users: UsersRepo;
  tokens: TokensRepo;
  mailboxes: MailboxesRepo;
  emails: EmailsRepo;
  urlAnalyses: UrlAnalysesRepo;
  screenshots: ScreenshotsRepo;
  audit: AuditRepo;
  scans: ScansRepo;
  senders: SendersRepo;
  health(): Promise<{ ok: boolean; detail: string }>;
  close(): Promise<void>;
}

export interface UserRecord {
  id: number;
  username: string;
  email: string | null;
  password_hash: string | null;
  is_admin: boolean;
  disabled: boolean;
  must_change_password: boolean;
  created_at: string;
}

export interface UsersRepo {
  create(u: {
    username: string;
    email?: string | null;
    passwordHash: string | null;
    isAdmin: boolean;
    mustChangePassword?: boolean;
  }): Promise<UserRecord>;
  byId(id: number): Promise<UserRecord | null>;
  /** The account, if its sign-in `familyId` is still live (not signed out or revoked). */
  bySession(id: number, familyId: string): Promise<UserRecord | null>;
  byUsername(username: string): Promise<UserRecord | null>;
  byEmail(email: string): Promise<UserRecord | null>;
  list(): Promise<UserRecord[]>;
  count(): Promise<number>;
  setPassword(id: number, hash: string, mustChange: boolean): Promise<void>;
  setDisabled(id: number, disabled: boolean): Promise<void>;
  setEmail(id: number, email: string): Promise<void>;
  remove(id: number): Promise<boolean>;
}

export interface RefreshTokenRecord {
  id: number;
  user_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  revoked_at: string | null;
  replaced_by: number | null;
}

export interface TokensRepo {
  create(t: { userId: number; familyId: string; tokenHash: string; expiresAt: string }): Promise<number>;
  byHash(hash: string): Promise<RefreshTokenRecord | null>;
  /** Marks `oldId` revoked and replaced by a new token of the same family, atomically. */
  rotate(
    oldId: number,
    next: { userId: number; familyId: string; tokenHash: string; expiresAt: string },
  ): Promise<number>;
  revokeFamily(familyId: string): Promise<void>;
  revokeAllForUser(userId: number): Promise<void>;
}

export type MailboxKind = 'gmail' | 'imap' | 'local';

export interface MailboxRecord {
  id: number;
  user_id: number;
  kind: MailboxKind;
  address: string;
  config: Record<string, unknown>;
  secret_enc: string | null;
  state: Record<string, unknown>;
  created_at: string;
  last_scan_at: string | null;
}

export interface MailboxesRepo {
  ensure(m: {
    userId: number;
    kind: MailboxKind;
    address: string;
    config?: Record<string, unknown>;
  }): Promise<MailboxRecord>;
  byId(id: number): Promise<MailboxRecord | null>;
  find(userId: number, kind: MailboxKind, address: string): Promise<MailboxRecord | null>;
  listForUser(userId: number): Promise<MailboxRecord[]>;
  listAll(): Promise<MailboxRecord[]>;
  setState(id: number, state: Record<string, unknown>): Promise<void>;
  setSecret(id: number, secretEnc: string | null): Promise<void>;
  setConfig(id: number, config: Record<string, unknown>): Promise<void>;
  touchScan(id: number): Promise<void>;
  remove(id: number): Promise<boolean>;
}

export type EmailStatus = 'new' | 'reviewed' | 'safe' | 'phishing' | 'false_positive' | 'quarantined';

/** An email as a list page shows it. */
export interface EmailSummaryRow {
  id: number;
  mailbox_id: number;
  message_id: string | null;
  subject: string;
  sender: string;
  received_at: string | null;
  snippet: string;
  size: number;
  status: EmailStatus;
  status_reason: string | null;
  analysis: Pick<StoredAnalysis, 'risk_score' | 'risk_level' | 'summary' | 'indicators'> | null;
}

export interface EmailRow extends EmailSummaryRow {
  provider_id: string;
  created_at: string;
  analysis: StoredAnalysis | null;
}

export interface StoredAnalysis {
  engine_version: string;
  risk_score: number;
  risk_level: RiskLevel;
  is_phishing: boolean;
  confidence: number;
  summary: string;
  /** The spec's indicator texts (list shape). */
  indicators: string[];
  /** The full analysis; loaded for one email (get, search), not for list pages. */
  result: EmailAnalysis | null;
}

export interface EmailFilters {
  page: number;
  size: number;
  riskLevel?: RiskLevel;
  status?: EmailStatus;
  /** Parsed from the search box (search-query.ts); all must hold. */
  terms?: SearchTerm[];
  since?: string;
  /** Received before this instant (exclusive). */
  until?: string;
  mailboxId?: number;
  sortBy: 'received_at' | 'risk_score' | 'subject' | 'sender';
  sortOrder: 'asc' | 'desc';
}

export interface NewEmail {
  mailboxId: number;
  providerId: string;
  messageId: string | null;
  subject: string;
  sender: string;
  receivedAt: string | null;
  snippet: string;
  size: number;
  raw: Buffer | null;
  links: string[];
}

export interface EmailsRepo {
  /** Inserts a message and its analysis in one transaction; a known provider id is left as is. */
  insertAnalysed(e: NewEmail, analysis: EmailAnalysis): Promise<{ id: number; inserted: boolean }>;
  has(mailboxId: number, providerId: string): Promise<boolean>;
  byProvider(mailboxId: number, providerId: string): Promise<EmailRow | null>;
  /** Only if the email belongs to one of the user's mailboxes. */
  get(id: number, userId: number): Promise<EmailRow | null>;
  raw(id: number, userId: number): Promise<Buffer | null>;
  list(userId: number, f: EmailFilters): Promise<{ items: EmailSummaryRow[]; total: number }>;
  listForMailbox(
    mailboxId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: EmailRow[]; total: number }>;
  remove(id: number, userId: number): Promise<boolean>;
  setStatus(ids: number[], userId: number, status: EmailStatus, reason: string | null): Promise<number>;
  putAnalysis(emailId: number, analysis: EmailAnalysis): Promise<void>;
  /** Stored messages (with their bytes) whose current analysis is not by this engine version. */
  stale(engineVersion: string, limit: number): Promise<{ id: number; user_id: number; mailbox_id: number }[]>;
  /** A message's bytes, whoever owns it (for background work such as rescoring). */
  rawById(id: number): Promise<Buffer | null>;
  links(id: number, userId: number): Promise<{ id: number; url: string }[] | null>;
  link(linkId: number, userId: number): Promise<{ id: number; email_id: number; url: string } | null>;
  countsByLevel(userId: number): Promise<Record<string, number>>;
  /** Messages per received day (UTC, YYYY-MM-DD) and level since `since`, oldest day first. */
  timeline(userId: number, since: string): Promise<{ day: string; level: string; n: number }[]>;
  countForUser(userId: number): Promise<number>;
  search(userId: number, query: string, limit: number): Promise<EmailRow[]>;
}

export interface UrlAnalysesRepo {
  /** A cached result of this user's own (never another user's: what someone checked is theirs). */
  fresh(cacheKey: string, userId: number | null): Promise<{ result_json: string } | null>;
  put(r: {
    analysisId: string;
    cacheKey: string;
    userId: number | null;
    url: string;
    verdict: string;
    threatScore: number;
    resultJson: string;
    expiresAt: string;
  }): Promise<void>;
  /** One of this user's stored analyses, by its analysis_id. */
  get(analysisId: string, userId: number): Promise<{ result_json: string } | null>;
  search(
    userId: number,
    query: string,
    limit: number,
  ): Promise<
    { analysis_id: string; url: string; verdict: string; threat_score: number; created_at: string }[]
  >;
  /** This user's newest analysis of each of these URLs, a full (comprehensive) one first; absent when never analysed. */
  latestFor(userId: number, urls: string[]): Promise<Map<string, UrlAnalysisBrief>>;
}

export interface UrlAnalysisBrief {
  analysis_id: string;
  verdict: string;
  threat_score: number;
  created_at: string;
  screenshot_id: string | null;
}

export interface ScreenshotsRepo {
  put(id: string, userId: number | null, png: Buffer): Promise<void>;
  get(id: string, userId: number): Promise<Buffer | null>;
}

export interface AuditEntry {
  userId: number | null;
  username: string | null;
  action: string;
  target?: string | null;
  address?: string | null;
  outcome?: 'success' | 'failure';
  detail?: Record<string, unknown>;
}

export interface AuditRow {
  id: number;
  at: string;
  user_id: number | null;
  username: string | null;
  action: string;
  target: string | null;
  address: string | null;
  outcome: string;
  detail: Record<string, unknown>;
}

export interface AuditRepo {
  add(e: AuditEntry): Promise<void>;
  list(f: { userId?: number; action?: string; since?: string; page: number; size: number }): Promise<{
    items: AuditRow[];
    total: number;
  }>;
}

/** One sender as the user's history knows it. */
export interface SenderRow extends SenderStats {
  address: string;
  authenticated_domain: string | null;
}

export interface SendersRepo {
  /** What the user's earlier mail says about this sender (`excludeId`: the message itself). */
  history(
    userId: number,
    sender: { address: string | null; authenticatedDomain: string | null },
    excludeId?: number,
  ): Promise<SenderHistory>;
  list(userId: number): Promise<SenderRow[]>;
  /** The user's emails from the same senders (address or authenticated domain) as these. */
  related(userId: number, emailIds: readonly number[]): Promise<number[]>;
  /** Undoes the user's marks on a sender's mail (an address or an authenticated domain). */
  forget(userId: number, identity: string): Promise<number[]>;
}

export interface ScanRecord {
  id: number;
  mailbox_id: number;
  status: 'running' | 'done' | 'failed' | 'interrupted';
  processed: number;
  added: number;
  total: number | null;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface ScansRepo {
  start(mailboxId: number, total: number | null): Promise<number>;
  /**
   * The mailbox's running scan, or a new one when none runs: one running scan per mailbox
   * whichever process asks (PostgreSQL enforces it with a unique index).
   */
  claim(mailboxId: number): Promise<{ id: number; started: boolean }>;
  progress(id: number, processed: number, added: number, total?: number | null): Promise<void>;
  finish(id: number, status: ScanRecord['status'], error?: string | null): Promise<void>;
  get(id: number): Promise<ScanRecord | null>;
  latest(mailboxId: number): Promise<ScanRecord | null>;
  /** Scans left 'running' by a process that died: marked interrupted, returned for resuming. */
  recoverInterrupted(): Promise<ScanRecord[]>;
}

/** A repository's synchronous twin (an embedded database answers at once); see `asyncRepo`. */
export type SyncRepo<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};
