import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { ApiError } from './api';
import { NotificationArea, NotificationProvider } from './notifications';
import { SessionProvider } from './session';
import { Protected } from './components/Protected';
import { Landing } from './routes/Landing';
import { Login } from './routes/Login';
import { Connected } from './routes/Connected';
import { AdminOnly } from './routes/AdminOnly';
import './styles.css';

/**
 * Screens past the first one load on demand: the landing and sign-in screens ship in the entry
 * chunk, each signed-in screen is its own chunk (the initial JS budget is 200 KB gzipped).
 */
function page<M>(load: () => Promise<M>, name: keyof M, signedIn = true): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Screen = (await load())[name] as ComponentType;
      return {
        element: signedIn ? (
          <Protected>
            <Screen />
          </Protected>
        ) : (
          <Screen />
        ),
      };
    },
  };
}

/** Section 9: fresh 300 s, kept 600 s, 3 retries backing off from 1 s doubling to 30 s, never on 401/403 (nor other 4xx). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 300_000,
      gcTime: 600_000,
      // A client error (a 401/403, a search the server refused) will not change on a retry.
      retry: (count, err) =>
        !(
          err instanceof ApiError &&
          err.status >= 400 &&
          err.status < 500 &&
          ![408, 429].includes(err.status)
        ) && count < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      refetchOnWindowFocus: false,
    },
  },
});

function Shell() {
  return (
    <NotificationProvider>
      <SessionProvider>
        <NotificationArea />
        <Outlet />
      </SessionProvider>
    </NotificationProvider>
  );
}

// No errorElement: React Router's default error page ("Unexpected Application Error!") is the spec's.
const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: '/', element: <Landing /> },
      { path: '/login', element: <Login /> },
      { path: '/connected', element: <Connected /> },
      { path: '/oauth-test', ...page(() => import('./routes/OAuthTest'), 'OAuthTest', false) },
      { path: '/gmail-setup', ...page(() => import('./routes/GmailSetup'), 'GmailSetup', false) },
      { path: '/forgot-password', element: <AdminOnly kind="forgot" /> },
      { path: '/register', element: <AdminOnly kind="register" /> },
      { path: '/dashboard', ...page(() => import('./routes/Dashboard'), 'Dashboard') },
      { path: '/senders', ...page(() => import('./routes/Senders'), 'Senders') },
      { path: '/settings', ...page(() => import('./routes/Settings'), 'Settings') },
      { path: '/messages/:id', ...page(() => import('./routes/Message'), 'Message') },
      { path: '/emails', ...page(() => import('./routes/Emails'), 'Emails') },
      { path: '/test', ...page(() => import('./routes/TestEmail'), 'TestEmail') },
      { path: '/link-analysis', ...page(() => import('./routes/LinkAnalysis'), 'LinkAnalysis') },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
