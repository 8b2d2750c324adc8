/**
 * The load cells and their HX711s: grams in, raw signed 24-bit counts out, as a real
 * board would read them. Each cell has its own zero offset and scale (so the host has to
 * calibrate), white noise, a slow drift of its own and a share of a common temperature
 * drift. Faults can be injected per cell. Randomness comes from the seeded Rng only.
 *
 * Harsher conditions seen on physical boards, off by default: `walkGPerMin`, a random walk
 * of each cell's zero (creep) at up to that many grams a minute (5–8 g on the boards of
 * issue 10): the rate itself wanders (an Ornstein-Uhlenbeck process, sd half the limit,
 * time constant one minute, clipped at the limit), so a cell wanders by up to that much
 * over a minute, smoothly — a walk of independent steps with that spread after a minute
 * would already wander 1 g rms within a second, a cell calibration rejects as noisy —
 * and `rampGPerMin`, a temperature ramp that moves every cell's
 * zero the same way at that many grams a minute (1 g/min: 10 g over 10 minutes), for
 * `rampForMs` then flat. Both are in grams, turned into counts by each cell's own scale,
 * and draw from their own random stream, so turning them on changes no other number.
 * Two more, seen on the boards of issue 22, likewise off by default and on streams of their
 * own: `driftingCell`, one cell whose zero creeps on its own (a cell knocked or a bridge
 * going bad: ~18 g over an evening) while the others hold, and `glitchRate`, rare
 * single-sample glitches on any cell: a reading with one bit of its 24-bit word flipped
 * (an SCK edge missed or doubled on the way in), bits 10–22 alike, so from under a gram
 * (lost in the noise) to about a kilogram and a half, one sample, then the cell reads
 * true again.
 *
 * Figures (see docs/simulator.md): a 5 kg, 1 mV/V cell at 5 V excitation into a gain-128
 * HX711 gives 429.5 counts/g; rated output is ±15 % per cell; zero balance is a few
 * tens of thousands of counts either way.
 */
import { CELL_MAX, CELL_MIN } from '../../protocol/index.ts';
import { OrnsteinUhlenbeck, stationaryDrift, type DriftParameters } from './noise.ts';
import type { Rng } from '../../util/rng.ts';

export interface SensorParameters {
  readonly nominalCountsPerGram: number;
  /** Pivot cells (the cells from `wellCount` on) carry the whole board and are less sensitive. */
  readonly pivotNominalCountsPerGram?: number;
  readonly wellCount?: number;
  /** Each cell's scale is nominal × (1 + u), u uniform in ±scaleTolerance. */
  readonly scaleTolerance: number;
  /** Standard deviation of the zero offsets, counts. */
  readonly offsetSdCounts: number;
  /** White noise per reading, counts rms. */
  readonly noiseRmsCounts: number;
  /** Each cell's own slow drift (creep, electronics), counts. */
  readonly drift: DriftParameters;
  /** The room's temperature around its mean, °C. */
  readonly temperature: DriftParameters;
  /** Spread of the cells' zero temperature coefficients, counts per °C. */
  readonly tempcoSdCountsPerDegC: number;
  /** Random walk of each cell's zero: the fastest it moves, grams per minute (0 = off). */
  readonly walkGPerMin?: number;
  /** Common zero ramp on every cell (temperature), grams per minute, same sign on all (0 = off). */
  readonly rampGPerMin?: number;
  /** The ramp lasts this long from the first sample, then stays where it got to (default: for ever). */
  readonly rampForMs?: number;
  /** One cell's zero ramping on its own (none: off). */
  readonly driftingCell?: DriftingCell;
  /** Chance per fresh reading of each cell that it is a glitch (one bit flipped; 0 = off). */
  readonly glitchRate?: number;
  /** After a power-up or CELLRST a HX711 has no conversion for this long (datasheet: 50 ms at 80 SPS). */
  readonly settleMs: number;
}

/** A cell whose zero ramps while the others hold. */
export interface DriftingCell {
  /** Grams per minute, signed (+: reads as load). */
  readonly gPerMin: number;
  /** For this long from the first sample, then it stays where it got to (default: for ever). */
  readonly forMs?: number;
  /** The cell (default: one of the well cells, drawn from the seed). */
  readonly cell?: number;
}

/** The bits a glitch may flip: bit 10 is under a gram, bit 22 about 1.5 kg (at 2,000–4,000 counts/g). */
const GLITCH_BITS = { low: 10, high: 22 } as const;

/** How long the random walk's rate takes to change (its OU time constant). */
const WALK_RATE_TAU_MS = 60_000;

export const DEFAULT_SENSORS: SensorParameters = Object.freeze({
  nominalCountsPerGram: 429.5,
  scaleTolerance: 0.15,
  offsetSdCounts: 40_000,
  noiseRmsCounts: 4,
  drift: Object.freeze({ sd: 30, tauMs: 120_000 }),
  temperature: Object.freeze({ sd: 0.5, tauMs: 600_000 }),
  tempcoSdCountsPerDegC: 15,
  settleMs: 60,
});

