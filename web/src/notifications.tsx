import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type NoticeType = 'success' | 'error' | 'warning' | 'info';
export interface Notice {
  id: number;
  type: NoticeType;
  message: string;
  timestamp: number;
  autoHide: boolean;
  /** A button in the notice (e.g. Undo); pressing it dismisses the notice. */
  action?: { label: string; run: () => void };
}

/** Section 9: notifications hide after 5 s unless sticky; the error list keeps 10, each for 30 s. */
export const NOTICE_MS = 5000;
export const ERROR_KEEP = 10;
export const ERROR_MS = 30_000;

interface Ctx {
  notices: Notice[];
  errors: Notice[];
  notify(type: NoticeType, message: string, autoHide?: boolean, action?: Notice['action']): void;
  dismiss(id: number): void;
  clear(): void;
}

const NoticeContext = createContext<Ctx | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const [errors, setErrors] = useState<Notice[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setNotices((n) => n.filter((x) => x.id !== id)), []);
  const notify = useCallback(
    (type: NoticeType, message: string, autoHide = true, action?: Notice['action']) => {
      const n: Notice = { id: next.current++, type, message, timestamp: Date.now(), autoHide, action };
      setNotices((list) => [...list, n]);
      if (autoHide) setTimeout(() => dismiss(n.id), NOTICE_MS);
      if (type === 'error') {
        setErrors((list) => [...list, n].slice(-ERROR_KEEP));
        setTimeout(() => setErrors((list) => list.filter((x) => x.id !== n.id)), ERROR_MS);
      }
    },
    [dismiss],
  );
  const clear = useCallback(() => {
    setNotices([]);
    setErrors([]);
  }, []);
  const value = useMemo(
    () => ({ notices, errors, notify, dismiss, clear }),
    [notices, errors, notify, dismiss, clear],
  );
  return <NoticeContext.Provider value={value}>{children}</NoticeContext.Provider>;
}

export function useNotifications(): Ctx {
  const c = useContext(NoticeContext);
  if (!c) throw new Error('useNotifications outside NotificationProvider');
  return c;
}

export function NotificationArea() {
  const { notices, dismiss } = useNotifications();
  return (
    <div className="notices" role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className={`notice notice-${n.type}`} data-testid={`notice-${n.type}`}>
          <span>{n.message}</span>
          {n.action && (
            <button
              type="button"
              className="notice-action"
              onClick={() => {
                n.action?.run();
                dismiss(n.id);
              }}
            >
              {n.action.label}
            </button>
          )}
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
