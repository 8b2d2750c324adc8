/**
 * Who is on a dashboard page: everyone is a spectator; a user of the settings with the
 * operator role who logs in gets a random session token in an HttpOnly, SameSite=Strict
 * cookie, and only that cookie makes a request an operator's. Passwords are checked against
 * the settings' scrypt hashes with the same verification as the MQTT users' (never stored).
 */
import { randomBytes } from 'node:crypto';
import { verifyPassword } from '../platform/password.ts';
import type { MqttUser } from '../settings/settings.ts';
import type { Role } from './protocol.ts';

export const SESSION_COOKIE = 'senryaku_session';
/** A session lasts a club night. */
const SESSION_MS = 12 * 60 * 60 * 1000;

export type WebUser = Pick<MqttUser, 'name' | 'role' | 'scrypt'>;

interface OperatorSession {
  readonly name: string;
  readonly expiresMs: number;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export class OperatorSessions {
  private readonly sessions = new Map<string, OperatorSession>();

  constructor(
    private readonly users: readonly WebUser[],
    private readonly now: () => number = Date.now,
  ) {}

  /** A new session's token for an operator whose password matches; undefined otherwise (who or why is not said). */
  async login(name: string, password: string): Promise<string | undefined> {
    const user = this.users.find((u) => u.name === name && u.role === 'operator');
    // A wrong name costs the same scrypt as a wrong password.
    const ok = await verifyPassword(password, user?.scrypt ?? DUMMY_HASH);
    if (!user || !ok) return undefined;
    const token = randomBytes(32).toString('base64url');
    this.sessions.set(token, { name: user.name, expiresMs: this.now() + SESSION_MS });
    return token;
  }

  logout(token: string | undefined): void {
    if (token) this.sessions.delete(token);
  }

  /** The operator a request's cookie header names, if its session is live. */
  operatorOf(cookieHeader: string | undefined): string | undefined {
    const token = cookieValue(cookieHeader, SESSION_COOKIE);
    const s = token ? this.sessions.get(token) : undefined;
    if (!s || !token) return undefined;
    if (s.expiresMs <= this.now()) {
      this.sessions.delete(token);
      return undefined;
    }
    return s.name;
  }

  roleOf(cookieHeader: string | undefined): Role {
    return this.operatorOf(cookieHeader) ? 'operator' : 'spectator';
  }

  clear(): void {
    this.sessions.clear();
  }
}

/** A well-formed hash of a random password: what a login of an unknown name is checked against. */
const DUMMY_HASH = 'scrypt$16384$8$1$c2Vucnlha3UtZGFzaGJvYXJk$3q2+7w3q2+7w3q2+7w3q2+7w3q2+7w3q2+7w3q2+7w0=';

export const sessionCookie = (token: string): string =>
  `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_MS / 1000}`;
export const clearedCookie = `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
