import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session';

/** The protected-page guard: "Loading..." while checking, then the page or "Authentication Required". */
export function Protected({ children }: { children: ReactNode }) {
  const { status } = useSession();
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
  return <>{children}</>;
}
