import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { call, client, type Schemas } from '../api';
import { Header } from '../components/Header';
import { statusColour, threatColour, tlsLabel } from '../components/Risk';

const REDIRECT_LIMITS = [5, 10, 15, 20] as const;
const TIMEOUTS = [15, 30, 45, 60] as const;
/** One of the allowed values, from a select's string value (the first when it is none of them). */
const choice = <T extends number>(allowed: readonly T[], value: string): T =>
  allowed.find((v) => String(v) === value) ?? (allowed[0] as T);

/** Section 5's URL rules and messages. */
export function validateUrl(url: string): string | null {
  if (!url.trim()) return 'Please enter a URL to analyze';
  try {
    const u = new URL(url.trim());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'Please enter a valid HTTP or HTTPS URL';
  } catch {
    return 'Please enter a valid HTTP or HTTPS URL';
  }
  return null;
}

export function LinkAnalysis() {
  const [params] = useSearchParams();
  const [url, setUrl] = useState(params.get('url') ?? '');
  const [mode, setMode] = useState<'comprehensive' | 'quick'>('comprehensive');
  const [maxRedirects, setMaxRedirects] = useState<(typeof REDIRECT_LIMITS)[number]>(10);
  const [timeout, setTimeoutS] = useState<(typeof TIMEOUTS)[number]>(30);
  const [cloaking, setCloaking] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const queryClient = useQueryClient();
  const full = useMutation({
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['link-history'] }),
    mutationFn: () =>
      call(
        client.POST('/api/v1/redirect-analysis/analyze', {
          body: {
            url: url.trim(),
            include_cloaking_detection: cloaking,
            max_redirects: maxRedirects,
            timeout_seconds: timeout,
          },
        }),
      ),
  });
  const quick = useMutation({
    mutationFn: () =>
      call(client.POST('/api/v1/redirect-analysis/quick-scan', { body: { url: url.trim() } })),
  });
  const busy = full.isPending || quick.isPending;

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  // A past analysis reopened from the history, shown until the next run.
  const [stored, setStored] = useState<Analysis | null>(null);
  const submit = () => {
    setStored(null);
    if (busy) return;
    const v = validateUrl(url);
    setError(v);
    if (v) return;
    if (mode === 'quick') quick.mutate();
    else full.mutate();
  };
  // "Analyse this link" elsewhere opens this page with ?url=…&run=1: the analysis starts at once.
  const autoRun = params.get('run') === '1';
  useEffect(() => {
    if (autoRun && params.get('url')) submit();
    // Once per arrival with run=1, not on every render.
  }, [autoRun]);
  // ?analysis=ID reopens a stored analysis (the message view links to its links' analyses).
  const reopen = params.get('analysis');
  useEffect(() => {
    if (!reopen) return;
    call(
      client.GET('/api/v1/redirect-analysis/results/{analysis_id}', {
        params: { path: { analysis_id: reopen } },
      }),
    )
      .then((a) => {
        setStored(a);
        setUrl(a.original_url);
      })
      .catch((err: Error) => setError(err.message));
  }, [reopen]);
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    }
  };
  const r = stored ?? (mode === 'comprehensive' ? full.data : undefined);
  const q = mode === 'quick' ? quick.data : undefined;
  const failure = (mode === 'quick' ? quick.error : full.error) as Error | null;

  const copy = async () => {
    if (!r) return;
    await navigator.clipboard.writeText(JSON.stringify(r, null, 2)).catch(() => undefined);
    setCopied(true);
  };
  const download = () => {
    if (!r) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([JSON.stringify(r, null, 2)], { type: 'application/json' }));
    a.download = `${r.analysis_id}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <div className="app">
      <Header title="Link Redirect Analysis" />
      <main className="page">
        <div className="card">
          <label htmlFor="url">URL to analyse</label>
          <div className="row">
            <input
              id="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              onKeyDown={onKey}
              placeholder="https://example.com/suspicious"
              spellCheck={false}
            />
            <button type="button" className="button" onClick={submit} disabled={busy}>
              {busy ? 'Analysing…' : 'Analyze'}
            </button>
          </div>
          {error && <p className="field-error">{error}</p>}
          <div className="options">
            <button
              type="button"
              className="secondary"
              onClick={() => setMode((m) => (m === 'comprehensive' ? 'quick' : 'comprehensive'))}
            >
              Mode: {mode === 'comprehensive' ? 'Comprehensive' : 'Quick'}
            </button>
            <label>
              Max redirects{' '}
              <select
                value={maxRedirects}
                onChange={(e) => setMaxRedirects(choice(REDIRECT_LIMITS, e.target.value))}
                disabled={mode === 'quick'}
              >
                {[5, 10, 15, 20].map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
            </label>
            <label>
              Timeout{' '}
              <select
                value={timeout}
                onChange={(e) => setTimeoutS(choice(TIMEOUTS, e.target.value))}
                disabled={mode === 'quick'}
              >
                {[15, 30, 45, 60].map((n) => (
                  <option key={n} value={n}>
                    {n} s
                  </option>
                ))}
              </select>
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={cloaking}
                onChange={(e) => setCloaking(e.target.checked)}
                disabled={mode === 'quick'}
              />{' '}
              Cloaking detection
            </label>
          </div>
        </div>
        {failure && (
          <p className="error-box" role="alert">
            {failure.message || (mode === 'quick' ? 'Quick scan failed' : 'Analysis failed')}
          </p>
        )}
        {q && (
          <section className="card" data-testid="quick-result">
            <h2>
              Verdict: {q.verdict} ·{' '}
              <span className={`threat threat-${threatColour(q.threat_score)}`}>
                {q.threat_score.toFixed(2)}
              </span>
            </h2>
            <p>
              {q.redirect_count} redirect(s) → <code>{q.final_url}</code>
              {q.cloaking_detected ? ' · cloaking detected' : ''} · {q.analysis_time_ms} ms
            </p>
            <ul>
              {q.key_indicators.map((k) => (
                <li key={k}>{k}</li>
              ))}
            </ul>
          </section>
        )}
        <History
          onOpen={(a) => {
            setStored(a);
            setMode('comprehensive');
            setUrl(a.original_url);
          }}
        />
        {r && (
          <section className="card" data-testid="link-result">
            <div className="row-top">
              <h2>
                Verdict: <span data-testid="verdict">{r.verdict}</span> · threat{' '}
                <span className={`threat threat-${threatColour(r.threat_score)}`} data-testid="threat-score">
                  {r.threat_score.toFixed(2)}
                </span>
              </h2>
              <div className="actions">
                <button type="button" className="secondary" onClick={() => void copy()}>
                  {copied ? '✓ Copied' : 'Copy'}
                </button>
                <button type="button" className="secondary" onClick={download}>
                  Download
                </button>
              </div>
            </div>
            <p data-testid="explanation">{r.explanation}</p>
            {r.analysis_metadata.link_protection ? (
              <p className="muted small">Link protection: {String(r.analysis_metadata.link_protection)}</p>
            ) : null}
            {r.threat_indicators.length > 0 && (
              <>
                <h3>{r.verdict === 'error' ? 'From the address alone' : 'Indicators'}</h3>
                <ul>
                  {r.threat_indicators.map((i) => (
                    <li key={i.id}>
                      [{i.severity}] {i.description}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {/* Nothing fetched: no chain, TLS, cloaking or timing to show, only the reason above. */}
            {r.verdict !== 'error' && <Details r={r} />}
          </section>
        )}
      </main>
    </div>
  );
}

type Analysis = Schemas['RedirectAnalysis'];

function Details({ r }: { r: Analysis }) {
  const shot = r.analysis_metadata.screenshot_id;
  return (
    <>
      <h3>Redirect chain</h3>
      <ol className="hops">
        {r.redirect_chain.map((h) => (
          <li key={h.hop_number} data-testid="hop">
            <span className={`status status-${statusColour(h.status_code)}`}>{h.status_code ?? 'ERR'}</span>{' '}
            <span className="muted">{h.redirect_type}</span> <code>{h.url}</code>
            <span className="small muted">
              {' '}
              {h.ip_address ?? '-'} · {h.response_time_ms} ms ·{' '}
              {h.status_code === null ? 'not reached' : tlsLabel(h.tls_certificate)}
              {h.meta_refresh_delay !== null ? ` · refresh after ${h.meta_refresh_delay} s` : ''}
            </span>
            {h.suspicious_patterns.length > 0 && (
              <ul className="small">
                {h.suspicious_patterns.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            {h.error && <span className="error-text small"> {h.error}</span>}
          </li>
        ))}
      </ol>
      {typeof shot === 'string' && (
        <>
          <h3>What a browser showed</h3>
          <img
            className="screenshot"
            src={`/api/screenshots/${encodeURIComponent(shot)}`}
            alt={`Screenshot of ${r.final_url} in a headless browser`}
          />
        </>
      )}
      <h3>Cloaking</h3>
      <p>
        {r.cloaking_analysis.cloaking_detected ? 'Detected' : 'Not detected'} (confidence{' '}
        {(r.cloaking_analysis.cloaking_confidence * 100).toFixed(0)}%): the page as a browser, a crawler
        {r.analysis_metadata.browser_engine &&
        !String(r.analysis_metadata.browser_engine).startsWith('unavailable')
          ? ' and a real headless browser'
          : ''}{' '}
        saw it, compared.
      </p>
      <ul>
        {r.cloaking_analysis.cloaking_indicators.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
      <h3>Security findings</h3>
      <p>
        Domain reputation {r.security_findings.domain_reputation}; suspicious TLD{' '}
        {r.security_findings.suspicious_tld ? 'yes' : 'no'}; IP address instead of a name{' '}
        {r.security_findings.ip_domain_mismatch ? 'yes' : 'no'}
        {r.redirect_chain.some((h) => h.tls_certificate)
          ? `; certificate for another name ${r.security_findings.cert_hostname_mismatch ? 'yes' : 'no'}`
          : '; no TLS handshake was made'}
      </p>
      {r.security_findings.ssl_issues.length > 0 && (
        <ul>
          {r.security_findings.ssl_issues.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
      <h3>Summary</h3>
      <p>
        {r.analysis_summary.total_redirects} redirect(s) across {r.analysis_summary.unique_domains} domain(s);{' '}
        {(r.analysis_summary.https_coverage * 100).toFixed(0)}% of the pages reached were HTTPS.
      </p>
      <h3>Timing</h3>
      <p>
        {r.timing_analysis.total_ms} ms in total
        {r.timing_analysis.slowest_hop !== null ? `, slowest hop #${r.timing_analysis.slowest_hop}` : ''}
        {r.cached ? ' (cached result)' : ''}
      </p>
    </>
  );
}

function History({ onOpen }: { onOpen: (a: Analysis) => void }) {
  const history = useQuery({
    queryKey: ['link-history'],
    queryFn: () =>
      call(client.GET('/api/v1/redirect-analysis/history', { params: { query: { limit: 10 } } })),
  });
  const items = history.data?.analyses ?? [];
  if (items.length === 0) return null;
  const open = async (id: string) =>
    onOpen(
      await call(
        client.GET('/api/v1/redirect-analysis/results/{analysis_id}', {
          params: { path: { analysis_id: id } },
        }),
      ),
    );
  return (
    <details className="card history">
      <summary>Recent analyses ({items.length})</summary>
      <ul className="links-list">
        {items.map((a) => (
          <li key={a.analysis_id}>
            <code>{a.url}</code>
            <span className="small muted">
              {a.verdict} · {a.threat_score.toFixed(2)} · {new Date(a.created_at).toLocaleString()}
            </span>
            <button type="button" className="secondary small" onClick={() => void open(a.analysis_id)}>
              Open
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
