import { Link } from 'react-router';

/** /forgot-password and /register: accounts and passwords are managed by an administrator. */
export function AdminOnly({ kind }: { kind: 'forgot' | 'register' }) {
  return (
    <main className="center">
      <div className="card narrow">
        <h1>{kind === 'forgot' ? 'Forgot your password?' : 'Need an account?'}</h1>
        <p>
          {kind === 'forgot'
            ? 'Passwords are reset by your PhishGuard administrator, who can run: phishguard user passwd YOUR-NAME.'
            : 'Accounts are created by your PhishGuard administrator (phishguard user add NAME). You can also sign in with Google if your administrator allowed your address.'}
        </p>
        <Link className="button" to="/login">
          Back to sign in
        </Link>
      </div>
    </main>
  );
}
