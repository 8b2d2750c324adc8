/**
 * Which frames the link passes on: each one newer than everything delivered for its boot,
 * and each one's board time borne out by the host's receive clock (src/protocol/board-time.ts).
 *
 * Board timestamps are uint32 millis() that wrap after ~49.7 days, so "newer" is decided
 * modulo 2^32: b is newer than a when it is ahead by less than half the range.
 */
import {
  aheadOfHost,
  clockLead,
  createBoardClock,
  noteAccepted,
  noteRejected,
  reanchor,
  type BoardClock,
} from '../../protocol/board-time.ts';

const HALF_RANGE = 0x8000_0000;

export const isNewerMs = (candidate: number, last: number): boolean => {
  const ahead = (candidate - last) >>> 0;
  return ahead !== 0 && ahead < HALF_RANGE;
};

/**
 * - `new`: deliver it.
 * - `old`: not newer than the last delivered frame of its boot (a repeat after a reconnect).
 * - `ahead`: its board time runs further ahead of the host's clock than any genuine frame's
 *   can (a damaged or forged line, a flood with a running clock): refused, never a baseline.
 * - `soon`: less than half a frame period after the last delivered frame (a flood).
 * - `reanchored`: delivered, and the boot's time line follows it from now on: the frames
 *   refused or dropped as old for a second agreed with each other and with the host's clock.
 */
export type FrameFate = 'new' | 'old' | 'ahead' | 'soon' | 'reanchored';

interface BootTime {
  lastMs: number | undefined;
  readonly clock: BoardClock;
}

/** A few boots are enough to remember. */
const BOOTS_KEPT = 8;

export class FrameOrder {
  readonly #boots = new Map<number, BootTime>();
  /** Frames closer than this on the board's clock are a flood (half the sample period; 0: no check). */
  #minSpacingMs: number;
  /** How far ahead of the host's clock the last refused frame ran. */
  lastLeadMs = 0;

  constructor(periodMs = 0) {
    this.#minSpacingMs = periodMs / 2;
  }

  /** The frame period the board was configured for. */
  setPeriod(periodMs: number): void {
    this.#minSpacingMs = periodMs / 2;
  }

  /** Judges a frame of `bootId` stamped `ms`, received at host time `hostMs`. */
  admit(bootId: number, ms: number, hostMs: number): FrameFate {
    const boot = this.#boot(bootId);
    const at = { boardMs: ms, hostMs };
    if (aheadOfHost(boot.clock, at)) {
      this.lastLeadMs = clockLead(boot.clock, at);
      return this.#rival(boot, ms, hostMs) ? 'reanchored' : 'ahead';
    }
    const last = boot.lastMs;
    if (last !== undefined && !isNewerMs(ms, last)) return this.#rival(boot, ms, hostMs) ? 'reanchored' : 'old';
    if (last !== undefined && (ms - last) >>> 0 < this.#minSpacingMs) return 'soon';
    boot.lastMs = ms;
    noteAccepted(boot.clock, at);
    return 'new';
  }

  lastMs(bootId: number): number | undefined {
    return this.#boots.get(bootId)?.lastMs;
  }

  /** A refused or old frame: does the time line of such frames now hold? Then it is followed. */
  #rival(boot: BootTime, ms: number, hostMs: number): boolean {
    if (!noteRejected(boot.clock, { boardMs: ms, hostMs })) return false;
    reanchor(boot.clock, { boardMs: ms, hostMs });
    boot.lastMs = ms;
    return true;
  }

  #boot(bootId: number): BootTime {
    let boot = this.#boots.get(bootId);
    if (boot) {
      this.#boots.delete(bootId);
    } else {
      boot = { lastMs: undefined, clock: createBoardClock() };
      if (this.#boots.size >= BOOTS_KEPT) {
        const oldest = this.#boots.keys().next().value;
        if (oldest !== undefined) this.#boots.delete(oldest);
      }
    }
    this.#boots.set(bootId, boot); // most recently used last
    return boot;
  }
}
