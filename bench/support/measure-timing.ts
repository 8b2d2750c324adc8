/**
 * Timing of the real firmware over a stretch of simulated time, from the harness's events:
 * when each period's HX711 read began (the frame's `ms` stamp) and how long it took, when
 * each FRAME's first byte left the UART, whether every HX711 conversion was read, and how
 * much RAM the stack never touched. Used by test/firmware-sim/timing.test.ts and
 * bench/firmware.ts (README "Measured").
 */
import type { FirmwareBoard } from '../../src/hardware/avr/firmware-board.ts';

export interface Spread {
  readonly count: number;
  readonly mean: number;
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

export interface FirmwareTiming {
  /** Between the starts of consecutive HX711 reads, ms. */
  readonly samplingPeriodMs: Spread;
  /** Sampling periods more than 0.2 ms off 12.5 ms. */
  readonly samplingOff: number;
  /** Between consecutive FRAME lines leaving the UART, ms. */
  readonly wirePeriodMs: Spread;
  /** One read of the whole bank (first to last SCK edge), µs. */
  readonly readUs: Spread;
  readonly conversions: number;
  readonly reads: number;
  readonly missed: number;
  readonly stackPeakBytes: number;
  readonly neverUsedBytes: number;
}

export const spreadOf = (xs: readonly number[]): Spread => {
  const count = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, count);
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, count));
  return { count, mean, sd, min: Math.min(...xs), max: Math.max(...xs) };
};

const gaps = (xs: readonly number[], scale: number): number[] => xs.slice(1).map((x, i) => (x - (xs[i] as number)) / scale);

/**
 * Runs `seconds` of simulated time on a streaming board; `everySecond` runs at each
 * simulated second (a referee's LED update, say), so its cost is in the figures.
 */
export async function measureFirmwareTiming(
  board: FirmwareBoard,
  seconds: number,
  everySecond: (s: number) => void = () => undefined,
): Promise<FirmwareTiming> {
  const frameOut: number[] = [];
  const readStarts: number[] = [];
  const readUs: number[] = [];
  const off = board.onEvent((e) => {
    if (e.type === 'frameOut') frameOut.push(e.us);
    if (e.type === 'burst') {
      readStarts.push(e.startUs);
      readUs.push(e.durationUs);
    }
  });
  try {
    const before = await board.hx711();
    const startUs = await board.nowUs();
    for (let s = 1; s <= seconds; s++) {
      await board.untilUs(startUs + s * 1_000_000, 60_000);
      everySecond(s);
    }
    const after = await board.hx711();
    const stack = await board.stack();
    const sampling = gaps(readStarts, 1000);
    return {
      samplingPeriodMs: spreadOf(sampling),
      samplingOff: sampling.filter((ms) => Math.abs(ms - 12.5) > 0.2).length,
      wirePeriodMs: spreadOf(gaps(frameOut, 1000)),
      readUs: spreadOf(readUs),
      conversions: after.conversions - before.conversions,
      reads: after.reads - before.reads,
      missed: after.missed - before.missed,
      stackPeakBytes: stack.peakBytes,
      neverUsedBytes: stack.neverUsedBytes,
    };
  } finally {
    off();
  }
}

const f = (x: number, digits = 3): string => x.toFixed(digits);

/** One paragraph for people. */
export function describeTiming(t: FirmwareTiming): string {
  const s = t.samplingPeriodMs;
  const w = t.wirePeriodMs;
  return [
    `sampling period ${f(s.mean)} ms, sd ${f(s.sd)} ms, min ${f(s.min)}, max ${f(s.max)} (${t.samplingOff} of ${s.count} off by > 0.2 ms)`,
    `frames on the wire: ${w.count} periods, mean ${f(w.mean)} ms, sd ${f(w.sd)} ms, min ${f(w.min)}, max ${f(w.max)}`,
    `HX711 bank read (44 cells): mean ${f(t.readUs.mean, 1)} µs, max ${t.readUs.max} µs; conversions ${t.conversions}, read ${t.reads}, missed ${t.missed}`,
    `RAM: stack peak ${t.stackPeakBytes} B; ${t.neverUsedBytes} B never used`,
  ].join('\n');
}
