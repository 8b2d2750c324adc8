/**
 * What the dashboard says to a person (a page dropped for falling behind, a login that must
 * wait), at most once a minute for each kind: a flood is one line a minute, with its count.
 */

import type { WaitBegun } from './login-throttle.ts';
import type { DroppedPage } from './page-clients.ts';

/** A kind of notice is said at most this often. */
export const SAY_EVERY_MS = 60_000;

export class SparseNotices {
  private readonly lastSaid = new Map<string, { ms: number; unsaid: number }>();

  constructor(
    private readonly now: () => number,
    private readonly say: (level: 'info' | 'warn', message: string) => void,
  ) {}

  /** `text` gets how many of this kind came since it was last said (this one included). */
  notice(kind: string, level: 'info' | 'warn', text: (count: number) => string): void {
    const now = this.now();
    const last = this.lastSaid.get(kind) ?? { ms: -Infinity, unsaid: 0 };
    last.unsaid++;
    this.lastSaid.set(kind, last);
    if (now - last.ms < SAY_EVERY_MS) return;
    const message = text(last.unsaid);
    last.ms = now;
    last.unsaid = 0;
    this.say(level, message);
  }
}

/** A page dropped for falling behind (`n` dropped since the last time it was said). */
export const droppedPageText =
  (d: DroppedPage) =>
  (n: number): string =>
    `dashboard: ${n > 1 ? `${n} pages were` : `a page (${d.role}${d.address ? ` at ${d.address}` : ''}) was`} dropped for falling ${Math.round(d.behindBytes / 1024)} KiB behind what it was sent (it may connect again)`;

/** Failed logins that now make the next one wait (`n` such waits since the last time it was said). */
export const loginWaitText =
  (w: WaitBegun) =>
  (n: number): string =>
    `dashboard: ${w.failures} failed logins ${w.who === 'address' ? `from ${w.key}` : `as ${JSON.stringify(w.key)}`}: the next must wait ${Math.ceil(w.waitMs / 1000)} s` +
    (n > 1 ? ` (${n} such waits began in the last minute)` : '');
