/**
 * A small synthetic board for the sensing tests: seeded, Gaussian noise of a few tens of
 * counts (≈ 0.02 g on a well cell), per-cell offsets and scales, an impact spike and a
 * damped bounce when a sphere is set down, a short ramp when one is lifted, rolling over
 * the rim, hand pressure on a well or on the board, slow drift, tilt and cell faults.
 * Not the full simulator of src/hardware/sim: just enough physics to test the pipeline.
 */
import { readFileSync } from 'node:fs';
import type { Frame } from '../../src/protocol/frame.ts';
import { parseProfileText, type BoardProfile } from '../../src/rules/senryaku/profile.ts';
import type { PieceChar } from '../../src/rules/senryaku/types.ts';
import { Y2 } from '../../src/rules/senryaku/balance.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';

const text = readFileSync(new URL('../../hardware/profiles/reference-mega-2560.json', import.meta.url), 'utf8');
const parsed = parseProfileText(text);
if (!parsed.ok) throw new Error('reference profile does not parse');
export const REFERENCE: BoardProfile = parsed.value;
export const WELL_NOMINAL = 2147.5;
export const PIVOT_NOMINAL = 429.5;
export const PERIOD_MS = 12.5;

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A load on one well (or on the board frame, well = -1) as a function of time. */
type Signal = (t: number) => number;

export interface SynthOptions {
  readonly profile?: BoardProfile;
  readonly noiseCounts?: number;
  /** Drift of every cell's zero, grams per second. */
  readonly driftGPerS?: number;
  readonly startMs?: number;
}

export type FaultKind = 'stuck' | 'saturated' | 'silent';

export class SynthBoard {
  readonly profile: BoardProfile;
  readonly rand: () => number;
  readonly offsets: number[];
  readonly scales: number[];
  /** The exact calibration of this board, as a perfect calibration would find it. */
  readonly calibration: Calibration;
  readonly wells: Signal[][] = Array.from({ length: 42 }, () => []);
  /** Loads on the board outside the wells: rolling spheres, hands. */
  readonly frameLoads: Signal[] = [];
  readonly masses: Map<number, number> = new Map();
  tilt = { white: false, black: false };
  /** Extra zero shift per cell, grams (a test may step it), moved each frame by `shiftRateGPerMin`. */
  readonly shiftG = new Float64Array(44);
  readonly shiftRateGPerMin = new Float64Array(44);
  t: number;
  seq = 0;
  private readonly faults = new Map<number, { kind: FaultKind; untilMs: number; value: number }>();
  private readonly last: number[];
  private readonly noise: number;
  /** Zero drift per cell, grams per second (random sign and size up to driftGPerS). */
  private readonly drift: number[];

  constructor(seed: number, opts: SynthOptions = {}) {
    this.profile = opts.profile ?? REFERENCE;
    this.rand = mulberry32(seed);
    this.noise = opts.noiseCounts ?? 40;
    const drift = opts.driftGPerS ?? 0;
    this.drift = Array.from({ length: 44 }, () => drift * (2 * this.rand() - 1));
    this.t = opts.startMs ?? 1000;
    this.offsets = Array.from({ length: 44 }, () => Math.round((this.rand() - 0.5) * 400_000));
    this.scales = Array.from({ length: 44 }, (_, i) => (i < 42 ? WELL_NOMINAL : PIVOT_NOMINAL) * (0.9 + 0.2 * this.rand()));
    this.calibration = { boardId: 42, cells: this.offsets.map((offset, i) => ({ offset, countsPerGram: this.scales[i] ?? 1 })) };
    this.last = [...this.offsets];
  }

