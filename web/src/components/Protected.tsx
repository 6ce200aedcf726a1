import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ChangePassword } from '../routes/ChangePassword';
import { useSession } from '../session';

/**
 * The protected-page guard: "Loading..." while checking, then the page or "Authentication
 * Required"; an account that must change its password gets that form instead of the page.
 */
export function Protected({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading')
    return (
      <div className="center" role="status">
        <div className="spinner" aria-hidden="true" />
        <p>Loading...</p>
      </div>
    );
  if (status === 'unauthenticated')
    return (
      <div className="center card narrow">
        <h1>Authentication Required</h1>
        <p>Please log in to access this page.</p>
        <Link
          className="button"
          to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}
        >
          Go to Login
        </Link>
      </div>
    );
  if (user?.must_change_password) return <ChangePassword required />;
  return <>{children}</>;
}
