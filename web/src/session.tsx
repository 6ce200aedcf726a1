import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { call, client, NO_RETRY, refreshSession, setSessionLostHandler, type User } from './api';
import { useNotifications } from './notifications';

/** Section 4/9: token lifetime 3600 s, check every 60 s, refresh silently with under 300 s left. */
export const ACCESS_TTL_S = 3600;
export const CHECK_EVERY_MS = 60_000;
export const REFRESH_BELOW_S = 300;

type Status = 'loading' | 'authenticated' | 'unauthenticated';
interface Session {
  status: Status;
  user: User | null;
  expired: boolean;
  login(username: string, password: string): Promise<User>;
  logout(): Promise<void>;
  recheck(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * The session lives in httpOnly cookies the page cannot read; the page only knows who is signed
 * in and when the access token expires (from the login/refresh answers).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');
  const [user, setUser] = useState<User | null>(null);
  const [expired, setExpired] = useState(false);
  const expiresAt = useRef<number>(Date.now() + ACCESS_TTL_S * 1000);
  const queryClient = useQueryClient();
  const { notify, clear } = useNotifications();
  const navigate = useNavigate();

  // Only a session that existed has cached data to forget: a first visit without one must not
  // wipe what public pages (the landing figures) are showing.
  const signedOut = useCallback(
    (hadSession: boolean) => {
      setUser(null);
      setStatus('unauthenticated');
      if (hadSession) queryClient.clear();
    },
    [queryClient],
  );

  const recheck = useCallback(async () => {
    try {
      const me = await call(client.GET('/api/v1/auth/me'));
      setUser(me);
      setStatus('authenticated');
    } catch {
      signedOut(false);
    }
  }, [signedOut]);

  useEffect(() => {
    // A session lost while in use (refresh failed) goes to /login; a first visit without one is
    // left to the protected-page guard ("Authentication Required").
    setSessionLostHandler(() => {
      const wasSignedIn = status === 'authenticated';
      signedOut(wasSignedIn);
      if (!wasSignedIn) return;
      notify('warning', 'Session expired. Please log in again.', false);
      navigate(`/login?next=${encodeURIComponent(window.location.pathname)}`);
    });
  }, [notify, signedOut, status, navigate]);

  useEffect(() => {
    void recheck();
  }, [recheck]);

  useEffect(() => {
    if (status !== 'authenticated') return;
    const timer = setInterval(async () => {
      const left = (expiresAt.current - Date.now()) / 1000;
      if (left <= 0) {
        setExpired(true);
        notify('warning', 'Your session has expired. Please log in again.', false);
      } else if (left < REFRESH_BELOW_S) {
        const ok = await refreshSession();
        if (ok) expiresAt.current = Date.now() + ACCESS_TTL_S * 1000;
        else {
          setExpired(true);
          notify('warning', 'Your session has expired. Please log in again.', false);
        }
      }
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [status, notify]);

  const login = useCallback(async (username: string, password: string) => {
    // A form post, as the spec has it; the body is sent as application/x-www-form-urlencoded.
    const r = await call(
      client.POST('/api/auth/login', {
        body: { username, password },
        bodySerializer: () => new URLSearchParams({ username, password }),
        headers: { ...NO_RETRY.headers, 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expiresAt.current = Date.now() + r.expires_in * 1000;
    setExpired(false);
    setUser(r.user);
    setStatus('authenticated');
    return r.user;
  }, []);

  const logout = useCallback(async () => {
    await call(client.POST('/api/auth/logout', { ...NO_RETRY })).catch(() => undefined);
    clear();
    signedOut(true);
    sessionStorage.clear();
    navigate('/', { replace: true });
    notify('info', 'You have been logged out');
  }, [clear, notify, signedOut, navigate]);

  const value = useMemo(
    () => ({ status, user, expired, login, logout, recheck }),
    [status, user, expired, login, logout, recheck],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}
