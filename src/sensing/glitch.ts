/**
 * Single-sample glitches: a reading its neighbours in time disagree with (an SCK edge missed
 * or doubled on the way in from the HX711 flips a bit of one conversion; the next reads
 * true again). Such a sample must never start or hold a press, a lift, an arrival or an
 * interference, nor stop zero tracking. Per channel (each well cell, and the pivots' sum),
 * in grams, before anything else sees the reading:
 *
 *   - a sample further than `glitchJumpG` from the last one let through is held back one
 *     fresh sample;
 *   - the next sample decides: back within `glitchJumpG` of the last one let through, and
 *     as far from the held one, the held sample was a glitch: it is dropped (counted), and
 *     the new one goes on; otherwise the held sample was real and goes on, with its own
 *     time, followed by the new one (itself held if it jumps again).
 *
 * Why this costs no latency: nothing is decided on a jump. A settled window has every
 * sample within ±settleBandG of its mean, so two consecutive samples of it differ by at
 * most 2 × settleBandG, the default `glitchJumpG`: a sample that jumps further cannot
 * complete a settled window (an arrival, a departure, a release), and by the time one can
 * complete, the held sample has gone on. What a jump delays by one frame is only what is
 * decided on a sample that jumped: the 8th frame of a press run, a pivot excess run's first
 * frame. A real one-frame spike (an impact) is dropped as a glitch, which no detector
 * misses: none of them decides on one frame.
 *
 * Plain typed arrays, no allocation per frame; the state clones with structuredClone.
 */

export interface GlitchBank {
  /** Last sample let through, per channel. */
  readonly last: Float64Array;
  /** The sample held back, and its board time. */
  readonly held: Float64Array;
  readonly heldAt: Float64Array;
  /** Per channel: bit 0 a sample has been let through since the last reset, bit 1 one is held. */
  readonly flags: Uint8Array;
  /** Glitches dropped, per channel. */
  readonly dropped: Uint32Array;
}

const HAS_LAST = 1;
const HOLDING = 2;

/** What to feed on after `despike`: nothing, the new sample, the held one then the new one, or the held one only (the new one held). */
export const FEED_NONE = 0;
export const FEED_NEW = 1;
export const FEED_HELD_AND_NEW = 2;
export const FEED_HELD = 3;
export type Feed = typeof FEED_NONE | typeof FEED_NEW | typeof FEED_HELD_AND_NEW | typeof FEED_HELD;

export const createGlitchBank = (channels: number): GlitchBank => ({
  last: new Float64Array(channels),
  held: new Float64Array(channels),
  heldAt: new Float64Array(channels),
  flags: new Uint8Array(channels),
  dropped: new Uint32Array(channels),
});

/**
 * One fresh sample of channel `c`. With FEED_HELD_AND_NEW or FEED_HELD the held sample to
 * feed first is `heldValue`/`heldTime` (read them before the next call on this channel).
 */
export function despike(bank: GlitchBank, c: number, value: number, atMs: number, jumpG: number, out: HeldSample): Feed {
  const flags = bank.flags[c] ?? 0;
  const last = bank.last[c] ?? 0;
  if (flags & HOLDING) {
    const held = bank.held[c] ?? 0;
    out.value = held;
    out.atMs = bank.heldAt[c] ?? atMs;
    if (Math.abs(value - last) <= jumpG && Math.abs(value - held) > jumpG) {
      bank.dropped[c] = (bank.dropped[c] ?? 0) + 1;
      bank.flags[c] = HAS_LAST;
      bank.last[c] = value;
      return FEED_NEW;
    }
    if (Math.abs(value - held) > jumpG) {
      // Moving fast (or a second glitch): the held one goes on, the new one waits its turn.
      bank.last[c] = held;
      bank.held[c] = value;
      bank.heldAt[c] = atMs;
      return FEED_HELD;
    }
    bank.flags[c] = HAS_LAST;
    bank.last[c] = value;
    return FEED_HELD_AND_NEW;
  }
  if (flags & HAS_LAST && Math.abs(value - last) > jumpG) {
    bank.flags[c] = HAS_LAST | HOLDING;
    bank.held[c] = value;
    bank.heldAt[c] = atMs;
    return FEED_NONE;
  }
  bank.flags[c] = HAS_LAST;
  bank.last[c] = value;
  return FEED_NEW;
}

/** The held sample `despike` lets go first. */
export interface HeldSample {
  value: number;
  atMs: number;
}

/** After a gap, or a cell out of use: the next sample is not consecutive with the last, so nothing is held against it. */
export const resetChannel = (bank: GlitchBank, c: number): void => {
  bank.flags[c] = 0;
};

export const resetGlitchBank = (bank: GlitchBank): void => {
  bank.flags.fill(0);
};
