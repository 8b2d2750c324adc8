/**
 * A small synthetic board for the sensing tests: seeded, Gaussian noise of a few tens of
 * counts (≈ 0.02 g on a well cell), per-cell offsets and scales, an impact spike and a
 * damped bounce when a sphere is set down, a short ramp when one is lifted, rolling over
 * the rim, hand pressure on a well or on the board, slow drift, tilt, cell faults and
 * single-sample glitches (one frame of a cell reading some grams off).
 * Not the full simulator of src/hardware/sim: just enough physics to test the pipeline.
 *
 * Any grid and cell map (the hardware profile), any pieces (the game's masses): by default
 * the reference Senryaku board, 7×6 wells on two pivot lines. A board with two pivots is a
 * beam on two supports at y = ∓halfGap; without pivots nothing but the wells is weighed.
 * Cell i is under point `hardware.cells.points[i]`.
 */
import { readFileSync } from 'node:fs';
import type { Frame } from '../../src/protocol/frame.ts';
import { parseProfileFileText } from '../../src/games/senryaku/profile-file.ts';
import type { SenryakuBoardProfile } from '../../src/games/senryaku/board.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';
import { pointCount, rankOf } from '../../src/board/grid.ts';
import { cellCountOf, type HardwareProfile } from '../../src/board/profile.ts';
import type { BalanceMargins, SensingGame } from '../../src/sensing/game.ts';
import type { SensingOptions } from '../../src/sensing/options.ts';
import type { SensingSetup } from '../../src/sensing/pipeline.ts';
import { balanceMarginsOf, hardwareOf, sensingGameOf } from '../../src/games/senryaku/board.ts';

const text = readFileSync(new URL('../../hardware/profiles/reference-mega-2560.json', import.meta.url), 'utf8');
const parsed = parseProfileFileText(text);
if (!parsed.ok) throw new Error('reference profile does not parse');
export const REFERENCE: SenryakuBoardProfile = parsed.value.profile;
export const REFERENCE_HW: HardwareProfile = parsed.value.hardware;
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
  /** A Senryaku profile: its cells, spheres, board and pinnacle gap (default the reference board's). */
  readonly profile?: SenryakuBoardProfile;
  /** Another board: its grid and cells (then `game` says the pieces, and there is no balance model). */
  readonly hardware?: HardwareProfile;
  readonly game?: SensingGame;
  readonly noiseCounts?: number;
  /** Drift of every cell's zero, grams per second. */
  readonly driftGPerS?: number;
  readonly startMs?: number;
}

/** `dead`: the HX711 reads its own zero, 0 ± noise (a bridge that gives no signal). */
export type FaultKind = 'stuck' | 'saturated' | 'silent' | 'dead';

export class SynthBoard {
  readonly profile: SenryakuBoardProfile;
  readonly hardware: HardwareProfile;
  readonly game: SensingGame;
  /** The Senryaku balance model for leaning; none on another board. */
  readonly balanceMargins: BalanceMargins | undefined;
  readonly pointCount: number;
  readonly cellCount: number;
  readonly rand: () => number;
  readonly offsets: number[];
  readonly scales: number[];
  /** The exact calibration of this board, as a perfect calibration would find it. */
  readonly calibration: Calibration;
  readonly wells: Signal[][];
  /** Loads on the board outside the wells: rolling spheres, hands. */
  readonly frameLoads: Signal[] = [];
  readonly masses: Map<number, number> = new Map();
  tilt = { white: false, black: false };
  /** Extra zero shift per cell, grams (a test may step it), moved each frame by `shiftRateGPerMin`. */
  readonly shiftG: Float64Array;
  readonly shiftRateGPerMin: Float64Array;
  t: number;
  seq = 0;
  private readonly faults = new Map<number, { kind: FaultKind; untilMs: number; value: number }>();
  /** Scheduled glitches: `extraG` on `cell` in the frame at or after `atMs`, then every `everyMs` until `untilMs`. */
  private readonly glitches: { cell: number; extraG: number; atMs: number; everyMs: number; untilMs: number }[] = [];
  private readonly last: number[];
  private readonly noise: number;
  /** Zero drift per cell, grams per second (random sign and size up to driftGPerS). */
  private readonly drift: number[];

