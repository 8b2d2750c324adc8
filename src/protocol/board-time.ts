/**
 * Board time is a claim: the host's receive clock is the judge (PROTOCOL.md section 3, "Board
 * time against the host's clock"). A FRAME's `ms` is the board's millis(), and a line that
 * passed its CRC (or was forged, or repeated by a flood) can still carry any time. Taken as
 * it comes, one frame three hours ahead makes every genuine frame after it "not newer" for
 * three hours, and a flood of frames with a running clock pushes the board's time ahead of
 * the host's by as much as it likes.
 *
 * So each boot's time line is anchored to the host's clock: board time may not run ahead
 * of the host's receive time by more than CLOCK_LEAD_MS (plus a crystal's drift, CLOCK_DRIFT
 * of the host time since the anchor). A frame further ahead is refused: counted, said, and
 * never the reference for the frames after it. Frames may come late (a host that stalled
 * reads a backlog), never early: a genuine frame is received after it was stamped.
 *
 * The anchor is the first frame the consumer trusts on a boot; every ANCHOR_WINDOW_MS of
 * host time it moves to the window's best-placed frame (least latency) if that one sits
 * lower, so the anchor only ever tightens: no run of frames can drag it ahead.
 *
 * If the anchor itself was wrong (a boot's first frames forged, a board whose clock really
 * jumped), the frames that are refused or dropped as old form a time line of their own: once
 * REANCHOR_AFTER_MS of host time of them agree with each other and with the host's clock,
 * with not one frame accepted meanwhile, the consumer follows them (a re-anchor, said).
 *
 * Pure and plain data (mutated in place), used by the link (`FrameOrder`) and by sensing's
 * plausibility step; both judge the same way.
 */

const HALF_RANGE = 0x8000_0000;
const RANGE = 0x1_0000_0000;

/** Board time may run this far ahead of the host's receive clock (latency varies; the anchor frame may have come late). */
export const CLOCK_LEAD_MS = 500;
/** ...plus this share of the host time since the anchor (a crystal or resonator runs a little fast). */
export const CLOCK_DRIFT = 0.001;
/** How often the anchor may tighten to the best-placed frame seen (host ms). */
export const ANCHOR_WINDOW_MS = 10_000;
/** A rival time line this long (host ms) with nothing accepted meanwhile is followed. */
export const REANCHOR_AFTER_MS = 1000;
/** ...and at least this many frames of it (half a second at 80 frames/s). */
export const REANCHOR_MIN_FRAMES = 40;

/** A frame's board time and the host time it was received at. */
export interface ClockPoint {
  readonly boardMs: number;
  readonly hostMs: number;
}

/** Signed distance from `from` to `to` on the board's uint32 clock. */
export const boardDeltaMs = (from: number, to: number): number => {
  const d = (to - from) >>> 0;
  return d >= HALF_RANGE ? d - RANGE : d;
};

/** Board time minus host time, measured from `anchor`: how much later than the anchor a frame was received (negative: earlier than possible). */
const lateness = (anchor: ClockPoint, p: ClockPoint): number => p.hostMs - anchor.hostMs - boardDeltaMs(anchor.boardMs, p.boardMs);

/**
 * How far `p`'s board time runs ahead of what the host clock allows since `anchor`, in ms
 * (> CLOCK_LEAD_MS: refused).
 */
export function leadOverHost(anchor: ClockPoint, p: ClockPoint): number {
  const hostSince = Math.max(0, p.hostMs - anchor.hostMs);
  return boardDeltaMs(anchor.boardMs, p.boardMs) - hostSince * (1 + CLOCK_DRIFT);
}

/** Frames that were not accepted and agree with each other: a time line that may be the true one. */
export interface RivalLine {
  readonly first: ClockPoint;
  last: ClockPoint;
  frames: number;
}

export interface BoardClock {
  /** Undefined until the consumer trusts a frame of this boot. */
  anchor: ClockPoint | undefined;
  /** The best-placed accepted frame of the current window (least latency), and when the window started. */
  best: ClockPoint | undefined;
  windowStartMs: number;
  rival: RivalLine | undefined;
}

export const createBoardClock = (): BoardClock => ({ anchor: undefined, best: undefined, windowStartMs: 0, rival: undefined });

/** A new boot: its clock starts afresh. */
export function resetBoardClock(c: BoardClock): void {
  c.anchor = undefined;
  c.best = undefined;
  c.windowStartMs = 0;
  c.rival = undefined;
}

/** How far ahead of the host's clock `p` runs (0 or less: it does not); 0 before the anchor. */
export const clockLead = (c: BoardClock, p: ClockPoint): number => (c.anchor ? leadOverHost(c.anchor, p) : 0);

/** True when `p`'s board time is further ahead of the host clock than any genuine frame can be. */
export const aheadOfHost = (c: BoardClock, p: ClockPoint): boolean => clockLead(c, p) > CLOCK_LEAD_MS;

/** The consumer accepted `p` (a frame it passes on): anchor it, or let the anchor tighten. */
export function noteAccepted(c: BoardClock, p: ClockPoint): void {
  c.rival = undefined;
  if (!c.anchor) {
    c.anchor = p;
    c.best = p;
    c.windowStartMs = p.hostMs;
    return;
  }
  if (!c.best || lateness(c.best, p) < 0) c.best = p;
  if (p.hostMs - c.windowStartMs < ANCHOR_WINDOW_MS) return;
  // The window's best frame sits lower than the anchor allows: the anchor moves down to it.
  if (c.best && leadOverHost(c.anchor, c.best) <= 0) c.anchor = c.best;
  c.best = p;
  c.windowStartMs = p.hostMs;
}

/**
 * The consumer did not accept `p` (ahead of the host clock, or not newer than its reference).
 * Returns true once such frames form a time line of their own that agrees with the host's
 * clock for REANCHOR_AFTER_MS: the consumer should follow it from `p` on (`reanchor`).
 */
export function noteRejected(c: BoardClock, p: ClockPoint): boolean {
  const r = c.rival;
  const continues =
    r !== undefined &&
    boardDeltaMs(r.last.boardMs, p.boardMs) > 0 &&
    leadOverHost(r.last, p) <= CLOCK_LEAD_MS &&
    leadOverHost(r.first, p) <= CLOCK_LEAD_MS &&
    // Not a backlog of old frames either: the line keeps up with the host's clock.
    lateness(r.first, p) <= CLOCK_LEAD_MS;
  if (!r || !continues) {
    c.rival = { first: p, last: p, frames: 1 };
    return false;
  }
  r.last = p;
  r.frames++;
  return r.frames >= REANCHOR_MIN_FRAMES && p.hostMs - r.first.hostMs >= REANCHOR_AFTER_MS;
}

/** Follows the rival time line from `p` on: the anchor is reset to it. */
export function reanchor(c: BoardClock, p: ClockPoint): void {
  resetBoardClock(c);
  noteAccepted(c, p);
}

/** A lead in words, for messages: `3 h 0 min`, `12.5 s`, `640 ms`. */
export function formatLead(ms: number): string {
  const a = Math.abs(ms);
  if (a >= 3_570_000) {
    const min = Math.round(a / 60_000);
    return `${Math.floor(min / 60)} h ${min % 60} min`;
  }
  if (a >= 59_500) {
    const sec = Math.round(a / 1000);
    return `${Math.floor(sec / 60)} min ${sec % 60} s`;
  }
  if (a >= 1000) return `${(a / 1000).toFixed(1)} s`;
  return `${Math.round(a)} ms`;
}
