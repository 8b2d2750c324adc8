/**
 * Board timestamps are uint32 millis() that wrap after ~49.7 days, so "newer" is decided
 * modulo 2^32: b is newer than a when it is ahead by less than half the range.
 */
const HALF_RANGE = 0x8000_0000;

export const isNewerMs = (candidate: number, last: number): boolean => {
  const ahead = (candidate - last) >>> 0;
  return ahead !== 0 && ahead < HALF_RANGE;
};

/**
 * Remembers the last delivered frame time per boot id, so a frame replayed or repeated
 * across a reconnect is never delivered twice. A few boots are enough to remember.
 */
export class FrameOrder {
  readonly #lastMsByBoot = new Map<number, number>();

  /** True (and remembered) when the frame is newer than everything delivered for its boot. */
  admit(bootId: number, ms: number): boolean {
    const last = this.#lastMsByBoot.get(bootId);
    if (last !== undefined && !isNewerMs(ms, last)) return false;
    this.#lastMsByBoot.delete(bootId);
    this.#lastMsByBoot.set(bootId, ms);
    if (this.#lastMsByBoot.size > 8) {
      const oldest = this.#lastMsByBoot.keys().next().value;
      if (oldest !== undefined) this.#lastMsByBoot.delete(oldest);
    }
    return true;
  }

  lastMs(bootId: number): number | undefined {
    return this.#lastMsByBoot.get(bootId);
  }
}
