import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api';
import { useNotifications } from '../notifications';
import { useSession } from '../session';

type Errors = Partial<Record<'username' | 'password', string>>;

/** Section 5's rules and messages. */
export function validateLogin(username: string, password: string): Errors {
  const e: Errors = {};
  if (!username.trim()) e.username = 'Username is required';
  else if (username.trim().length < 3) e.username = 'Username must be at least 3 characters';
  if (!password) e.password = 'Password is required';
  else if (password.length < 6) e.password = 'Password must be at least 6 characters';
  return e;
}

export function Login() {
  const { status, login } = useSession();
  const { notify } = useNotifications();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/dashboard';
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  if (status === 'authenticated' && !busy) return <Navigate to={target} replace />;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = validateLogin(username, password);
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const user = await login(username.trim(), password);
      if (remember) localStorage.setItem('pg_last_username', username.trim());
      notify('success', `Welcome back, ${user.name}!`);
      navigate(target, { replace: true });
    } catch (err) {
      notify(
        'error',
        err instanceof ApiError ? err.message : err instanceof Error ? err.message : 'Login failed',
        false,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="center">
      <form className="card narrow" onSubmit={submit} noValidate aria-label="Sign in">
        <h1>Sign in to PhishGuard</h1>
        <label htmlFor="username">Username</label>
        <input
          id="username"
          autoComplete="username"
          value={username}
          aria-invalid={!!errors.username}
          aria-describedby="username-error"
          onChange={(e) => {
            setUsername(e.target.value);
            setErrors((x) => ({ ...x, username: undefined }));
          }}
        />
        {errors.username && (
          <p className="field-error" id="username-error">
            {errors.username}
          </p>
        )}
        <label htmlFor="password">Password</label>
        <div className="row">
          <input
            id="password"
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            aria-invalid={!!errors.password}
            aria-describedby="password-error"
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
          />
          <button type="button" className="secondary" onClick={() => setShow((s) => !s)} aria-pressed={show}>
            {show ? 'Hide' : 'Show'}
          </button>
        </div>
        {errors.password && (
          <p className="field-error" id="password-error">
            {errors.password}
          </p>
        )}
        <label className="check">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />{' '}
          Remember me
        </label>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="links">
          <Link to="/forgot-password">Forgot password?</Link> ·{' '}
          <Link to="/register">Contact your administrator</Link>
        </p>
        <button type="button" className="secondary" onClick={() => window.location.assign('/auth/start')}>
          Connect Gmail for Protection
        </button>
      </form>
    </main>
  );
}
