/**
 * Fault injection for the end-to-end tests and benches of the journal: an environment
 * variable makes the referee process kill itself (SIGKILL, no clean-up of any kind) at an
 * exact point, so a test reaches the narrow window between journaling a verdict and saying
 * it every time instead of by luck. Never set in normal use.
 */
import type { RefereeServiceHooks } from './referee-service.ts';

/**
 * SEQ or TYPE, comma separated: killed right after verdict SEQ of the match (or the first
 * verdict of that type, `match-over`) is on disk, before it is said.
 */
export const KILL_BEFORE_ANNOUNCING_ENV = 'SENRYAKU_TEST_KILL_BEFORE_ANNOUNCING';

export function faultHooksFromEnv(env: NodeJS.ProcessEnv = process.env): RefereeServiceHooks {
  const text = env[KILL_BEFORE_ANNOUNCING_ENV];
  if (!text) return {};
  const points = new Set(text.split(',').map((s) => s.trim()));
  return {
    beforeAnnouncing: (seq, verdict) => {
      if (points.has(String(seq)) || points.has(verdict.type)) process.kill(process.pid, 'SIGKILL');
    },
  };
}