export const CELL_FAULT_KINDS = ['stuck', 'saturated', 'silent', 'dead'] as const;
export type CellFaultKind = (typeof CELL_FAULT_KINDS)[number];
export type CellFault =
  /** Answers every time with the same reading (a frozen ADC). */
  | { readonly kind: 'stuck' }
  /** Reads a rail: high = 0x7FFFFF, low = -0x800000 (a broken bridge wire). */
  | { readonly kind: 'saturated'; readonly level?: 'high' | 'low' }
  /** Never has a conversion ready (unplugged module, or powered down by an SCK glitch if it recovers on CELLRST). */
  | { readonly kind: 'silent'; readonly recoversOnReset?: boolean }
  /** The bridge gives no signal (lost excitation, a broken wire): the HX711 reads its own zero, 0 ± its noise, whatever the load. */
  | { readonly kind: 'dead' };

/** One sample of every cell: counts, and which cells had a fresh conversion. */
export interface CellSample {
  readonly counts: Int32Array;
  readonly fresh: readonly boolean[];
}

export class SensorBank {
  readonly #offsets: Float64Array;
  readonly #scales: Float64Array;
  readonly #tempcos: Float64Array;
  readonly #drifts: OrnsteinUhlenbeck[];
  readonly #temperature: OrnsteinUhlenbeck;
  readonly #faults = new Map<number, CellFault>();
  readonly #noiseRng: Rng;
  readonly #lastCounts: Int32Array;
  /** Each cell's random-walk zero, grams, and the rate it moves at now, grams per minute. */
  readonly #walkG: Float64Array;
  readonly #walkRate: Float64Array;
  readonly #walkRng: Rng;
  readonly #glitchRng: Rng;
  /** The drifting cell, or -1. */
  readonly #driftCell: number;
  #glitches = 0;
  #firstSampleMs: number | undefined = undefined;
  #readyAtMs = 0;
  #lastSampleMs: number | undefined = undefined;

