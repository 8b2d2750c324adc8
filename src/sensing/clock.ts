/**
 * Board time. FRAME and TILT carry the board's millis() as uint32, which wraps after
 * 49.7 days; events need one growing time line, so each timestamp is placed relative to
 * the previous one by its signed difference modulo 2^32 (a TILT line may carry a time a
 * little after the next FRAME's, which started sampling earlier).
 */
export interface BoardClock {
  started: boolean;
  lastRaw: number;
  lastMs: number;
}

export const createClock = (): BoardClock => ({ started: false, lastRaw: 0, lastMs: 0 });

export function unwrapMs(clock: BoardClock, raw: number): number {
  if (!clock.started) {
    clock.started = true;
    clock.lastRaw = raw;
    clock.lastMs = raw;
    return raw;
  }
  let d = (raw - clock.lastRaw) % 0x1_0000_0000;
  if (d < 0) d += 0x1_0000_0000;
  if (d >= 0x8000_0000) d -= 0x1_0000_0000;
  clock.lastRaw = raw;
  clock.lastMs += d;
  return clock.lastMs;
}
