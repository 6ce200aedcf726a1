import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { call, client, type Schemas } from '../api';
import { Header } from '../components/Header';
import { RiskBadge, when } from '../components/Risk';
import { ConnectGmail } from '../components/ConnectGmail';

const MAX_OPTIONS = [5, 10, 20, 50] as const;
const CHIPS = 3;

type GmailMessage = Schemas['GmailMessage'];

/** Gmail email analysis: the most recent messages of the connected Gmail, analysed on demand. */
export function Emails() {
  const [max, setMax] = useState<number>(10);
  const [open, setOpen] = useState<GmailMessage | null>(null);
  const status = useQuery({
    queryKey: ['gmail-status'],
    queryFn: () => call(client.GET('/api/auth/gmail/status')),
  });
  const userEmail = status.data?.mailboxes.find((m) => m.connected)?.email ?? null;
  const analysis = useQuery({
    queryKey: ['gmail-analyze', userEmail, max],
    enabled: !!userEmail,
    queryFn: () =>
      call(client.POST('/api/gmail/analyze', { body: { user_email: userEmail ?? '', max_emails: max } })),
  });
  const emails = analysis.data?.emails ?? [];
  const counts = { HIGH: 0, MEDIUM: 0, LOW: 0, SAFE: 0 } as Record<string, number>;
  for (const e of emails)
    if (e.phishing_analysis)
      counts[e.phishing_analysis.risk_level] = (counts[e.phishing_analysis.risk_level] ?? 0) + 1;

  return (
    <div className="app">
      <Header title="Gmail Email Analysis" />
      <main className="page">
        {status.isSuccess && !userEmail && (
          <div className="empty">
            <p>
              No user email provided: no Gmail connection was found for your account
              {status.data.mailboxes.some((m) => m.needs_reconnect) ? ' (access expired: reconnect)' : ''}.
            </p>
            <p>
              This page reads Gmail live. Mail from every mailbox you have (files, IMAP, Gmail) is analysed on
              the <Link to="/dashboard">Dashboard</Link>.
            </p>
            <ConnectGmail />
          </div>
        )}
        {userEmail && (
          <>
            <div className="toolbar">
              <span data-testid="gmail-address">{userEmail}</span>
              <label>
                Max emails{' '}
                <select value={max} onChange={(e) => setMax(Number(e.target.value))} aria-label="Max emails">
                  {MAX_OPTIONS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="button"
                onClick={() => void analysis.refetch()}
                disabled={analysis.isFetching}
              >
                Refresh Analysis
              </button>
            </div>
            <div className="counts" aria-label="Counts per risk level">
              {Object.entries(counts).map(([level, n]) => (
                <span
                  key={level}
                  className={`count risk-${level.toLowerCase()}`}
                  data-testid={`count-${level}`}
                >
                  {level}: {n}
                </span>
              ))}
            </div>
          </>
        )}
        {analysis.isFetching && <p role="status">Analysing…</p>}
        {analysis.isError && (
          <div className="error-box" role="alert">
            <h3>Analysis Failed</h3>
            <p>{analysis.error.message || 'Failed to analyze emails'}</p>
            <button type="button" className="button" onClick={() => void analysis.refetch()}>
              Try Again
            </button>
          </div>
        )}
        {analysis.isSuccess && emails.length === 0 && <p className="empty">No emails found</p>}
        <div className="cards">
          {emails.map((e) => (
            <button
              type="button"
              key={e.id}
              className={`email-card risk-edge-${(e.phishing_analysis?.risk_level ?? 'unknown').toLowerCase()}`}
              onClick={() => setOpen(e)}
            >
              <span className="row-top">
                <strong>{e.subject || '(No subject)'}</strong>
                <RiskBadge level={e.phishing_analysis?.risk_level} />
              </span>
              <span className="muted small">{e.sender}</span>
              <span className="small">{e.phishing_analysis?.summary}</span>
            </button>
          ))}
        </div>
        {open && <EmailModal email={open} onClose={() => setOpen(null)} />}
      </main>
    </div>
  );
}

function EmailModal({ email, onClose }: { email: GmailMessage; onClose: () => void }) {
  const a = email.phishing_analysis;
  const extra = (a?.indicators.length ?? 0) - CHIPS;
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <h2 id="modal-title">{email.subject || '(No subject)'}</h2>
        <p className="muted">
          {email.sender} · {when(email.received_at)}
        </p>
        <p className="snippet">{email.snippet}</p>
        {a && (
          <>
            <p>
              <RiskBadge level={a.risk_level} /> <strong>{a.risk_score}/100</strong>
            </p>
            <p>{a.summary}</p>
            <div className="chips" data-testid="chips">
              {a.indicators.slice(0, CHIPS).map((i) => (
                <span key={i} className="chip">
                  {i}
                </span>
              ))}
              {extra > 0 && <span className="chip more">+{extra} more</span>}
            </div>
          </>
        )}
        <button type="button" className="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
