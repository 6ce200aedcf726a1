import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DashboardEmail, DashboardSource, Overview, TestSummary } from '../../app/dashboard-source.js';
import type { EmailStatus } from '../../app/ports.js';
import type { RedirectAnalysis } from '../../core/url/types.js';

export type Mode = 'list' | 'help' | 'filter' | 'status' | 'test' | 'trace';
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
  const [filter, setFilter] = useState('');
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

  const load = useCallback(async () => {
    try {
      const [o, list] = await Promise.all([source.overview(), source.list()]);
      setOverview(o);
      setEmails(list);
    } catch (err) {
      setMessage(`Could not load: ${(err as Error).message}`);
    }
  }, [source]);
  useEffect(() => {
    void load();
  }, [load]);

  const visible = useMemo(() => {
    const f = filter.toLowerCase();
    return emails.filter(
      (e) =>
        (!level || e.risk_level === level) &&
        (!f || `${e.subject} ${e.sender} ${e.snippet}`.toLowerCase().includes(f)),
    );
  }, [emails, filter, level]);
  const selected = visible[Math.min(cursor, Math.max(0, visible.length - 1))] ?? null;

  const move = (d: number) => setCursor((c) => Math.max(0, Math.min(visible.length - 1, c + d)));
  const open = useCallback(async () => {
    if (!selected) return;
    try {
      setDetail(await source.detail(selected.id));
    } catch (err) {
      setMessage((err as Error).message);
    }
  }, [selected, source]);
  useEffect(() => {
    setDetail(null);
  }, [selected?.id]);

  const setStatus = async (status: EmailStatus) => {
    if (!selected) return;
    await source.setStatus(selected.id, status);
    setMessage(`Marked "${selected.subject.slice(0, 30)}" as ${status.replace('_', ' ')}`);
    setEmails((list) => list.map((e) => (e.id === selected.id ? { ...e, status } : e)));
    setMode('list');
  };

  const analyzeLink = async () => {
    if (!selected) return;
    const d = detail ?? (await source.detail(selected.id));
    setDetail(d);
    const url = d.links[0];
    if (!url) return setMessage('This email has no links to analyse.');
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
    selected,
    cursor,
    detail,
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
    analyzeLink,
    rescan,
    runTest,
    setCursor,
  };
}

export type DashboardState = ReturnType<typeof useDashboard>;