  gauss(): number {
    const u = 1 - this.rand();
    const v = this.rand();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  massOf(kind: PieceChar): number {
    return this.profile.sphereMass[kind];
  }

  /** A sphere standing still on `well` from the start. */
  put(well: number, kind: PieceChar = 'w'): void {
    const m = this.massOf(kind);
    this.masses.set(well, m);
    this.wells[well]?.push(() => m);
  }

  /** Set down at time t0 (default now): impact spike, then a damped bounce of ~100 ms. */
  place(well: number, kind: PieceChar = 'w', t0 = this.t, bounce = 1): void {
    const m = this.massOf(kind);
    this.masses.set(well, m);
    const phase = this.rand() * Math.PI;
    const f = 12 + 6 * this.rand();
    this.wells[well]?.push((t) => {
      const dt = t - t0;
      if (dt < 0) return 0;
      const spike = dt < 8 ? 1.5 * m * bounce : 0;
      return m + spike + 0.6 * m * bounce * Math.exp(-dt / 30) * Math.cos(2 * Math.PI * f * (dt / 1000) + phase);
    });
  }

  /** Taken up over 25 ms with a small wobble; the weight leaves the board. */
  lift(well: number, t0 = this.t): void {
    const m = this.masses.get(well) ?? 0;
    this.masses.delete(well);
    const list = this.wells[well] ?? [];
    list.length = 0;
    list.push((t) => {
      const dt = t - t0;
      if (dt < 0) return m;
      if (dt < 25) return m * (1 - dt / 25) + 4;
      return 3 * Math.exp(-(dt - 25) / 20);
    });
  }

  /** Rolls over the rim: leaves `from` over 40 ms, on the rim for transitMs, settles into `to` gently. */
  roll(from: number, to: number, transitMs = 150, t0 = this.t): void {
    const m = this.masses.get(from) ?? 0;
    this.masses.delete(from);
    this.masses.set(to, m);
    const list = this.wells[from] ?? [];
    list.length = 0;
    list.push((t) => (t < t0 ? m : t < t0 + 40 ? m * (1 - (t - t0) / 40) : 0));
    const arrive = t0 + 40 + transitMs;
    this.frameLoads.push((t) => (t >= t0 && t < arrive ? m * (t < t0 + 40 ? (t - t0) / 40 : 1) : 0));
    this.wells[to]?.push((t) => {
      const dt = t - arrive;
      if (dt < 0) return 0;
      return m + 0.2 * m * Math.exp(-dt / 25) * Math.cos(2 * Math.PI * 10 * (dt / 1000));
    });
  }

  /**
   * Rolls over the rim slowly: the weight moves from `from` to `to` along a smoothstep over
   * durationMs, shared by the two wells the whole way (the sphere rests on both rims), with
   * an optional pause of pauseMs half-way (half the weight on each well, still; `pauseAt`
   * moves the resting point: the share of the weight already over at the pause).
   */
  slowRoll(from: number, to: number, durationMs: number, pauseMs = 0, t0 = this.t, pauseAt = 0.5): void {
    const m = this.masses.get(from) ?? 0;
    this.masses.delete(from);
    this.masses.set(to, m);
    const half = durationMs / 2;
    const smooth = (x: number): number => x * x * (3 - 2 * x);
    const moved = (t: number): number => {
      const dt = t - t0;
      if (dt <= 0) return 0;
      if (dt < half) return smooth(dt / durationMs) * (pauseAt / 0.5);
      if (dt < half + pauseMs) return pauseAt;
      const x = Math.min(1, (dt - pauseMs) / durationMs);
      return pauseAt + ((smooth(x) - 0.5) / 0.5) * (1 - pauseAt);
    };
    const list = this.wells[from] ?? [];
    list.length = 0;
    list.push((t) => m * (1 - moved(t)));
    this.wells[to]?.push((t) => m * moved(t));
  }

  /** A finger pushing on a well: `extraG` with a 3 Hz wobble of ±5 g, for durationMs. */
  press(well: number, extraG: number, durationMs: number, t0 = this.t): void {
    this.wells[well]?.push((t) => (t >= t0 && t < t0 + durationMs ? extraG + 5 * Math.sin(2 * Math.PI * 3 * ((t - t0) / 1000)) : 0));
  }

  /** A hand on the board frame (positive presses down, negative lifts), for durationMs. */
  hand(forceG: number, durationMs: number, t0 = this.t): void {
    this.frameLoads.push((t) => (t >= t0 && t < t0 + durationMs ? forceG : 0));
  }

  fault(cell: number, kind: FaultKind, durationMs: number): void {
    this.faults.set(cell, { kind, untilMs: this.t + durationMs, value: this.last[cell] ?? 0 });
  }

  /** True grams on each well at time t, without noise. */
  wellGrams(well: number, t: number): number {
    return (this.wells[well] ?? []).reduce((s, f) => s + f(t), 0);
  }

  next(): Frame {
    const t = this.t;
    for (let c = 0; c < 44; c++) this.shiftG[c] = (this.shiftG[c] ?? 0) + ((this.shiftRateGPerMin[c] ?? 0) * PERIOD_MS) / 60_000;
    const cells = new Int32Array(44);
    const stale: number[] = [];
    let total = this.profile.boardMass;
    let moment = 0;
    for (let w = 0; w < 42; w++) {
      const g = this.wellGrams(w, t);
      total += g;
      moment += (g * (Y2[w] ?? 0)) / 2;
      cells[w] = this.raw(w, g, t);
    }
    for (const f of this.frameLoads) total += f(t);
    // Beam on two supports at y = ∓d.
    const d = this.profile.halfGap;
    const black = total / 2 + moment / (2 * d);
    cells[42] = this.raw(42, total - black, t);
    cells[43] = this.raw(43, black, t);
    for (let c = 0; c < 44; c++) {
      const f = this.faults.get(c);
      if (!f) continue;
      if (t >= f.untilMs) {
        this.faults.delete(c);
        continue;
      }
      if (f.kind === 'stuck') cells[c] = f.value;
      else if (f.kind === 'saturated') cells[c] = 8_388_607;
      else {
        stale.push(c);
        cells[c] = this.last[c] ?? 0;
      }
    }
    for (let c = 0; c < 44; c++) if (!stale.includes(c)) this.last[c] = cells[c] ?? 0;
    const frame: Frame = { type: 'frame', seq: this.seq & 0xffff, ms: Math.floor(t) >>> 0, tilt: { ...this.tilt }, stale, cells };
    this.seq++;
    this.t += PERIOD_MS;
    return frame;
  }

  private raw(c: number, grams: number, t: number): number {
    const v = Math.round(
      (this.offsets[c] ?? 0) +
        (grams + (this.drift[c] ?? 0) * (t / 1000) + (this.shiftG[c] ?? 0)) * (this.scales[c] ?? 1) +
        this.noise * this.gauss(),
    );
    return Math.max(-8_388_608, Math.min(8_388_607, v));
  }
}
