import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call, client, type BulkAction, type EmailItem } from '../api';
import { Header } from '../components/Header';
import { RiskBadge, when } from '../components/Risk';
import { RiskChart } from '../components/RiskChart';
import { useNotifications } from '../notifications';
import { ConnectGmail } from '../components/ConnectGmail';

export const PAGE_SIZE = 50;
const LEVELS = ['HIGH', 'MEDIUM', 'LOW', 'SAFE'] as const;
export const STATUSES = ['new', 'reviewed', 'safe', 'phishing', 'false_positive', 'quarantined'] as const;
type Status = (typeof STATUSES)[number];
export const STATUS_LABEL: Record<Status, string> = {
  new: 'New',
  reviewed: 'Reviewed',
  safe: 'Safe',
  phishing: 'Phishing',
  false_positive: 'False positive',
  quarantined: 'Quarantined',
};
/** The marks a person makes, as the bulk API names them. */
export const MARKS = [
  { action: 'mark_safe', status: 'safe', label: 'Safe' },
  { action: 'mark_phishing', status: 'phishing', label: 'Phishing' },
  { action: 'mark_false_positive', status: 'false_positive', label: 'False positive' },
  { action: 'mark_reviewed', status: 'reviewed', label: 'Reviewed' },
] as const;
const ACTION_FOR: Record<Status, BulkAction | null> = {
  new: 'mark_new',
  safe: 'mark_safe',
  phishing: 'mark_phishing',
  false_positive: 'mark_false_positive',
  reviewed: 'mark_reviewed',
  quarantined: 'quarantine',
};
const SORTS = {
  newest: { sort_by: 'received_at', sort_order: 'desc', label: 'Newest first' },
  oldest: { sort_by: 'received_at', sort_order: 'asc', label: 'Oldest first' },
  riskiest: { sort_by: 'risk_score', sort_order: 'desc', label: 'Highest score' },
  sender: { sort_by: 'sender', sort_order: 'asc', label: 'Sender A–Z' },
  subject: { sort_by: 'subject', sort_order: 'asc', label: 'Subject A–Z' },
} as const;
type SortKey = keyof typeof SORTS;

/** The list's state lives in the URL: a view can be bookmarked, shared and reloaded. */
function useListState() {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const state = {
    q: get('q'),
    level: get('level'),
    status: get('status'),
    mailbox: get('mailbox'),
    from: get('from'),
    to: get('to'),
    sort: (get('sort') in SORTS ? get('sort') : 'newest') as SortKey,
    page: Math.max(1, Number(get('page')) || 1),
  };
  const set = (patch: Partial<Record<keyof typeof state, string | number>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === '' || v === undefined || (k === 'sort' && v === 'newest') || (k === 'page' && v === 1))
        next.delete(k);
      else next.set(k, String(v));
    }
    // Any change but a page turn starts again from page 1.
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { state, set, search: params.toString() };
}

/**
 * Markings with undo: remembers each message's previous status and restores it, grouped into
 * one bulk request per previous status.
 */
export function useMarking() {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const apply = async (ids: number[], action: BulkAction) =>
    call(client.POST('/api/emails/bulk-action', { body: { email_ids: ids, action } }));
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['emails'] }),
      queryClient.invalidateQueries({ queryKey: ['email'] }),
      queryClient.invalidateQueries({ queryKey: ['stats'] }),
    ]);
  return async (emails: { id: number; status: string }[], mark: (typeof MARKS)[number]) => {
    const before = new Map<Status, number[]>();
    for (const e of emails) {
      const s = (STATUSES as readonly string[]).includes(e.status) ? (e.status as Status) : 'new';
      before.set(s, [...(before.get(s) ?? []), e.id]);
    }
    try {
      const r = await apply(
        emails.map((e) => e.id),
        mark.action,
      );
      await refresh();
      notify(
        'success',
        `Marked ${r.affected} message${r.affected === 1 ? '' : 's'} ${mark.label.toLowerCase()}`,
        true,
        {
          label: 'Undo',
          run: () =>
            void (async () => {
              for (const [status, ids] of before) {
                const action = ACTION_FOR[status];
                if (action) await apply(ids, action);
              }
              await refresh();
              notify('info', 'Mark undone');
            })().catch((err: Error) => notify('error', `Undo failed: ${err.message}`)),
        },
      );
    } catch (err) {
      notify('error', `Marking failed: ${(err as Error).message}`);
    }
  };
}

export function Dashboard() {
  return (
    <div className="app">
      <Header title="Security Operations Dashboard" />
      <main className="page triage">
        <h2 className="visually-hidden">Mail</h2>
        <EmailList />
      </main>
    </div>
  );
}

