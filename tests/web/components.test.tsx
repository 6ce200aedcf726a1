// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RiskBadge, statusColour, threatColour, tlsLabel } from '../../web/src/components/Risk';
import { validateLogin } from '../../web/src/routes/Login';
import { validateUrl } from '../../web/src/routes/LinkAnalysis';
import {
  ERROR_KEEP,
  NotificationArea,
  NotificationProvider,
  NOTICE_MS,
  useNotifications,
} from '../../web/src/notifications';

afterEach(cleanup);

describe('web components and rules', () => {
  it('styles risk badges per level, grey for anything else', () => {
    render(
      <>
        {['HIGH', 'MEDIUM', 'LOW', 'SAFE', 'WHAT'].map((l) => (
          <RiskBadge key={l} level={l} />
        ))}
      </>,
    );
    expect(screen.getAllByTestId('risk-badge').map((b) => b.className)).toEqual([
      'badge risk-high',
      'badge risk-medium',
      'badge risk-low',
      'badge risk-safe',
      'badge risk-unknown',
    ]);
  });

  it('maps threat scores, hop statuses and TLS states as section 4 says', () => {
    expect([0.85, 0.6, 0.3, 0.29].map(threatColour)).toEqual(['red', 'orange', 'yellow', 'green']);
    expect([200, 301, 404, 500, null].map(statusColour)).toEqual(['green', 'blue', 'orange', 'red', 'red']);
    expect(tlsLabel(null)).toBe('No TLS');
    expect(tlsLabel({ is_valid: true, is_expired: false, hostname_matches: true })).toBe('Valid TLS');
    expect(tlsLabel({ is_valid: true, is_expired: false, hostname_matches: false })).toBe('Invalid TLS');
  });

  it('validates login and URLs with the spec messages', () => {
    expect(validateLogin('', '')).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(validateLogin('ab', '12345')).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect(validateLogin('alice', 'secret')).toEqual({});
    expect(validateUrl(' ')).toBe('Please enter a URL to analyze');
    expect(validateUrl('javascript:alert(1)')).toBe('Please enter a valid HTTP or HTTPS URL');
    expect(validateUrl('https://example.com/x')).toBeNull();
  });

  it('hides notifications after 5 s unless sticky, and keeps at most 10 errors', () => {
    vi.useFakeTimers();
    let api: ReturnType<typeof useNotifications> | null = null;
    const Grab = () => {
      api = useNotifications();
      return null;
    };
    render(
      <NotificationProvider>
        <Grab />
        <NotificationArea />
      </NotificationProvider>,
    );
    const n = () => api as unknown as ReturnType<typeof useNotifications>;
    act(() => {
      n().notify('info', 'passing');
      n().notify('warning', 'sticky', false);
    });
    expect(screen.getByText('passing')).toBeTruthy();
    act(() => vi.advanceTimersByTime(NOTICE_MS + 10));
    expect(screen.queryByText('passing')).toBeNull();
    expect(screen.getByText('sticky')).toBeTruthy();
    act(() => {
      for (let i = 0; i < 12; i++) n().notify('error', `e${i}`);
    });
    expect(n().errors).toHaveLength(ERROR_KEEP);
    act(() => vi.advanceTimersByTime(30_001));
    expect(n().errors).toHaveLength(0);
    vi.useRealTimers();
  });
});