  /** Draws the cells' constants from `rng` (forked per concern, so each is stable by seed). */
  constructor(
    readonly cellCount: number,
    readonly parameters: SensorParameters,
    readonly rng: Rng,
  ) {
    const offsetRng = rng.fork('offsets');
    const scaleRng = rng.fork('scales');
    const driftRng = rng.fork('drift-start');
    const { nominalCountsPerGram: nominal, scaleTolerance, offsetSdCounts, tempcoSdCountsPerDegC } = parameters;
    this.#offsets = Float64Array.from({ length: cellCount }, () => Math.round(offsetRng.gaussian(0, offsetSdCounts)));
    const nominalOf = (cell: number): number =>
      parameters.wellCount !== undefined && cell >= parameters.wellCount ? (parameters.pivotNominalCountsPerGram ?? nominal) : nominal;
    this.#scales = Float64Array.from(
      { length: cellCount },
      (_, cell) => nominalOf(cell) * (1 + scaleRng.uniform(-scaleTolerance, scaleTolerance)),
    );
    this.#tempcos = Float64Array.from({ length: cellCount }, () => scaleRng.gaussian(0, tempcoSdCountsPerDegC));
    this.#drifts = Array.from({ length: cellCount }, () => stationaryDrift(parameters.drift, driftRng));
    this.#temperature = stationaryDrift(parameters.temperature, driftRng);
    this.#lastCounts = new Int32Array(cellCount);
    this.#noiseRng = rng.fork('noise');
    this.#walkG = new Float64Array(cellCount);
    this.#walkRate = new Float64Array(cellCount);
    this.#walkRng = rng.fork('walk');
    this.#glitchRng = rng.fork('glitch');
    const drifting = parameters.driftingCell;
    const wells = parameters.wellCount ?? cellCount;
    this.#driftCell = drifting === undefined ? -1 : (drifting.cell ?? rng.fork('drifting-cell').int(0, wells - 1));
  }

  /** The cell whose zero ramps on its own (driftingCell), if any. */
  get driftingCell(): number | undefined {
    return this.#driftCell < 0 ? undefined : this.#driftCell;
  }

  /** Glitched readings sent so far. */
  get glitches(): number {
    return this.#glitches;
  }

  /** Where the random walk and the ramp have moved a cell's zero by now, grams. */
  zeroShiftG(cell: number): number {
    const now = this.#lastSampleMs ?? 0;
    return (this.#walkG[cell] ?? 0) + this.#rampG(now) + (cell === this.#driftCell ? this.#cellDriftG(now) : 0);
  }

  #rampG(nowMs: number): number {
    return this.#rampOf(this.parameters.rampGPerMin ?? 0, this.parameters.rampForMs, nowMs);
  }

  #cellDriftG(nowMs: number): number {
    const d = this.parameters.driftingCell;
    return d ? this.#rampOf(d.gPerMin, d.forMs, nowMs) : 0;
  }

  #rampOf(gPerMin: number, forMs: number | undefined, nowMs: number): number {
    if (gPerMin === 0 || this.#firstSampleMs === undefined) return 0;
    const ms = Math.min(nowMs - this.#firstSampleMs, forMs ?? Infinity);
    return (gPerMin * Math.max(0, ms)) / 60_000;
  }

  /** The true zero offset of a cell (counts at no load, before drift). */
  offsetOf(cell: number): number {
    return this.#offsets[cell] ?? 0;
  }

  /** The true scale of a cell, counts per gram. */
  scaleOf(cell: number): number {
    return this.#scales[cell] ?? 0;
  }

  /** What a perfectly calibrated host would make of a reading, in grams (drift and noise remain). */
  gramsOf(cell: number, counts: number): number {
    return (counts - this.offsetOf(cell)) / this.scaleOf(cell);
  }

  /** Temperature offset from the room's mean now, °C. */
  get temperatureDeltaC(): number {
    return this.#temperature.value;
  }

  faultOf(cell: number): CellFault | undefined {
    return this.#faults.get(cell);
  }

  setFault(cell: number, fault: CellFault | undefined): void {
    if (!Number.isInteger(cell) || cell < 0 || cell >= this.cellCount) throw new RangeError(`no cell ${cell}`);
    if (fault === undefined) this.#faults.delete(cell);
    else this.#faults.set(cell, fault);
  }

  /** Power-cycles every HX711 (boot, CELLRST): no conversions until they settle. */
  powerCycle(nowMs: number): void {
    this.#readyAtMs = nowMs + this.parameters.settleMs;
    for (const [cell, fault] of this.#faults) if (fault.kind === 'silent' && fault.recoversOnReset) this.#faults.delete(cell);
  }

  /** Reads every cell at nowMs under `grams` (cell-index order). */
  sample(grams: ArrayLike<number>, nowMs: number): CellSample {
    const dt = this.#lastSampleMs === undefined ? 0 : nowMs - this.#lastSampleMs;
    this.#lastSampleMs = nowMs;
    this.#firstSampleMs ??= nowMs;
    this.#temperature.step(dt, this.#noiseRng);
    const walk = this.parameters.walkGPerMin ?? 0;
    if (walk > 0 && dt > 0) {
      const decay = Math.exp(-dt / WALK_RATE_TAU_MS);
      const kick = (walk / 2) * Math.sqrt(1 - decay * decay);
      for (let cell = 0; cell < this.cellCount; cell++) {
        const rate = Math.min(walk, Math.max(-walk, (this.#walkRate[cell] ?? 0) * decay + kick * this.#walkRng.normal()));
        this.#walkRate[cell] = rate;
        this.#walkG[cell] = (this.#walkG[cell] ?? 0) + (rate * dt) / 60_000;
      }
    }
    const rampG = this.#rampG(nowMs);
    const cellDriftG = this.#cellDriftG(nowMs);
    const glitchRate = this.parameters.glitchRate ?? 0;
    const settling = nowMs < this.#readyAtMs;
    const counts = new Int32Array(this.cellCount);
    const fresh: boolean[] = [];
    for (let cell = 0; cell < this.cellCount; cell++) {
      // Draw noise and drift for every cell every time, faulty or not, so that a fault
      // on one cell leaves every other cell's numbers as they were.
      const drift = (this.#drifts[cell] as OrnsteinUhlenbeck).step(dt, this.#noiseRng);
      const noise = this.parameters.noiseRmsCounts * this.#noiseRng.normal();
      const shiftG = (this.#walkG[cell] ?? 0) + rampG + (cell === this.#driftCell ? cellDriftG : 0);
      const analog =
        this.offsetOf(cell) +
        this.scaleOf(cell) * ((grams[cell] ?? 0) + shiftG) +
        drift +
        (this.#tempcos[cell] ?? 0) * this.#temperature.value +
        noise;
      const reading = Math.min(CELL_MAX, Math.max(CELL_MIN, Math.round(analog)));
      const fault = this.#faults.get(cell);
      const ready = !settling && fault?.kind !== 'silent';
      fresh.push(ready);
      if (!ready) {
        counts[cell] = this.#lastCounts[cell] ?? 0;
        continue;
      }
      if (fault?.kind === 'saturated') counts[cell] = fault.level === 'low' ? CELL_MIN : CELL_MAX;
      else if (fault?.kind === 'stuck') counts[cell] = this.#lastCounts[cell] ?? 0;
      else if (fault?.kind === 'dead') counts[cell] = Math.round(noise);
      else counts[cell] = reading;
      this.#lastCounts[cell] = counts[cell] ?? 0;
      // A glitch is one sample's: what a stale or stuck cell repeats is the true reading.
      if (!fault && glitchRate > 0 && this.#glitchRng.chance(glitchRate)) counts[cell] = this.#glitched(reading);
    }
    return { counts, fresh };
  }

  /** The reading with one bit of its 24-bit two's-complement word flipped. */
  #glitched(reading: number): number {
    this.#glitches++;
    const bit = this.#glitchRng.int(GLITCH_BITS.low, GLITCH_BITS.high);
    const word = (reading & 0xffffff) ^ (1 << bit);
    return word & 0x800000 ? word - 0x1000000 : word;
  }
}
