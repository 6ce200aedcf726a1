import type { EmailRow, EmailStatus, EmailSummaryRow, Store, UserRecord } from './ports.js';
import type { Engine, TestEmailInput } from './engine.js';
import type { RedirectAnalysis } from '../core/url/types.js';
import {
  recommendationsFor,
  type EmailAnalysis,
  type PopularDomains,
  type RiskLevel,
} from '../core/index.js';
import { analyzeUrl } from './analyze-url.js';
import { scanImapMailbox } from './scan-mailbox.js';
import { relearn } from './sender-history.js';
import { searchFilters } from './search-query.js';
import { PhishguardError } from '../errors.js';

export interface DashboardEmail {
  id: number;
  subject: string;
  sender: string;
  received_at: string | null;
  snippet: string;
  status: string;
  risk_level: string | null;
  risk_score: number | null;
  summary: string;
  indicators: { id: string; severity: string; explanation: string; evidence: string[] }[];
}

export interface TestSummary {
  risk_score: number;
  risk_level: string;
  summary: string;
  indicators: string[];
  /** The /test answer's recommendations (what to do). */
  advice: string[];
}

export interface Overview {
  mailbox: string;
  counts: Record<string, number>;
  lastScan: string | null;
}

export interface ListQuery {
  /** 1-based. */
  page: number;
  size: number;
  level?: string | null;
  search?: string;
}

/** Every message matching, page by page (for --json and plain output). */
export async function* allEmails(source: DashboardSource, q: Omit<ListQuery, 'page' | 'size'> = {}) {
  for (let page = 1; ; page++) {
    const { items, total } = await source.list({ ...q, page, size: PAGE });
    yield* items;
    if (items.length === 0 || page * PAGE >= total) return;
  }
}

/** What the terminal dashboard reads and does, over the local store or a running daemon. */
export interface DashboardSource {
  readonly label: string;
  overview(): Promise<Overview>;
  /** One page of the user's mail, newest first, filtered on the server. */
  list(q: ListQuery): Promise<{ items: DashboardEmail[]; total: number }>;
  detail(id: number): Promise<DashboardEmail & { links: string[] }>;
  setStatus(id: number, status: EmailStatus): Promise<void>;
  analyzeLink(url: string): Promise<RedirectAnalysis>;
  testEmail(input: TestEmailInput): Promise<TestSummary>;
  /** Rescans the user's scannable mailboxes; null when there is nothing to rescan. */
  rescan(onProgress: (done: number, total: number | null) => void): Promise<{ added: number } | null>;
}

/** Rows fetched at a time (the daemon's page limit). */
export const PAGE = 200;

function summaryOf(a: EmailAnalysis): TestSummary {
  return {
    risk_score: a.risk_score,
    risk_level: a.risk_level,
    summary: a.summary,
    indicators: a.indicators.filter((i) => i.family !== 'parse').map((i) => i.explanation),
    advice: recommendationsFor(a),
  };
}

/** List rows carry no full result (indicators with evidence); detail rows do. */
function fromRow(e: EmailSummaryRow | EmailRow): DashboardEmail {
  const result = e.analysis && 'result' in e.analysis ? e.analysis.result : null;
  return {
    id: e.id,
    subject: e.subject,
    sender: e.sender,
    received_at: e.received_at,
    snippet: e.snippet,
    status: e.status,
    risk_level: e.analysis?.risk_level ?? null,
    risk_score: e.analysis?.risk_score ?? null,
    summary: e.analysis?.summary ?? '',
    indicators: (result?.indicators ?? []).map((i) => ({
      id: i.id,
      severity: i.severity,
      explanation: i.explanation,
      evidence: i.evidence,
    })),
  };
}

/** The local store, as the signed-in terminal user. */
export function localSource(deps: {
  store: Store;
  engine: Engine;
  popular: PopularDomains;
  user: UserRecord;
  secretsKey: Buffer;
  allowPrivateNetwork: boolean;
}): DashboardSource {
  const { store, user } = deps;
  return {
    label: `local store (${user.username})`,
    async overview() {
      const boxes = await store.mailboxes.listForUser(user.id);
      const last =
        boxes
          .map((b) => b.last_scan_at)
          .filter((x): x is string => !!x)
          .sort()
          .at(-1) ?? null;
      return {
        mailbox: boxes.map((b) => b.address).join(', ') || 'no mailbox',
        counts: await store.emails.countsByLevel(user.id),
        lastScan: last,
      };
    },
    async list(q) {
      const filters = searchFilters(q.search ?? '', {
        riskLevel: (q.level ?? undefined) as RiskLevel | undefined,
      });
      if (!filters) return { items: [], total: 0 };
      const r = await store.emails.list(user.id, {
        ...filters,
        page: q.page,
        size: q.size,
        sortBy: 'received_at',
        sortOrder: 'desc',
      });
      return { items: r.items.map(fromRow), total: r.total };
    },
    async detail(id) {
      const e = await store.emails.get(id, user.id);
      if (!e) throw new PhishguardError('NOT_FOUND', 'Email not found');
      return { ...fromRow(e), links: ((await store.emails.links(id, user.id)) ?? []).map((l) => l.url) };
    },
    async setStatus(id, status) {
      await store.emails.setStatus([id], user.id, status, 'set in the terminal dashboard');
      await relearn(store, user.id, [id]);
      await store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'email.status',
        target: `email:${id}`,
        detail: { status, via: 'tui' },
      });
    },
    analyzeLink: (url) =>
      analyzeUrl(
        url,
        { mode: 'quick', allowPrivateNetwork: deps.allowPrivateNetwork },
        { popular: deps.popular },
      ),
    testEmail: async (input) => summaryOf(deps.engine.analyzeTest(input)),
    async rescan(onProgress) {
      const boxes = (await store.mailboxes.listForUser(user.id)).filter((b) => b.kind === 'imap');
      if (boxes.length === 0) return null;
      let added = 0;
      for (const b of boxes)
        added += (
          await scanImapMailbox(store, deps.engine, b, deps.secretsKey, (r) =>
            onProgress(r.processed, r.total),
          )
        ).added;
      return { added };
    },
  };
}
