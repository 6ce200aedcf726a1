import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PhishguardError } from '../errors.js';
import type { Store, UserRecord } from './ports.js';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,63}$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

/** A fixed hash to verify against when the user does not exist, so both paths cost the same. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(user: UserRecord | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const stored = user?.password_hash ?? (await dummyHash);
  try {
    const ok = await verify(stored, password);
    return ok && !!user && !user.disabled;
  } catch {
    return false;
  }
}

export function validateNewPassword(password: string): void {
  if (password.length < 8) throw new PhishguardError('VALIDATION', 'Password must be at least 8 characters');
  if (password.length > 1024) throw new PhishguardError('VALIDATION', 'Password is too long');
}

export async function createUser(
  store: Store,
  input: {
    username: string;
    password: string | null;
    isAdmin: boolean;
    email?: string | null;
    mustChangePassword?: boolean;
  },
): Promise<UserRecord> {
  if (!USERNAME.test(input.username))
    throw new PhishguardError('VALIDATION', 'Username must be 3-64 characters: letters, digits, . _ @ -');
  if (await store.users.byUsername(input.username))
    throw new PhishguardError('CONFLICT', `user ${input.username} already exists`);
  if (input.password !== null) validateNewPassword(input.password);
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  return await store.users.create({
    username: input.username,
    email: input.email ?? (input.username.includes('@') ? input.username : null),
    passwordHash,
    isAdmin: input.isAdmin,
    mustChangePassword: input.mustChangePassword ?? false,
  });
}

/** First run: an `admin` with a random password, returned once to be printed, stored only hashed. */
export async function ensureFirstAdmin(store: Store): Promise<{ username: string; password: string } | null> {
  if ((await store.users.count()) > 0) return null;
  const password = randomBytes(12).toString('base64url');
  try {
    await createUser(store, { username: 'admin', password, isAdmin: true, mustChangePassword: true });
  } catch (err) {
    // Daemons started together on one new database: the first creates the administrator.
    if ((await store.users.count()) > 0) return null;
    throw err;
  }
  await store.audit.add({
    userId: null,
    username: 'system',
    action: 'user.create',
    target: 'admin',
    detail: { reason: 'first run' },
  });
  return { username: 'admin', password };
}
