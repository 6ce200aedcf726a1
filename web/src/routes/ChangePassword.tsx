import { useState, type FormEvent } from 'react';
import { ApiError, call, client } from '../api';
import { useNotifications } from '../notifications';
import { useSession } from '../session';

type Field = 'current' | 'next' | 'confirm';

/**
 * Choosing a new password. Shown instead of every signed-in page while the account must change
 * its temporary password (the first-run administrator's); the server refuses everything else
 * until then.
 */
export function ChangePassword({
  required = false,
  embedded = false,
}: {
  required?: boolean;
  embedded?: boolean;
}) {
  const { recheck, user } = useSession();
  const { notify } = useNotifications();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e: Partial<Record<Field, string>> = {};
    if (!current) e.current = 'Enter your current password';
    if (next.length < 8) e.next = 'Password must be at least 8 characters';
    else if (next === current) e.next = 'Choose a password different from the current one';
    if (confirm !== next) e.confirm = 'The passwords do not match';
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      await call(
        client.POST('/api/auth/password', { body: { current_password: current, new_password: next } }),
      );
      notify('success', 'Password changed; your other sessions were signed out');
      await recheck();
    } catch (err) {
      if (err instanceof ApiError && err.issues.some((i) => i.field === 'current_password'))
        setErrors({ current: 'Current password is incorrect' });
      else notify('error', err instanceof Error ? err.message : 'Could not change the password', false);
    } finally {
      setBusy(false);
    }
  };

  const field = (id: Field, label: string, value: string, set: (v: string) => void, auto: string) => (
    <>
      <label htmlFor={`pw-${id}`}>{label}</label>
      <input
        id={`pw-${id}`}
        type="password"
        autoComplete={auto}
        value={value}
        aria-invalid={!!errors[id]}
        aria-describedby={`pw-${id}-error`}
        onChange={(ev) => {
          set(ev.target.value);
          setErrors((x) => ({ ...x, [id]: undefined }));
        }}
      />
      {errors[id] && (
        <p className="field-error" id={`pw-${id}-error`}>
          {errors[id]}
        </p>
      )}
    </>
  );

  const Heading = embedded ? 'h2' : 'h1';
  const form = (
    <form className="card narrow" onSubmit={submit} noValidate aria-label="Change password">
      <Heading>{embedded ? 'Password' : 'Choose a new password'}</Heading>
      {required && (
        <p>
          {user?.username ?? 'This account'} still has the temporary password it was created with. Choose your
          own before going on.
        </p>
      )}
      {field('current', 'Current password', current, setCurrent, 'current-password')}
      {field('next', 'New password (at least 8 characters)', next, setNext, 'new-password')}
      {field('confirm', 'New password again', confirm, setConfirm, 'new-password')}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
  return embedded ? form : <main className="center">{form}</main>;
}
