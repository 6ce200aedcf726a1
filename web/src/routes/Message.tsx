import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { call, client, type EmailDetail, type MessageView } from '../api';
import { Header } from '../components/Header';
import { RiskBadge, when } from '../components/Risk';
import { ScoreGauge } from '../components/ScoreGauge';
import { MARKS, STATUS_LABEL, useMarking } from './Dashboard';

const TABS = ['Analysis', 'Text', 'HTML preview', 'Headers', 'Authentication', 'Links', 'Source'] as const;
type Tab = (typeof TABS)[number];
const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'];

/** One message, as mailpit and Sublime show it: verdict first, then every way to look at it. */
export function Message() {
  const id = Number(useParams().id);
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? '/dashboard';
  const [tab, setTab] = useState<Tab>('Analysis');
  const mark = useMarking();
  const email = useQuery({
    queryKey: ['email', id],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: () => call(client.GET('/api/emails/{id}', { params: { path: { id } } })),
  });
  const view = useQuery({
    queryKey: ['email', id, 'view'],
    enabled: Number.isInteger(id) && id > 0,
    queryFn: () => call(client.GET('/api/emails/{id}/view', { params: { path: { id } } })),
  });

  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? at + 1 : e.key === 'ArrowLeft' ? at - 1 : null;
    if (next === null) return;
    const t = TABS[(next + TABS.length) % TABS.length] as Tab;
    setTab(t);
    document.getElementById(`tab-${t}`)?.focus();
  };

  const e: EmailDetail | undefined = email.data;
  const a = e?.phishing_analysis;
  return (
    <div className="app">
      <Header title="Message" />
      <main className="page message-page">
        <p>
          <Link to={back}>← Back to the list</Link>
        </p>
        {email.isLoading && <p role="status">Loading…</p>}
        {email.isError && (
          <p className="error-text" role="alert">
            {email.error.message}
          </p>
        )}
        {e && (
          <article data-testid="email-details">
            <header className="message-head">
              {a && <ScoreGauge score={a.risk_score} level={a.risk_level} />}
              <div className="message-title">
                <h2>{e.subject || '(No subject)'}</h2>
                <p className="sender">
                  <span className="muted">From</span> {e.sender || '(no sender)'}
                </p>
                <p className="muted small">
                  Received {when(e.received_at)} · {e.size.toLocaleString()} bytes · status{' '}
                  <strong data-testid="status">
                    {STATUS_LABEL[e.status as keyof typeof STATUS_LABEL] ?? e.status}
                  </strong>
                </p>
                {a && (
                  <p className={`banner banner-${a.risk_level.toLowerCase()}`} role="note">
                    <RiskBadge level={a.risk_level} />{' '}
                    <strong data-testid="detail-score">{a.risk_score}/100</strong> {a.summary}
                  </p>
                )}
              </div>
            </header>
            <div className="mark-bar" role="toolbar" aria-label="Mark this message">
              {MARKS.map((m) => (
                <button
                  key={m.action}
                  type="button"
                  className="secondary small"
                  aria-pressed={e.status === m.status}
                  onClick={() => void mark([{ id, status: e.status }], m)}
                >
                  Mark {m.label.toLowerCase()}
                </button>
              ))}
              <a className="button small" href={`/api/emails/${id}/raw`} download={`message-${id}.eml`}>
                Download .eml
              </a>
            </div>
            <div
              className="tabs"
              role="tablist"
              aria-label="Ways to look at this message"
              onKeyDown={onTabKey}
            >
              {TABS.map((t) => (
                <button
                  key={t}
                  id={`tab-${t}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  aria-controls="tab-panel"
                  tabIndex={tab === t ? 0 : -1}
                  onClick={() => setTab(t)}
                >
                  {t}
                </button>
              ))}
            </div>
            <section id="tab-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="tab-panel">
              {tab === 'Analysis' && <AnalysisTab email={e} />}
              {tab !== 'Analysis' && view.isLoading && <p role="status">Loading…</p>}
              {tab !== 'Analysis' && view.isError && <p className="error-text">{view.error.message}</p>}
              {tab === 'Text' && view.data && (
                <pre className="body-text">{view.data.text || '(no text)'}</pre>
              )}
              {tab === 'HTML preview' && view.data && <PreviewTab id={id} view={view.data} />}
              {tab === 'Headers' && view.data && <HeadersTab view={view.data} />}
              {tab === 'Authentication' && view.data && <AuthTab view={view.data} />}
              {tab === 'Links' && view.data && <LinksTab id={id} view={view.data} />}
              {tab === 'Source' && <SourceTab id={id} />}
            </section>
          </article>
        )}
      </main>
    </div>
  );
}

function AnalysisTab({ email }: { email: EmailDetail }) {
  const indicators = [...(email.analysis?.indicators ?? [])].sort(
    (x, y) => SEVERITY_ORDER.indexOf(x.severity) - SEVERITY_ORDER.indexOf(y.severity),
  );
  const model = email.analysis?.model;
  if (!email.analysis)
    return <p className="muted">{email.phishing_analysis?.summary ?? 'Not analysed yet.'}</p>;
  return (
    <>
      <h3>Why this score</h3>
      <ul className="indicators">
        {indicators.map((i) => (
          <li key={i.id} className="indicator">
            <span className={`severity severity-${i.severity}`}>{i.severity}</span> {i.explanation}
            {i.evidence.length > 0 && (
              <ul className="evidence-list">
                {i.evidence.map((ev, n) => (
                  <li key={n}>
                    <code className="evidence">{ev}</code>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {model?.used && (
        <p className="muted small">
          Wording model: {Math.round((model.probability ?? 0) * 100)}% phishing-like
          {model.top_terms.length > 0 ? `; strongest terms: ${model.top_terms.join(', ')}` : ''}. Engine{' '}
          {email.analysis.engine_version}.
        </p>
      )}
    </>
  );
}

function PreviewTab({ id, view }: { id: number; view: MessageView }) {
  if (!view.has_html) return <p className="muted">This message has no HTML part; see the Text tab.</p>;
  return (
    <>
      <p className="muted small">
        What the recipient saw, made inert: scripts, forms, remote images and links are disabled (hover a link
        to see where it pointed).
      </p>
      {/* sandbox="" : no scripts, no same-origin, no forms, no navigation of this page. */}
      <iframe
        className="preview"
        title="HTML preview (inert)"
        sandbox=""
        referrerPolicy="no-referrer"
        src={`/api/emails/${id}/preview`}
      />
    </>
  );
}

function HeadersTab({ view }: { view: MessageView }) {
  return (
    <table className="headers-table">
      <tbody>
        {view.headers.map((h, i) => (
          <tr key={i}>
            <th scope="row">{h.name}</th>
            <td>{h.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuthTab({ view }: { view: MessageView }) {
  const auth = view.authentication;
  if (!auth)
    return (
      <p className="muted">
        No Authentication-Results header: the receiving server recorded no SPF, DKIM or DMARC result.
      </p>
    );
  return (
    <>
      <dl className="auth-grid">
        {(['spf', 'dkim', 'dmarc', 'arc'] as const).map((m) => (
          <div key={m}>
            <dt>{m.toUpperCase()}</dt>
            <dd className={`auth-${auth[m] ?? 'none'}`}>{auth[m] ?? 'not reported'}</dd>
          </div>
        ))}
      </dl>
      <p className="small">
        Reported by <code>{auth.authserv_id || '(unnamed server)'}</code>:{' '}
        {auth.trusted
          ? 'a receiving server this mailbox trusts.'
          : 'not a server this mailbox is set to trust, so a pass here lowers no score (anyone on the path could have written it). If it is your own receiving server, Settings → Check can trust it.'}
      </p>
      <pre className="body-text small">{auth.header}</pre>
    </>
  );
}

function LinksTab({ id, view }: { id: number; view: MessageView }) {
  const navigate = useNavigate();
  const stored = useQuery({
    queryKey: ['links', id],
    queryFn: () => call(client.GET('/api/emails/{id}/links', { params: { path: { id } } })),
  });
  const links: MessageView['links'] =
    view.links.length > 0 ? view.links : (stored.data?.links ?? []).map((l) => ({ url: l.url, text: '' }));
  // Your newest analysis of each link (stored with the message's links), with its screenshot.
  const analyses = new Map((stored.data?.links ?? []).map((l) => [l.url, l.analysis]));
  if (links.length === 0) return <p className="muted">No links in this message.</p>;
  return (
    <ul className="links-list">
      {links.map((l, i) => {
        const web = /^https?:\/\//i.test(l.url);
        const a = analyses.get(l.url);
        return (
          <li key={i} data-testid="message-link">
            <code className="evidence">{l.url}</code>
            {l.text && l.text !== l.url && <span className="muted small"> shown as “{l.text}”</span>}
            {l.qr_picture && (
              <span className="muted small" data-testid="link-qr">
                {' '}
                read from a QR code in {l.qr_picture}: do not scan it with your phone
              </span>
            )}
            {l.via && (
              <span className="muted small" data-testid="link-via">
                {' '}
                reached through {l.via}, a well-known site&apos;s open redirect: this is where it leads
              </span>
            )}
            {a && (
              <span className="small" data-testid="link-analysed">
                {' '}
                Analysed {new Date(a.created_at).toLocaleString()}: <strong>{a.verdict}</strong> · threat{' '}
                {a.threat_score.toFixed(2)} ·{' '}
                <Link to={`/link-analysis?analysis=${encodeURIComponent(a.analysis_id)}`}>
                  open the analysis
                </Link>
              </span>
            )}
            {web && (
              <button
                type="button"
                className="secondary small"
                onClick={() => navigate(`/link-analysis?url=${encodeURIComponent(l.url)}&run=1`)}
              >
                {a ? 'Analyse again' : 'Analyse this link'}
              </button>
            )}
            {a?.screenshot_url && (
              <img
                className="screenshot thumb"
                src={a.screenshot_url}
                alt={`What a headless browser showed for ${l.url}`}
                loading="lazy"
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function SourceTab({ id }: { id: number }) {
  const source = useQuery({
    queryKey: ['email', id, 'source'],
    queryFn: async () => {
      const r = await client.GET('/api/emails/{id}/raw', { params: { path: { id } }, parseAs: 'text' });
      if (!r.response.ok) throw new Error(`HTTP ${r.response.status}`);
      return r.data as string;
    },
  });
  if (source.isLoading) return <p role="status">Loading…</p>;
  if (source.isError) return <p className="error-text">{source.error.message}</p>;
  const text = source.data ?? '';
  const max = 300_000;
  return (
    <>
      {text.length > max && (
        <p className="muted small">
          Showing the first {max.toLocaleString()} characters; download the .eml for all.
        </p>
      )}
      <pre className="body-text source">{text.slice(0, max)}</pre>
    </>
  );
}
