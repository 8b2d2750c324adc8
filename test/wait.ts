/**
 * Waiting in tests for something another process or a real-time stream does: a probe
 * checked every few ms, bounded by a timeout that guards against a hang (never a clock the
 * test measures).
 */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * The probe's first value that is neither undefined nor false; throws after `timeoutMs`, a
 * guard sized for a machine at load 6-13 (a few seconds idle can be ten times that there).
 */
export async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 45_000, everyMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}
