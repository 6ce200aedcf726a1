import type { ReactNode } from 'react';

/**
 * Starts Google sign-in (a full navigation: the daemon redirects to Google, or to /gmail-setup
 * when this server has no OAuth client).
 */
export function ConnectGmail({ children = 'Connect Gmail' }: { children?: ReactNode }) {
  return (
    <button type="button" className="button" onClick={() => window.location.assign('/api/rest/auth/google')}>
      {children}
    </button>
  );
}
