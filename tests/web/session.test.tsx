// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationArea, NotificationProvider } from '../../web/src/notifications';
import { CHECK_EVERY_MS, SessionProvider, useSession } from '../../web/src/session';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Probe() {
  const s = useSession();
  return (
    <button type="button" onClick={() => void s.login('alice', 'alice-password')}>
      {s.status}
    </button>
  );
}

/** Section 4: expiry checked every 60 s; a silent refresh with under 300 s left; a warning when it fails. */
describe('session timers', () => {
  it('refreshes silently once under 300 s remain, and warns when the refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls: string[] = [];
    let refreshOk = true;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      // The typed client sends absolute URLs; the refresh call sends a path.
      const url = input.startsWith('/') ? input : new URL(input).pathname;
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/v1/auth/me') return json(401, { detail: 'Not authenticated' });
      if (url === '/api/auth/refresh')
        return refreshOk && calls.some((c) => c.includes('/api/auth/login'))
          ? json(200, { access_token: 'x', expires_in: 3600 })
          : json(401, { detail: 'no' });
      if (url === '/api/auth/login')
        return json(200, {
          user: { id: 1, username: 'alice', email: null, name: 'alice', is_admin: false },
          expires_in: 400,
        });
      return json(404, {});
    });
    const router = createMemoryRouter([
      {
        path: '*',
        element: (
          <NotificationProvider>
            <SessionProvider>
              <NotificationArea />
              <Probe />
            </SessionProvider>
          </NotificationProvider>
        ),
      },
    ]);
    const view = render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(view.getByRole('button').textContent).toBe('unauthenticated'));
    await act(async () => view.getByRole('button').click());
    await vi.waitFor(() => expect(view.getByRole('button').textContent).toBe('authenticated'));
    const refreshesBefore = calls.filter((c) => c === 'POST /api/auth/refresh').length;
    // 400 s of life: the first 60 s check sees 340 s left (no refresh), the second 280 s (refresh).
    await act(async () => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    expect(calls.filter((c) => c === 'POST /api/auth/refresh').length).toBe(refreshesBefore);
    await act(async () => vi.advanceTimersByTimeAsync(CHECK_EVERY_MS));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c === 'POST /api/auth/refresh').length).toBe(refreshesBefore + 1),
    );
    // Refreshed to a full hour; now make refreshing fail and run the clock to the next window.
    refreshOk = false;
    await act(async () => vi.advanceTimersByTimeAsync(56 * CHECK_EVERY_MS));
    await vi.waitFor(() =>
      expect(view.getByText('Your session has expired. Please log in again.')).toBeTruthy(),
    );
  });
});
