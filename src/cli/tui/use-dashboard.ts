import { useCallback, useEffect, useRef, useState } from 'react';
import {
  PAGE,
  type DashboardEmail,
  type DashboardSource,
  type Overview,
  type TestSummary,
} from '../../app/dashboard-source.js';
import type { EmailStatus } from '../../app/ports.js';
import type { RedirectAnalysis } from '../../core/url/types.js';

export type Mode = 'list' | 'help' | 'filter' | 'status' | 'test' | 'trace' | 'links';
export const LEVEL_KEYS: Record<string, string | null> = {
  '1': 'HIGH',
  '2': 'MEDIUM',
  '3': 'LOW',
  '4': 'SAFE',
  '0': null,
};
export const STATUS_KEYS: Record<string, EmailStatus> = {
  '1': 'safe',
  '2': 'phishing',
  '3': 'false_positive',
};

/** All dashboard state and actions; the components only render what this returns. */
export function useDashboard(source: DashboardSource) {
  const [overview, setOverview] = useState<Overview | null>(null);
  const [emails, setEmails] = useState<DashboardEmail[]>([]);
  const [total, setTotal] = useState(0);
  // What the person types in filter mode, and the search applied (on Enter) on the server.
  const [filter, setFilter] = useState('');
  const [search, setSearch] = useState('');
  const [scroll, setScroll] = useState(0);
  const [level, setLevel] = useState<string | null>(null);
  const [cursor, setCursor] = useState(0);
  const [detail, setDetail] = useState<(DashboardEmail & { links: string[] }) | null>(null);
  const [mode, setMode] = useState<Mode>('list');
  const [message, setMessage] = useState<string>('');
  const [progress, setProgress] = useState<{ done: number; total: number | null } | null>(null);
  const [trace, setTrace] = useState<RedirectAnalysis | null>(null);
  const [test, setTest] = useState<{
    subject: string;
    sender: string;
    content: string;
    field: 0 | 1 | 2;
    result: TestSummary | null;
  }>({ subject: '', sender: '', content: '', field: 0, result: null });

  // Pages are fetched as the cursor nears the end of what is loaded: all mail is reachable.
  const fetching = useRef(false);
  const query = useRef({ level, search });
  query.current = { level, search };
  const load = useCallback(async () => {
    try {
      const [o, page] = await Promise.all([
        source.overview(),
        source.list({ page: 1, size: PAGE, level, search }),
      ]);
      setOverview(o);
      setEmails(page.items);
      setTotal(page.total);
    } catch (err) {
      setMessage(`Could not load: ${(err as Error).message}`);
    }
  }, [source, level, search]);
  useEffect(() => {
    void load();
  }, [load]);
  const loadMore = useCallback(async () => {
    if (fetching.current || emails.length >= total) return;
    fetching.current = true;
    const asked = query.current;
    try {
      const page = await source.list({ page: Math.floor(emails.length / PAGE) + 1, size: PAGE, ...asked });
      // A filter changed meanwhile: this page belongs to the old list.
      if (asked === query.current) setEmails((list) => [...list, ...page.items]);
    } catch (err) {
      setMessage(`Could not load more: ${(err as Error).message}`);
    } finally {
      fetching.current = false;
    }
  }, [emails.length, total, source]);

  const visible = emails;
  const selected = visible[Math.min(cursor, Math.max(0, visible.length - 1))] ?? null;
  useEffect(() => {
    if (cursor >= emails.length - 20) void loadMore();
  }, [cursor, emails.length, loadMore]);

  // The cursor may run ahead of the rows loaded so far (a held key): the pages follow it.
  const move = (d: number) =>
    setCursor((c) => Math.max(0, Math.min(Math.max(total, visible.length) - 1, c + d)));
  const applySearch = (text: string) => {
    setCursor(0);
    setSearch(text.trim());
  };
  // Details follow the selection while open: a key pressed before the last move was drawn
  // still opens the message the cursor is on, never the one it left.
  const [expanded, setExpanded] = useState(false);
  const open = useCallback(() => setExpanded(true), []);
  const selectedId = selected?.id;
  useEffect(() => {
    setDetail(null);
    setScroll(0);
    if (!expanded || selectedId === undefined) return;
    let live = true;
    source
      .detail(selectedId)
      .then((d) => live && setDetail(d))
      .catch((err: Error) => live && setMessage(err.message));
    return () => {
      live = false;
    };
  }, [expanded, selectedId, source]);

  // Messages picked with x for a bulk mark; without any, a mark applies to the cursor's.
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const toggleCheck = () => {
    if (!selected) return;
    setChecked((c) => {
      const n = new Set(c);
      if (n.has(selected.id)) n.delete(selected.id);
      else n.add(selected.id);
      return n;
    });
  };
  const setStatus = async (status: EmailStatus) => {
    if (!selected) return;
    const ids = checked.size > 0 ? [...checked] : [selected.id];
    const targets = new Set(ids);
    // Shown at once; the scores the mark changed follow from the source.
    setEmails((list) => list.map((e) => (targets.has(e.id) ? { ...e, status } : e)));
    setMode('list');
    setChecked(new Set());
    try {
      for (const id of ids) await source.setStatus(id, status);
      setMessage(
        ids.length === 1
          ? `Marked "${(emails.find((e) => e.id === ids[0])?.subject ?? '').slice(0, 30)}" as ${status.replace('_', ' ')}`
          : `Marked ${ids.length} messages as ${status.replace('_', ' ')}`,
      );
      // The loaded pages again (at most five), for the scores the marks changed.
      const byId = new Map<number, DashboardEmail>();
      for (let page = 1; page <= Math.min(5, Math.ceil(emails.length / PAGE)); page++)
        for (const e of (await source.list({ page, size: PAGE, level, search })).items) byId.set(e.id, e);
      setEmails((list) => list.map((e) => byId.get(e.id) ?? e));
      setOverview(await source.overview());
      if (detail && targets.has(detail.id)) setDetail(await source.detail(detail.id));
    } catch (err) {
      setMessage(`Marking failed: ${(err as Error).message}`);
    }
  };

  /** The links a person may send to the analyser: web addresses only (not mailto:, tel:, …). */
  const webLinks = (d: { links: string[] }) => d.links.filter((u) => /^https?:\/\//i.test(u));
  const pickLink = async () => {
    if (!selected) return;
    const d = detail ?? (await source.detail(selected.id));
    setDetail(d);
    const links = webLinks(d);
    if (links.length === 0) return setMessage('This email has no web links to analyse.');
    if (links.length === 1) return void analyze(links[0] as string);
    setMessage('Pick a link: 1-9, or Esc');
    setMode('links');
  };

  const analyze = async (url: string) => {
    setTrace(null);
    setMessage(`Analysing ${url} …`);
    setMode('trace');
    try {
      setTrace(await source.analyzeLink(url));
      setMessage('');
    } catch (err) {
      setTrace(null);
      setMessage(`Link analysis failed: ${(err as Error).message}`);
    }
  };

  const rescan = async () => {
    setProgress({ done: 0, total: null });
    try {
      const r = await source.rescan((done, total) => setProgress({ done, total }));
      setMessage(
        r
          ? `Rescan finished: ${r.added} new message(s)`
          : 'Nothing to rescan here (IMAP mailboxes rescan; files: phishguard import; Gmail: the web dashboard or phishguard gmail scan).',
      );
      await load();
    } catch (err) {
      setMessage(`Rescan failed: ${(err as Error).message}`);
    } finally {
      setProgress(null);
    }
  };

  const runTest = async () => {
    if (!test.subject || !test.sender || !test.content)
      return setMessage('Please fill in all required fields');
    const result = await source.testEmail({
      subject: test.subject,
      sender: test.sender,
      content: test.content,
    });
    setTest((t) => ({ ...t, result }));
  };

  return {
    overview,
    visible,
    total,
    search,
    applySearch,
    scroll,
    setScroll,
    links: detail ? webLinks(detail) : [],
    selected,
    cursor,
    detail,
    expanded,
    setExpanded,
    mode,
    setMode,
    message,
    setMessage,
    filter,
    setFilter,
    level,
    setLevel,
    progress,
    trace,
    test,
    setTest,
    move,
    open,
    setStatus,
    checked,
    toggleCheck,
    analyzeLink: pickLink,
    analyze,
    rescan,
    runTest,
    setCursor,
  };
}

export type DashboardState = ReturnType<typeof useDashboard>;
