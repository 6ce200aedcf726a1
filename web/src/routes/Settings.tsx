import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError, call, client, type Schemas } from '../api';
import { Header } from '../components/Header';
import { when } from '../components/Risk';
import { useNotifications } from '../notifications';
import { ChangePassword } from './ChangePassword';
import { ConnectGmail } from '../components/ConnectGmail';

type Mailbox = Schemas['Mailbox'];

/** Everything a person sets up: mailboxes (IMAP, files, Gmail) and their password. */
export function Settings() {
  return (
    <div className="app">
      <Header title="Settings" />
      <main className="page settings">
        <Mailboxes />
        <ImportFiles />
        <AddImap />
        <GmailState />
        <ChangePassword embedded />
      </main>
    </div>
  );
}

function Mailboxes() {
  const list = useQuery({ queryKey: ['mailboxes'], queryFn: () => call(client.GET('/api/mailboxes')) });
  const boxes = list.data?.mailboxes ?? [];
  return (
    <section className="card" aria-labelledby="mailboxes-title">
      <h2 id="mailboxes-title">Mailboxes</h2>
      {list.isLoading && <p role="status">Loading…</p>}
      {list.isSuccess && boxes.length === 0 && (
        <p className="muted">No mailbox yet: import files or add an IMAP mailbox below.</p>
      )}
      <ul className="mailbox-list">
        {boxes.map((m) => (
          <MailboxRow key={m.id} mailbox={m} />
        ))}
      </ul>
    </section>
  );
}

