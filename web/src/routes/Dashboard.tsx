import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call, client, type EmailDetail } from '../api';
import { Header } from '../components/Header';
import { RiskBadge, when } from '../components/Risk';

const PAGE_SIZE = 20;

export function Dashboard() {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <div className="app">
      <Header title="Security Operations Dashboard" />
      <main className="split">
        <section className="pane" aria-labelledby="list-title">
          <h2 id="list-title">Email Analysis</h2>
          <EmailList selected={selected} onSelect={setSelected} />
        </section>
        <section className="pane" aria-labelledby="details-title">
          <h2 id="details-title">Email Details</h2>
          {selected === null ? (
            <p className="muted">Select an email to view its analysis.</p>
          ) : (
            <EmailDetails id={selected} />
          )}
        </section>
      </main>
    </div>
  );
}

function EmailList({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const queryClient = useQueryClient();
  const mailboxes = useQuery({
    queryKey: ['mailboxes'],
    queryFn: () => call(client.GET('/api/mailboxes')),
  });
  const list = useInfiniteQuery({
    queryKey: ['emails'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call(client.GET('/api/emails', { params: { query: { page: pageParam, size: PAGE_SIZE } } })),
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
  const [refreshing, setRefreshing] = useState(false);
  const emails = list.data?.pages.flatMap((p) => p.emails) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const boxes = mailboxes.data?.mailboxes ?? [];

  const refresh = async () => {
    setRefreshing(true);
    try {
      // Gmail mailboxes fetch new mail first; the list then starts again from page 1.
      if (boxes.some((b) => b.kind === 'gmail'))
        await call(client.POST('/api/auth/gmail/scan')).catch(() => undefined);
      await queryClient.resetQueries({ queryKey: ['emails'] });
    } finally {
      setRefreshing(false);
    }
  };

  if (mailboxes.isSuccess && boxes.length === 0)
    return (
      <div className="empty">
        <p>No mailbox is connected yet.</p>
        <button
          type="button"
          className="button"
          onClick={() => window.location.assign('/api/rest/auth/google')}
        >
          Connect Gmail
        </button>
        <p className="muted">
          Or have your administrator add an IMAP mailbox or import mail files (phishguard mailbox add imap,
          phishguard import).
        </p>
      </div>
    );

  return (
    <div className="email-list">
      <div className="toolbar">
        <span className="muted" data-testid="mailbox-address">
          {boxes.map((b) => b.address).join(', ')}
        </span>
        <button
          type="button"
          className="secondary"
          onClick={() => void refresh()}
          disabled={refreshing || list.isFetching}
        >
          Refresh
        </button>
        <span className="muted small" data-testid="last-updated">
          {list.dataUpdatedAt ? `Last updated ${new Date(list.dataUpdatedAt).toLocaleTimeString()}` : ''}
        </span>
      </div>
      {(list.isLoading || refreshing) && <p role="status">Loading emails…</p>}
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
        <p className="empty">No emails found. Try refreshing, or check your mailbox connection.</p>
      )}
      <ul className="rows">
        {emails.map((e) => {
          const a = e.phishing_analysis;
          return (
            <li key={e.id}>
              <button
                type="button"
                className={`row-button risk-edge-${(a?.risk_level ?? 'unknown').toLowerCase()} ${selected === e.id ? 'selected' : ''}`}
                onClick={() => onSelect(Number(e.id))}
                aria-pressed={selected === e.id}
              >
                <span className="row-top">
                  <strong className="subject">{e.subject || '(No subject)'}</strong>
                  <RiskBadge level={a?.risk_level} />
                </span>
                <span className="muted small">
                  {e.sender} · {when(e.received_at)}
                </span>
                <span className="snippet">{e.snippet}</span>
                {a && <span className="small">{a.summary}</span>}
                {a && (
                  <span className="small muted">
                    Score {a.risk_score}/100 · {a.indicators.length} indicator
                    {a.indicators.length === 1 ? '' : 's'}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {emails.length > 0 && (
        <p className="muted" data-testid="showing">
          Showing {emails.length} of {total} emails
        </p>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Load More Emails'}
        </button>
      ) : (
        emails.length > 0 && (
          <p className="muted" data-testid="all-loaded">
            All emails loaded ({total} total)
          </p>
        )
      )}
    </div>
  );
}

function EmailDetails({ id }: { id: number }) {
  const navigate = useNavigate();
  const email = useQuery({
    queryKey: ['email', id],
    queryFn: () => call(client.GET('/api/emails/{id}', { params: { path: { id } } })),
  });
  const links = useQuery({
    queryKey: ['links', id],
    queryFn: () => call(client.GET('/api/emails/{id}/links', { params: { path: { id } } })),
  });
  if (email.isLoading) return <p role="status">Loading…</p>;
  if (email.isError) return <p className="error-text">{email.error.message}</p>;
  const e: EmailDetail | undefined = email.data;
  if (!e) return null;
  const a = e.phishing_analysis;
  return (
    <article className="details" data-testid="email-details">
      <h3>{e.subject || '(No subject)'}</h3>
      <dl>
        <dt>From</dt>
        <dd>{e.sender}</dd>
        <dt>Received</dt>
        <dd>{when(e.received_at)}</dd>
      </dl>
      {/* Text only: message HTML is never rendered. */}
      <p className="snippet">{e.snippet}</p>
      {a && (
        <section className="analysis" aria-label="Phishing analysis">
          <p>
            <RiskBadge level={a.risk_level} /> <strong data-testid="detail-score">{a.risk_score}/100</strong>
          </p>
          <p>{a.summary}</p>
          <ul>
            {(e.analysis?.indicators ?? [])
              .filter((i) => i.severity !== 'info')
              .map((i) => (
                <li key={i.id}>
                  {i.explanation}
                  {i.evidence[0] && <code className="evidence">{i.evidence[0]}</code>}
                </li>
              ))}
          </ul>
        </section>
      )}
      {links.data && links.data.links.length > 0 && (
        <section aria-label="Links in this email">
          <h4>Links (not clickable: analyse before you open)</h4>
          <ul className="links-list">
            {links.data.links.map((l) => (
              <li key={l.id}>
                <code>{l.url}</code>
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => navigate(`/link-analysis?url=${encodeURIComponent(l.url)}`)}
                >
                  Analyse this link
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link to="/link-analysis">Open link analysis</Link>
      </p>
    </article>
  );
}
