import { Link } from 'react-router';

/**
 * Where "Connect Gmail" lands when this server has no Google OAuth client: what to configure,
 * instead of a JSON error page. Public: it names settings, never their values.
 */
export function GmailSetup() {
  const origin = globalThis.location?.origin ?? 'http://127.0.0.1:8787';
  return (
    <main className="center">
      <div className="card">
        <h1>Gmail is not set up on this server yet</h1>
        <p>
          Connecting Gmail needs a Google OAuth client. An administrator creates one (Google Cloud console,
          “OAuth client ID”, type “Web application”) with this redirect URI:
        </p>
        <pre className="body-text">{`${origin}/api/rest/auth/google/callback`}</pre>
        <p>and then starts PhishGuard with:</p>
        <pre className="body-text">
          {`PHISHGUARD_GOOGLE_CLIENT_ID=…
PHISHGUARD_GOOGLE_CLIENT_SECRET=…
PHISHGUARD_GOOGLE_REDIRECT_URI=${origin}/api/rest/auth/google/callback
phishguard serve`}
        </pre>
        <p className="muted">
          PhishGuard asks Google for read-only access (gmail.readonly): it never sends, deletes or changes
          mail. Until then, import mail files (phishguard import FILE…) or add an IMAP mailbox (phishguard
          mailbox add imap).
        </p>
        <Link className="button" to="/dashboard">
          Back to the dashboard
        </Link>
      </div>
    </main>
  );
}