  constructor(seed: number, opts: SynthOptions = {}) {
    this.profile = opts.profile ?? REFERENCE;
    this.hardware = opts.hardware ?? hardwareOf(this.profile);
    this.game = opts.game ?? sensingGameOf(this.profile);
    this.balanceMargins = opts.hardware ? undefined : balanceMarginsOf(this.profile);
    this.pointCount = pointCount(this.hardware.grid);
    const cells = (this.cellCount = cellCountOf(this.hardware));
    const wellCells = this.hardware.cells.points.length;
    this.wells = Array.from({ length: this.pointCount }, () => []);
    this.shiftG = new Float64Array(cells);
    this.shiftRateGPerMin = new Float64Array(cells);
    this.rand = mulberry32(seed);
    this.noise = opts.noiseCounts ?? 40;
    const drift = opts.driftGPerS ?? 0;
    this.drift = Array.from({ length: cells }, () => drift * (2 * this.rand() - 1));
    this.t = opts.startMs ?? 1000;
    this.offsets = Array.from({ length: cells }, () => Math.round((this.rand() - 0.5) * 400_000));
    this.scales = Array.from({ length: cells }, (_, i) => (i < wellCells ? WELL_NOMINAL : PIVOT_NOMINAL) * (0.9 + 0.2 * this.rand()));
    this.calibration = { boardId: 42, cells: this.offsets.map((offset, i) => ({ offset, countsPerGram: this.scales[i] ?? 1 })) };
    this.last = [...this.offsets];
  }

  gauss(): number {
    const u = 1 - this.rand();
    const v = this.rand();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** What the pipeline is built from for this board. */
  setup(options: Partial<SensingOptions> = {}): SensingSetup {
    return { hardware: this.hardware, game: this.game, calibration: this.calibration, options, balanceMargins: this.balanceMargins };
  }

  /** The game's first kind of piece: what `put` and `place` set down unless told. */
  get firstKind(): string {
    return Object.keys(this.game.pieceMassesG)[0] ?? 'w';
  }

  massOf(kind: string): number {
    return this.game.pieceMassesG[kind] ?? NaN;
  }

  /** A sphere standing still on `well` from the start. */
  put(well: number, kind = this.firstKind): void {
    const m = this.massOf(kind);
    this.masses.set(well, m);
    this.wells[well]?.push(() => m);
  }

  /** Set down at time t0 (default now): impact spike, then a damped bounce of ~100 ms. */
  place(well: number, kind = this.firstKind, t0 = this.t, bounce = 1): void {
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

  /** One frame of `cell` reading `extraG` more (the frame at or after `atMs`); the noise is drawn as without it. */
  glitch(cell: number, extraG: number, atMs = this.t): void {
    this.glitches.push({ cell, extraG, atMs, everyMs: Infinity, untilMs: Infinity });
  }

  /** A glitch of `extraG` on `cell` every `everyMs`, from `atMs` for `durationMs`. */
  glitchEvery(cell: number, extraG: number, everyMs: number, durationMs: number, atMs = this.t): void {
    this.glitches.push({ cell, extraG, atMs, everyMs, untilMs: atMs + durationMs });
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
    const n = this.cellCount;
    for (let c = 0; c < n; c++) this.shiftG[c] = (this.shiftG[c] ?? 0) + ((this.shiftRateGPerMin[c] ?? 0) * PERIOD_MS) / 60_000;
    const cells = new Int32Array(n);
    const stale: number[] = [];
    const { grid, cells: map } = this.hardware;
    let total = this.game.boardMassG;
    let moment = 0;
    map.points.forEach((w, c) => {
      const g = this.wellGrams(w, t);
      total += g;
      // Twice the distance from the centre line, in pitches (y grows toward black).
      moment += (g * (2 * rankOf(grid, w) - (grid.ranks - 1))) / 2;
      cells[c] = this.raw(c, g, t);
    });
    for (const f of this.frameLoads) total += f(t);
    if (map.pivots.length === 2) {
      // Beam on two supports at y = ∓d.
      const d = this.profile.halfGap;
      const black = total / 2 + moment / (2 * d);
      const first = map.points.length;
      cells[first] = this.raw(first, total - black, t);
      cells[first + 1] = this.raw(first + 1, black, t);
    }
    for (const g of this.glitches) {
      if (t < g.atMs || t >= g.untilMs) continue;
      cells[g.cell] = (cells[g.cell] ?? 0) + Math.round(g.extraG * (this.scales[g.cell] ?? 1));
      g.atMs += g.everyMs;
    }
    for (let c = 0; c < n; c++) {
      const f = this.faults.get(c);
      if (!f) continue;
      if (t >= f.untilMs) {
        this.faults.delete(c);
        continue;
      }
      if (f.kind === 'stuck') cells[c] = f.value;
      else if (f.kind === 'saturated') cells[c] = 8_388_607;
      else if (f.kind === 'dead') cells[c] = Math.round(this.noise * this.gauss());
      else {
        stale.push(c);
        cells[c] = this.last[c] ?? 0;
      }
    }
    for (let c = 0; c < n; c++) if (!stale.includes(c)) this.last[c] = cells[c] ?? 0;
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