function MailboxRow({ mailbox: m }: { mailbox: Mailbox }) {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [scanId, setScanId] = useState<number | null>(
    m.last_scan?.status === 'running' ? m.last_scan.id : null,
  );
  const scan = useQuery({
    queryKey: ['scan', scanId],
    enabled: scanId !== null,
    queryFn: () => call(client.GET('/api/scans/{id}', { params: { path: { id: scanId as number } } })),
    // Live progress while it runs, then stop asking.
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? 1000 : false),
  });
  const s = scan.data ?? m.last_scan;
  useEffect(() => {
    if (scan.data && scan.data.status !== 'running') {
      void queryClient.invalidateQueries({ queryKey: ['emails'] });
      void queryClient.invalidateQueries({ queryKey: ['stats'] });
      void queryClient.invalidateQueries({ queryKey: ['mailboxes'] });
    }
  }, [scan.data, queryClient]);
  const start = async () => {
    try {
      const r = await call(client.POST('/api/mailboxes/{id}/scan', { params: { path: { id: m.id } } }));
      setScanId(r.scan_id);
    } catch (err) {
      notify('error', `Scan failed to start: ${(err as Error).message}`);
    }
  };
  const remove = async () => {
    if (!window.confirm(`Forget ${m.address} and the mail stored from it? Nothing changes at the provider.`))
      return;
    try {
      await call(client.DELETE('/api/mailboxes/{id}', { params: { path: { id: m.id } } }));
      notify('success', `Removed ${m.address}`);
      await Promise.all(
        [['mailboxes'], ['emails'], ['stats']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    } catch (err) {
      notify('error', (err as Error).message);
    }
  };
  const running = s?.status === 'running';
  return (
    <li className="mailbox-row" data-testid="mailbox-row">
      <div>
        <strong className="address">{m.address}</strong> <span className="muted small">({m.kind})</span>
        <p className="muted small">
          {m.last_scan_at ? `Last scan ${when(m.last_scan_at)}` : 'Never scanned'}
          {s && !running && s.status !== 'done'
            ? ` · last scan ${s.status}${s.error ? `: ${s.error}` : ''}`
            : ''}
        </p>
        {running && s && (
          <div className="progress-line" role="status">
            <progress
              max={s.total ?? undefined}
              value={s.total ? s.processed : undefined}
              aria-label="Scan progress"
            />{' '}
            {s.processed}
            {s.total ? ` of ${s.total}` : ''} messages, {s.added} new
          </div>
        )}
        {s?.status === 'done' && scanId !== null && (
          <p className="small" role="status">
            Scan done: {s.processed} messages read, {s.added} new.
          </p>
        )}
        {/* A scan just finished here: what it stored says which server to trust, so say so now. */}
        <Trust
          mailbox={m}
          key={String(s?.status === 'done' && scanId !== null)}
          open={s?.status === 'done' && scanId !== null}
        />
      </div>
      <div className="row-actions">
        {m.kind === 'imap' && (
          <button type="button" className="secondary small" onClick={() => void start()} disabled={running}>
            {running ? 'Scanning…' : 'Scan now'}
          </button>
        )}
        <button
          type="button"
          className="secondary small danger"
          onClick={() => void remove()}
          disabled={running}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * Which receiving server's Authentication-Results may lower this mailbox's scores. Until one is
 * trusted, a sender's passing SPF, DKIM and DMARC count for nothing (anyone could have written
 * them), so a service's real receipts and notices score as if unauthenticated. The stored mail
 * shows which server stamps it; trusting it is the person's call.
 */
function Trust({ mailbox: m, open: initiallyOpen = false }: { mailbox: Mailbox; open?: boolean }) {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [open, setOpen] = useState(initiallyOpen);
  const [busy, setBusy] = useState(false);
  const report = useQuery({
    queryKey: ['mailbox-trust', m.id],
    enabled: open,
    queryFn: () => call(client.GET('/api/mailboxes/{id}/trust', { params: { path: { id: m.id } } })),
  });
  if (m.kind === 'gmail')
    return (
      <p className="muted small" data-testid="trust-line">
        Sender authentication: Google&apos;s own results (mx.google.com).
      </p>
    );
  const set = async (authservId: string | null) => {
    setBusy(true);
    try {
      const r = await call(
        client.PUT('/api/mailboxes/{id}/trust', {
          params: { path: { id: m.id } },
          body: { authserv_id: authservId },
        }),
      );
      notify(
        'success',
        `${r.trusted ? `Trusting ${r.trusted}` : 'Trusting no server'}: ${r.rescoring} stored message(s) are being scored again`,
      );
      await Promise.all(
        [['mailboxes'], ['mailbox-trust', m.id], ['emails'], ['stats']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    } catch (err) {
      notify('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const r = report.data;
  return (
    <div className="trust small" data-testid="trust-line">
      <p className="muted">
        Sender authentication:{' '}
        {m.authserv_id ? (
          <>
            results written by <code>{m.authserv_id}</code> are trusted.
          </>
        ) : (
          'no receiving server is trusted, so a sender passing SPF, DKIM or DMARC lowers no score.'
        )}{' '}
        {!open && (
          <button type="button" className="secondary small" onClick={() => setOpen(true)}>
            Check
          </button>
        )}
      </p>
      {open && report.isLoading && <p role="status">Reading the stored mail…</p>}
      {open && report.isError && <p role="alert">{(report.error as Error).message}</p>}
      {open && r && (
        <div role="status">
          {r.sampled === 0 ? (
            <p>No stored mail to read yet: scan the mailbox first.</p>
          ) : r.with_results === 0 ? (
            <p>
              None of the newest {r.sampled} messages carries Authentication-Results: the receiving server
              writes none, so there is nothing to trust.
            </p>
          ) : (
            <p>
              The newest {r.sampled} messages ({r.with_results} with results) were stamped by{' '}
              {r.seen
                .slice(0, 3)
                .map((x) => `${x.authserv_id} (${x.messages})`)
                .join(', ')}
              .{' '}
              {r.suggested
                ? r.suggested === r.trusted
                  ? 'That is the server trusted now.'
                  : 'That looks like your receiving server. Trust it only if it removes headers claiming its name from incoming mail (RFC 8601).'
                : r.with_results < 3
                  ? 'Too few messages with results to suggest one yet.'
                  : 'No single server stamped nearly all of them, so none is suggested.'}
            </p>
          )}
          <p className="row-actions">
            {r.suggested && r.suggested !== r.trusted && (
              <button
                type="button"
                className="secondary small"
                disabled={busy}
                onClick={() => void set(r.suggested)}
              >
                Trust {r.suggested}
              </button>
            )}
            {r.trusted && (
              <button
                type="button"
                className="secondary small"
                disabled={busy}
                onClick={() => void set(null)}
              >
                Stop trusting {r.trusted}
              </button>
            )}
          </p>
        </div>
      )}
    </div>
  );
}

/** Uploads with a progress bar: fetch() cannot report upload progress, XMLHttpRequest can. */
function ImportFiles() {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [files, setFiles] = useState<FileList | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'analysing'>('idle');
  const [result, setResult] = useState<string | null>(null);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!files || files.length === 0) return;
    const form = new FormData();
    for (const f of Array.from(files)) form.append('file', f, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/mailboxes/import');
    xhr.setRequestHeader('x-requested-with', 'phishguard');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(e.loaded / e.total);
    xhr.upload.onload = () => setPhase('analysing');
    xhr.onload = () => {
      setPhase('idle');
      setProgress(null);
      let body: { detail?: string; processed?: number; added?: number; duplicates?: number } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // Not JSON: reported by status below.
      }
      if (xhr.status === 200) {
        setResult(`${body.processed} messages read: ${body.added} new, ${body.duplicates} already stored.`);
        void queryClient.invalidateQueries({ queryKey: ['emails'] });
        void queryClient.invalidateQueries({ queryKey: ['stats'] });
        void queryClient.invalidateQueries({ queryKey: ['mailboxes'] });
      } else notify('error', `Import failed: ${body.detail ?? `HTTP ${xhr.status}`}`, false);
    };
    xhr.onerror = () => {
      setPhase('idle');
      notify('error', 'Import failed: the connection was lost', false);
    };
    setResult(null);
    setPhase('uploading');
    setProgress(0);
    xhr.send(form);
  };
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">Import mail files</h2>
      <form onSubmit={submit}>
        <label htmlFor="import-files">
          .eml, Outlook .msg, .mbox or .mbox.gz files (exported from any mail client)
        </label>
        <input
          id="import-files"
          type="file"
          multiple
          accept=".eml,.msg,.mbox,.gz,.mbx,message/rfc822,application/vnd.ms-outlook,application/mbox"
          onChange={(e) => setFiles(e.target.files)}
        />
        <button type="submit" className="button" disabled={!files || files.length === 0 || phase !== 'idle'}>
          Import
        </button>
      </form>
      {phase === 'uploading' && progress !== null && (
        <div className="progress-line" role="status">
          <progress max={1} value={progress} aria-label="Upload progress" /> Uploading{' '}
          {Math.round(progress * 100)}%
        </div>
      )}
      {phase === 'analysing' && (
        <p role="status" className="progress-line">
          <progress aria-label="Analysis progress" /> Analysing…
        </p>
      )}
      {result && (
        <p role="status" data-testid="import-result">
          {result} <Link to="/dashboard">See them</Link>
        </p>
      )}
    </section>
  );
}

function AddImap() {
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const [form, setForm] = useState({
    host: '',
    port: '',
    security: 'tls' as 'tls' | 'starttls' | 'none',
    username: '',
    password: '',
    folder: 'INBOX',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const m = await call(
        client.POST('/api/mailboxes', {
          body: {
            host: form.host,
            ...(form.port ? { port: Number(form.port) } : {}),
            security: form.security,
            username: form.username,
            password: form.password,
            folder: form.folder || 'INBOX',
            insecure_tls: false,
          },
        }),
      );
      notify('success', `Added ${m.address}: scan it from the list above`);
      setForm((f) => ({ ...f, password: '' }));
      await queryClient.invalidateQueries({ queryKey: ['mailboxes'] });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="imap-title">
      <h2 id="imap-title">Add an IMAP mailbox</h2>
      <p className="muted small">
        Read-only: PhishGuard opens the folder with EXAMINE and never sets a flag, moves or deletes mail. The
        password is stored encrypted.
      </p>
      <form className="imap-form" onSubmit={(e) => void submit(e)}>
        <label>
          Server
          <input
            required
            value={form.host}
            onChange={set('host')}
            placeholder="imap.example.org"
            autoComplete="off"
          />
        </label>
        <label>
          Port
          <input
            inputMode="numeric"
            value={form.port}
            onChange={set('port')}
            placeholder={form.security === 'tls' ? '993' : '143'}
          />
        </label>
        <label>
          Security
          <select value={form.security} onChange={set('security')}>
            <option value="tls">TLS</option>
            <option value="starttls">STARTTLS</option>
            <option value="none">None (labs only)</option>
          </select>
        </label>
        <label>
          Login
          <input required value={form.username} onChange={set('username')} autoComplete="off" />
        </label>
        <label>
          Password
          <input
            required
            type="password"
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
          />
        </label>
        <label>
          Folder
          <input value={form.folder} onChange={set('folder')} />
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Adding…' : 'Add mailbox'}
        </button>
      </form>
    </section>
  );
}

function GmailState() {
  const status = useQuery({
    queryKey: ['gmail-status'],
    queryFn: () => call(client.GET('/api/auth/gmail/status')),
  });
  const s = status.data;
  return (
    <section className="card" aria-labelledby="gmail-title">
      <h2 id="gmail-title">Gmail</h2>
      {s && !s.configured && (
        <p>
          Not set up on this server. <Link to="/gmail-setup">What to configure</Link>
        </p>
      )}
      {s?.configured && (
        <>
          {s.mailboxes.map((m) => (
            <p key={m.id}>
              {m.email}:{' '}
              {m.connected ? 'connected (read-only)' : m.needs_reconnect ? 'access expired' : 'not connected'}
            </p>
          ))}
          <ConnectGmail>{s.connected ? 'Connect another Gmail account' : 'Connect Gmail'}</ConnectGmail>
        </>
      )}
    </section>
  );
}
