import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { ApiError } from './api';
import { NotificationArea, NotificationProvider } from './notifications';
import { SessionProvider } from './session';
import { Protected } from './components/Protected';
import { Landing } from './routes/Landing';
import { Login } from './routes/Login';
import { Connected } from './routes/Connected';
import { OAuthTest } from './routes/OAuthTest';
import { Dashboard } from './routes/Dashboard';
import { Emails } from './routes/Emails';
import { Message } from './routes/Message';
import { GmailSetup } from './routes/GmailSetup';
import { Settings } from './routes/Settings';
import { Senders } from './routes/Senders';
import { TestEmail } from './routes/TestEmail';
import { LinkAnalysis } from './routes/LinkAnalysis';
import { AdminOnly } from './routes/AdminOnly';
import './styles.css';

/** Section 9: fresh 300 s, kept 600 s, 3 retries backing off from 1 s doubling to 30 s, never on 401/403. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 300_000,
      gcTime: 600_000,
      retry: (count, err) =>
        !(err instanceof ApiError && (err.status === 401 || err.status === 403)) && count < 3,
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
      { path: '/oauth-test', element: <OAuthTest /> },
      { path: '/gmail-setup', element: <GmailSetup /> },
      { path: '/forgot-password', element: <AdminOnly kind="forgot" /> },
      { path: '/register', element: <AdminOnly kind="register" /> },
      {
        path: '/dashboard',
        element: (
          <Protected>
            <Dashboard />
          </Protected>
        ),
      },
      {
        path: '/senders',
        element: (
          <Protected>
            <Senders />
          </Protected>
        ),
      },
      {
        path: '/settings',
        element: (
          <Protected>
            <Settings />
          </Protected>
        ),
      },
      {
        path: '/messages/:id',
        element: (
          <Protected>
            <Message />
          </Protected>
        ),
      },
      {
        path: '/emails',
        element: (
          <Protected>
            <Emails />
          </Protected>
        ),
      },
      {
        path: '/test',
        element: (
          <Protected>
            <TestEmail />
          </Protected>
        ),
      },
      {
        path: '/link-analysis',
        element: (
          <Protected>
            <LinkAnalysis />
          </Protected>
        ),
      },
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
