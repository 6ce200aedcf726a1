import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** Debug page: backend health, OAuth configuration (no secrets), start the flow, with a log. */
export function OAuthTest() {
  const [log, setLog] = useState<string[]>([]);
  const [params] = useSearchParams();
  const add = (line: string) => setLog((l) => [...l, `${new Date().toLocaleTimeString()}  ${line}`]);
  const probe = async (path: string) => {
    add(`GET ${path}`);
    try {
      const r = await fetch(path, { credentials: 'same-origin' });
      add(`${r.status} ${await r.text()}`);
    } catch (err) {
      add(`failed: ${(err as Error).message}`);
    }
  };
  return (
    <main className="page">
      <h1>OAuth test</h1>
      <div className="actions">
        <button type="button" className="button" onClick={() => void probe('/health')}>
          Test backend health
        </button>
        <button type="button" className="button" onClick={() => void probe('/api/test-oauth')}>
          Test OAuth configuration
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            add('navigating to /api/test/auth/google');
            window.location.assign('/api/test/auth/google');
          }}
        >
          Start OAuth flow
        </button>
      </div>
      <h2>Log</h2>
      <pre className="log" data-testid="oauth-log" aria-live="polite">
        {log.join('\n') || 'Nothing yet.'}
      </pre>
      <h2>Instructions</h2>
      <ol>
        <li>Test backend health: the daemon and its database answer.</li>
        <li>Test OAuth configuration: shows which Google settings are present (never their values).</li>
        <li>Start the OAuth flow: signs in with Google and comes back to /connected.</li>
      </ol>
      <h2>URL parameters</h2>
      <pre className="log" data-testid="url-params">
        {[...params.entries()].map(([k, v]) => `${k} = ${v}`).join('\n') || '(none)'}
      </pre>
    </main>
  );
}
