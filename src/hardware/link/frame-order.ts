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
 * A frame this far ahead of the last one is not trusted as the new baseline on its own: a
 * damaged line that passes the CRC (about one in 65,536) could otherwise push the baseline
 * a minute ahead and make every genuine frame after it look old.
 */
export const MAX_TRUSTED_ADVANCE_MS = 1000;

/**
 * Remembers the last delivered frame time per boot id, so a frame replayed or repeated
 * across a reconnect is never delivered twice. A few boots are enough to remember.
 * A frame that jumps far ahead is delivered (the consumer's plausibility check judges it)
 * but becomes the baseline only when the next frame follows it.
 */
export class FrameOrder {
  readonly #lastMsByBoot = new Map<number, number>();
  #jump: { readonly bootId: number; readonly ms: number } | undefined;

  /** True (and remembered) when the frame is newer than everything delivered for its boot. */
  admit(bootId: number, ms: number): boolean {
    const last = this.#lastMsByBoot.get(bootId);
    if (last !== undefined && !isNewerMs(ms, last)) return false;
    const jump = this.#jump;
    this.#jump = undefined;
    const confirmsJump =
      jump !== undefined && jump.bootId === bootId && isNewerMs(ms, jump.ms) && (ms - jump.ms) >>> 0 <= MAX_TRUSTED_ADVANCE_MS;
    if (last !== undefined && (ms - last) >>> 0 > MAX_TRUSTED_ADVANCE_MS && !confirmsJump) {
      this.#jump = { bootId, ms };
      return true;
    }
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
