import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../session';

/** Section 9: the success page redirects after 3 s, and says so. */
export const CONNECTED_REDIRECT_S = 3;

export function Connected() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { recheck } = useSession();
  const success = params.get('oauth_success') === 'true';
  const email = params.get('email');
  const error = params.get('oauth_error');
  const [state, setState] = useState<'loading' | 'success' | 'error'>('loading');
  const [left, setLeft] = useState(CONNECTED_REDIRECT_S);

  useEffect(() => {
    if (error || !success || !email) return setState('error');
    void recheck().then(() => setState('success'));
  }, [error, success, email, recheck]);

  useEffect(() => {
    if (state !== 'success') return;
    const t = setInterval(() => setLeft((s) => s - 1), 1000);
    const go = setTimeout(() => navigate('/dashboard'), CONNECTED_REDIRECT_S * 1000);
    return () => {
      clearInterval(t);
      clearTimeout(go);
    };
  }, [state, navigate]);

  if (state === 'loading')
    return (
      <main className="center" role="status">
        <div className="spinner" aria-hidden="true" />
        <p>Finishing your Gmail connection…</p>
      </main>
    );
  if (state === 'error')
    return (
      <main className="center">
        <div className="card narrow">
          <h1>Connection Failed</h1>
          <p className="error-text">
            {error
              ? `OAuth error: ${error}`
              : 'No OAuth success parameters found. Please try connecting again.'}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                sessionStorage.clear();
                navigate('/');
              }}
            >
              Try Again
            </button>
            <button type="button" className="secondary" onClick={() => navigate('/')}>
              Back to Home
            </button>
          </div>
        </div>
      </main>
    );
  return (
    <main className="center">
      <div className="card">
        <h1>Welcome! {email} is connected</h1>
        <div className="features">
          <div className="feature">
            <h2>Risk scores</h2>
            <p>Every message scored out of 100.</p>
          </div>
          <div className="feature">
            <h2>Evidence</h2>
            <p>The indicators behind each score.</p>
          </div>
          <div className="feature">
            <h2>Link analysis</h2>
            <p>Redirects, cloaking and TLS checked safely.</p>
          </div>
          <div className="feature">
            <h2>Read-only</h2>
            <p>Nothing is sent, deleted or changed.</p>
          </div>
        </div>
        <button type="button" className="button" onClick={() => navigate('/emails')}>
          Analyse my emails
        </button>
        <p className="muted" data-testid="redirect-note">
          Redirecting to your dashboard in {Math.max(left, 0)} second{left === 1 ? '' : 's'}…
        </p>
      </div>
    </main>
  );
}