function EmailList() {
  const { state, set, search } = useListState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mark = useMarking();
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [cursor, setCursor] = useState(0);
  const [q, setQ] = useState(state.q);
  const searchBox = useRef<HTMLInputElement>(null);
  const rows = useRef<(HTMLAnchorElement | null)[]>([]);

  // Typing searches after a pause, not on every key.
  useEffect(() => {
    if (q === state.q) return;
    const t = setTimeout(() => set({ q }), 250);
    return () => clearTimeout(t);
  });
  // "/" anywhere on the page goes to the search field, as in mail clients.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (e.key === '/' && !/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) {
        e.preventDefault();
        searchBox.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const stats = useQuery({ queryKey: ['stats'], queryFn: () => call(client.GET('/api/system/stats')) });
  const mailboxes = useQuery({
    queryKey: ['mailboxes'],
    queryFn: () => call(client.GET('/api/mailboxes')),
  });
  const sort = SORTS[state.sort];
  const list = useQuery({
    queryKey: ['emails', state],
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(
        client.GET('/api/emails', {
          params: {
            query: {
              page: state.page,
              size: PAGE_SIZE,
              search: state.q || undefined,
              risk_level: (state.level || 'all') as 'all',
              status: (state.status || 'all') as 'all',
              mailbox_id: state.mailbox ? Number(state.mailbox) : undefined,
              from: state.from || undefined,
              to: state.to || undefined,
              sort_by: sort.sort_by,
              sort_order: sort.sort_order,
            },
          },
        }),
      ),
  });
  const emails: EmailItem[] = list.data?.emails ?? [];
  const total = list.data?.total ?? 0;
  const pages = list.data?.pages ?? 0;
  const boxes = mailboxes.data?.mailboxes ?? [];
  const filtered = !!(state.q || state.level || state.status || state.mailbox || state.from || state.to);
  useEffect(() => setChecked(new Set()), [search]);

  const open = (id: number) => navigate(`/messages/${id}`, { state: { back: `/dashboard?${search}` } });
  const toggle = (id: number) =>
    setChecked((c) => {
      const n = new Set(c);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const focusRow = (i: number) => {
    const at = Math.max(0, Math.min(emails.length - 1, i));
    setCursor(at);
    rows.current[at]?.focus();
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const here = emails[cursor];
    if (e.key === 'j' || e.key === 'ArrowDown') focusRow(cursor + 1);
    else if (e.key === 'k' || e.key === 'ArrowUp') focusRow(cursor - 1);
    else if (e.key === 'x' && here) toggle(Number(here.id));
    else if (e.key === 'o' && here) open(Number(here.id));
    else return;
    e.preventDefault();
  };
  const selected = emails.filter((e) => checked.has(Number(e.id)));

  if (mailboxes.isSuccess && boxes.length === 0) return <NoMailbox />;

  return (
    <div className="email-list">
      <div className="level-counts" role="group" aria-label="Messages by risk level">
        {LEVELS.map((l) => (
          <button
            key={l}
            type="button"
            className={`level-count risk-${l.toLowerCase()}`}
            aria-pressed={state.level === l}
            onClick={() => set({ level: state.level === l ? '' : l })}
            data-testid={`count-${l}`}
          >
            <span className="count">{stats.data?.by_risk_level[l] ?? '–'}</span>
            <span>{l}</span>
          </button>
        ))}
        <span className="muted small">{stats.data ? `${stats.data.emails_total} messages in all` : ''}</span>
        <RiskChart />
      </div>
      <form className="filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <input
          ref={searchBox}
          type="search"
          aria-label="Search subject, sender and text"
          aria-describedby="search-help"
          placeholder="Search subject, sender, text  ( / )"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <p id="search-help" className="search-help">
          Try <code>from:paypal</code>, <code>subject:"invoice"</code>, <code>-newsletter</code>,{' '}
          <code>level:high</code>, <code>is:new</code>, <code>after:2026-11-01</code>
        </p>
        <label>
          Level
          <select value={state.level} onChange={(e) => set({ level: e.target.value })}>
            <option value="">All</option>
            {LEVELS.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={state.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Mailbox
          <select value={state.mailbox} onChange={(e) => set({ mailbox: e.target.value })}>
            <option value="">All</option>
            {boxes.map((b) => (
              <option key={b.id} value={b.id}>
                {b.address} ({b.kind})
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={state.from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={state.to} onChange={(e) => set({ to: e.target.value })} />
        </label>
        <label>
          Sort
          <select value={state.sort} onChange={(e) => set({ sort: e.target.value })}>
            {Object.entries(SORTS).map(([k, s]) => (
              <option key={k} value={k}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setQ('');
              set({ q: '', level: '', status: '', mailbox: '', from: '', to: '' });
            }}
          >
            Clear filters
          </button>
        )}
        <button
          type="button"
          className="secondary"
          onClick={() => void queryClient.invalidateQueries({ queryKey: ['emails'] })}
          disabled={list.isFetching}
        >
          Refresh
        </button>
      </form>

      <div className="bulk" role="toolbar" aria-label="Mark selected messages">
        <label className="check-all">
          <input
            type="checkbox"
            aria-label="Select all on this page"
            checked={emails.length > 0 && selected.length === emails.length}
            onChange={(e) =>
              setChecked(e.target.checked ? new Set(emails.map((m) => Number(m.id))) : new Set())
            }
          />
          {selected.length > 0 ? `${selected.length} selected` : 'Select'}
        </label>
        {MARKS.map((m) => (
          <button
            key={m.action}
            type="button"
            className="secondary small"
            disabled={selected.length === 0}
            onClick={() =>
              void mark(
                selected.map((e) => ({ id: Number(e.id), status: e.status })),
                m,
              ).then(() => setChecked(new Set()))
            }
          >
            Mark {m.label.toLowerCase()}
          </button>
        ))}
      </div>

      {list.isLoading && <p role="status">Loading emails…</p>}
      {list.isError && (
        <div className="error-box" role="alert">
          <h3>Error loading emails</h3>
          <p>{list.error.message}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            Try Again
          </button>
        </div>
      )}
      {list.isSuccess && emails.length === 0 && (
        <p className="empty">
          {filtered ? 'No message matches these filters.' : 'No emails yet. Scan or import a mailbox.'}
        </p>
      )}
      <ul
        className="rows"
        aria-label="Messages (j/k to move, x to select, o or Enter to open)"
        onKeyDown={onListKey}
      >
        {emails.map((e, i) => {
          const a = e.phishing_analysis;
          const id = Number(e.id);
          return (
            <li key={id} className={`row risk-edge-${(a?.risk_level ?? 'unknown').toLowerCase()}`}>
              <input
                type="checkbox"
                aria-label={`Select “${e.subject || '(No subject)'}”`}
                checked={checked.has(id)}
                onChange={() => toggle(id)}
              />
              <Link
                ref={(el) => {
                  rows.current[i] = el;
                }}
                to={`/messages/${id}`}
                state={{ back: `/dashboard?${search}` }}
                className="row-link"
                tabIndex={i === cursor ? 0 : -1}
                onFocus={() => setCursor(i)}
                data-testid="email-row"
              >
                <span className="row-top">
                  <strong className="subject">{e.subject || '(No subject)'}</strong>
                  <RiskBadge level={a?.risk_level} />
                </span>
                <span className="muted small sender">
                  {e.sender} · {when(e.received_at)}
                </span>
                {a && (
                  <span className="small">
                    <span className="score">{a.risk_score}/100</span> · {a.summary}
                  </span>
                )}
                {e.status !== 'new' && (
                  <span className={`status-chip status-${e.status}`}>
                    {STATUS_LABEL[e.status as Status] ?? e.status}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      {pages > 0 && (
        <nav className="pager" aria-label="Pages">
          <button
            type="button"
            className="secondary"
            disabled={state.page <= 1}
            onClick={() => set({ page: state.page - 1 })}
          >
            ← Newer
          </button>
          <span data-testid="showing">
            {(state.page - 1) * PAGE_SIZE + 1}–{Math.min(state.page * PAGE_SIZE, total)} of {total}
            {filtered ? ' matching' : ''} · page {state.page} of {pages}
          </span>
          <button
            type="button"
            className="secondary"
            disabled={state.page >= pages}
            onClick={() => set({ page: state.page + 1 })}
          >
            Older →
          </button>
        </nav>
      )}
    </div>
  );
}

function NoMailbox() {
  const gmail = useQuery({
    queryKey: ['gmail-status'],
    queryFn: () => call(client.GET('/api/auth/gmail/status')),
  });
  return (
    <div className="empty">
      <p>No mailbox is connected yet.</p>
      {gmail.data?.configured ? (
        <ConnectGmail />
      ) : (
        <p className="muted">
          Gmail sign-in is not set up on this server (an administrator sets PHISHGUARD_GOOGLE_CLIENT_ID,
          _SECRET and _REDIRECT_URI).
        </p>
      )}
      <p className="muted">
        Or import mail files (phishguard import FILE…, or POST /api/mailboxes/import), or add an IMAP mailbox
        (phishguard mailbox add imap).
      </p>
    </div>
  );
}
