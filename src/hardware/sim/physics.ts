/**
 * The physical board of the simulator: spheres (pieces) in wells and in hands, forces on each
 * well and on the two pivot rails, and the board tipping. Pure: time comes in as
 * `nowMs`, nothing here reads a clock or draws a random number.
 *
 * Balance is the simulator's own statics (rigid-body.ts: moments about each pinnacle
 * line, from the board's geometry), not the rules core's BalanceModel, so that a wrong
 * rules model shows up as a disagreement instead of being copied. It is applied to every
 * force on the board, not only to the spheres the rulings count: a sphere rolling
 * between two wells sits at its interpolated position, and a hand pressing a well or the
 * board adds its force where it presses. The pivot cells read the same statics' reactions.
 *
 * A tipped board (a crash) is modelled simply: it tips toward the heavy side, closes
 * that side's tilt switch, every sphere standing in a well (or rolling) rolls off
 * toward the low side within `spillMs` and ends on the table, and the board rests
 * tipped on its low pinnacle, even once empty, until `reset()` sets up the next game.
 * A board lifted clear of the wedge by a hand (the net force upward) is held, not tipped.
 */
import { err, ok, type Result } from '../../util/result.ts';
import { areNeighbours as gridNeighbours, parsePointName, pointCount, type Grid } from '../../board/grid.ts';
import type { BySide, TiltSide } from '../../protocol/fields.ts';
import { SIM_GRID, formatLayout } from './layout.ts';
import { LoadSum, type Point, type RigidBoard } from './rigid-body.ts';

export const PHYSICS_ERROR_CODES = [
  'EmptyWell',
  'WellOccupied',
  'EmptyHand',
  'NotInHand',
  'NotNeighbour',
  'BoardTipped',
  'BadDuration',
  'BadForce',
] as const;
export type PhysicsErrorCode = (typeof PHYSICS_ERROR_CODES)[number];
export interface PhysicsError {
  readonly code: PhysicsErrorCode;
  readonly message: string;
}

export interface ImpactParameters {
  /** Extra force at contact, as a multiple of the sphere's weight. */
  readonly peakFactor: number;
  /** Decay time constant of the bounce, ms. */
  readonly decayMs: number;
  /** Frequency of the damped bounce (well + load cell ringing), Hz. */
  readonly bounceHz: number;
  /** After this the spike is over (the envelope is below 1 % by then). */
  readonly durationMs: number;
}

export interface PhysicsParameters {
  readonly impact: ImpactParameters;
  /** A lifted sphere's weight leaves its well linearly over this time (fingers closing). */
  readonly liftRampMs: number;
  /** On a crash, spheres roll out of their wells over this time. */
  readonly spillMs: number;
}

export const DEFAULT_PHYSICS: PhysicsParameters = Object.freeze({
  impact: Object.freeze({ peakFactor: 3, decayMs: 20, bounceHz: 25, durationMs: 100 }),
  liftRampMs: 30,
  spillMs: 250,
});

interface TimedForce {
  readonly well: number | undefined; // undefined: on the board itself (a hand holding it), at `at`
  readonly at: Point | undefined;
  readonly grams: number;
  readonly startMs: number;
  readonly endMs: number;
}
interface Roll {
  readonly cell: number;
  readonly from: number;
  readonly to: number;
  readonly startMs: number;
  readonly endMs: number;
  /** Resting half-way this long (within startMs … endMs). */
  readonly pauseMs: number;
}
/** A weight leaving a well linearly (lift, spill). */
interface Fade {
  readonly well: number;
  readonly grams: number;
  readonly startMs: number;
  readonly endMs: number;
}
interface Impact {
  readonly well: number;
  readonly grams: number;
  readonly startMs: number;
}

export interface PhysicsSnapshot {
  /** The wells as a board field (an SPN's on Senryaku's board; rolling spheres left out). */
  readonly board: string;
  /** Spheres in hands, oldest first. */
  readonly hand: readonly string[];
  /** Spheres spilled onto the table by a crash. */
  readonly onTable: readonly string[];
  readonly tipped: TiltSide | undefined;
  readonly rolling: number;
}

const fail = (code: PhysicsErrorCode, message: string): Result<never, PhysicsError> => err({ code, message });

/** Smooth 0 → 1 over a roll: the sphere starts and ends at rest. */
const smoothstep = (x: number): number => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

/** How far a roll has moved its weight from `from` to `to` (0 … 1), at rest half-way during its pause. */
const rollMoved = (r: Roll, nowMs: number): number => {
  const moving = r.endMs - r.startMs - r.pauseMs;
  const t = nowMs - r.startMs;
  const half = moving / 2;
  return smoothstep((t < half ? t : t < half + r.pauseMs ? half : t - r.pauseMs) / moving);
};

/** An empty well; a piece is 1 + its index in the rigid board's `pieces`. */
const EMPTY = 0;

export const areNeighbours = (a: number, b: number, grid: Grid = SIM_GRID): boolean => gridNeighbours(grid, a, b);

export class BoardPhysics {
  readonly #wells: Int8Array;
  #hand: number[] = [];
  #onTable: number[] = [];
  #tipped: TiltSide | undefined = undefined;
  #lastTip: { readonly toward: TiltSide; readonly atMs: number } | undefined = undefined;
  #rolls: Roll[] = [];
  #forces: TimedForce[] = [];
  #fades: Fade[] = [];
  #impacts: Impact[] = [];
  readonly #sum: LoadSum;

  /** `rigid` weighs in grams-force (RigidBoard.fromProfile(profile, gramsPerMassUnit)). */
  /** `canTip` false: a board on load cells only, no pivots (nothing to tip about: it never tips). */
  constructor(
    readonly rigid: RigidBoard,
    readonly parameters: PhysicsParameters,
    readonly canTip = true,
  ) {
    this.#sum = new LoadSum(rigid.halfGap);
    this.#wells = new Int8Array(rigid.pointCount);
  }

  #char(cell: number): string {
    return this.rigid.pieces[cell - 1] ?? '?';
  }

  get tipped(): TiltSide | undefined {
    return this.#tipped;
  }

  /**
   * The last crash and when it happened, kept through reset(): whoever set the board up
   * again can still tell whether it crashed while they were acting (the autoplayers' ledger).
   */
  get lastTip(): { readonly toward: TiltSide; readonly atMs: number } | undefined {
    return this.#lastTip;
  }

  /** The tilt switches: closed (true) on the side the board rests tipped toward. */
  get tiltSwitches(): BySide<boolean> {
    return { white: this.#tipped === 'white', black: this.#tipped === 'black' };
  }

  snapshot(): PhysicsSnapshot {
    return {
      board: formatLayout(this.#wells, this.rigid.grid, this.rigid.pieces),
      hand: this.#hand.map((c) => this.#char(c)),
      onTable: this.#onTable.map((c) => this.#char(c)),
      tipped: this.#tipped,
      rolling: this.#rolls.length,
    };
  }

  /** What stands in a well now (0 = empty; a sphere rolling in has not arrived). */
  cellAt(well: number): number {
    return this.#wells[well] ?? EMPTY;
  }

  /** A new game: spheres as on `board`, empty hands and table, level board, no forces. */
  reset(board: ArrayLike<number>): void {
    for (let w = 0; w < this.#wells.length; w++) this.#wells[w] = board[w] ?? EMPTY;
    this.#hand = [];
    this.#onTable = [];
    this.#tipped = undefined;
    this.#rolls = [];
    this.#forces = [];
    this.#fades = [];
    this.#impacts = [];
  }

  lift(well: number, nowMs: number): Result<string, PhysicsError> {
    const cell = this.cellAt(well);
    if (cell === EMPTY) return fail('EmptyWell', `no sphere to lift in well ${well}`);
    this.#wells[well] = EMPTY;
    this.#hand.push(cell);
    const { liftRampMs } = this.parameters;
    this.#fades.push({ well, grams: this.#grams(cell), startMs: nowMs, endMs: nowMs + liftRampMs });
    return ok(this.#char(cell));
  }

  /** Places the sphere of that kind from the hand (the last one lifted when no kind is named). */
  place(well: number, kind: string | undefined, nowMs: number): Result<string, PhysicsError> {
    if (this.#tipped) return fail('BoardTipped', 'the board is tipped: reset it first');
    if (this.#isTaken(well)) return fail('WellOccupied', `well ${well} is not empty`);
    const index = kind === undefined ? this.#hand.length - 1 : this.#hand.lastIndexOf(this.rigid.pieces.indexOf(kind) + 1);
    if (index < 0) {
      return this.#hand.length === 0 ? fail('EmptyHand', 'no sphere in hand to place') : fail('NotInHand', `no ${kind} sphere in hand`);
    }
    const [cell] = this.#hand.splice(index, 1) as [number];
    this.#wells[well] = cell;
    this.#impacts.push({ well, grams: this.#grams(cell), startMs: nowMs });
    return ok(this.#char(cell));
  }

  /**
   * A sphere rolls into a neighbouring empty well; its weight is shared during the transfer,
   * which moves for durationMs and rests half-way (half on each well) for pauseMs.
   */
  roll(from: number, to: number, durationMs: number, nowMs: number, pauseMs = 0): Result<string, PhysicsError> {
    if (this.#tipped) return fail('BoardTipped', 'the board is tipped: reset it first');
    if (!(durationMs > 0)) return fail('BadDuration', 'a roll takes some time (durationMs > 0)');
    if (!(pauseMs >= 0) || !Number.isFinite(pauseMs)) return fail('BadDuration', 'a pause is 0 ms or more');
    if (!gridNeighbours(this.rigid.grid, from, to)) return fail('NotNeighbour', `wells ${from} and ${to} are not neighbours`);
    const cell = this.cellAt(from);
    if (cell === EMPTY) return fail('EmptyWell', `no sphere to roll in well ${from}`);
    if (this.#isTaken(to)) return fail('WellOccupied', `well ${to} is not empty`);
    this.#wells[from] = EMPTY;
    this.#rolls.push({ cell, from, to, startMs: nowMs, endMs: nowMs + durationMs + pauseMs, pauseMs });
    return ok(this.#char(cell));
  }

  /** A hand pushing on a well (grams > 0) for a while; the board feels it too. */
  press(well: number, grams: number, durationMs: number, nowMs: number): Result<void, PhysicsError> {
    if (!(grams > 0) || !Number.isFinite(grams)) return fail('BadForce', 'press with grams > 0');
    if (!(durationMs > 0)) return fail('BadDuration', 'a press takes some time (durationMs > 0)');
    this.#forces.push({ well, at: undefined, grams, startMs: nowMs, endMs: nowMs + durationMs });
    return ok(undefined);
  }

  /**
   * A hand on the board itself: grams > 0 presses it down, < 0 lifts it. `at` is where, in
   * the rigid board's frame (profile length unit, centre of the board at 0, y toward Black);
   * default the middle of the centre line, where it cannot tip the board.
   */
  holdBoard(grams: number, durationMs: number, nowMs: number, at?: Point): Result<void, PhysicsError> {
    if (grams === 0 || !Number.isFinite(grams)) return fail('BadForce', 'hold with a non-zero force');
    if (!(durationMs > 0)) return fail('BadDuration', 'a hold takes some time (durationMs > 0)');
    if (at && !(Number.isFinite(at.x) && Number.isFinite(at.y))) return fail('BadForce', 'hold at a finite point');
    this.#forces.push({ well: undefined, at: at ?? { x: 0, y: 0 }, grams, startMs: nowMs, endMs: nowMs + durationMs });
    return ok(undefined);
  }

  /**
   * Lets time pass to nowMs: rolls arrive, hands let go, spikes die out, and the board
   * tips if the forces on it now say so. Returns the side it tipped toward, if it did now.
   */
  update(nowMs: number): TiltSide | undefined {
    for (const r of this.#rolls) if (r.endMs <= nowMs) this.#wells[r.to] = r.cell;
    this.#rolls = this.#rolls.filter((r) => r.endMs > nowMs);
    this.#forces = this.#forces.filter((f) => f.endMs > nowMs);
    this.#fades = this.#fades.filter((f) => f.endMs > nowMs);
    this.#impacts = this.#impacts.filter((i) => i.startMs + this.parameters.impact.durationMs > nowMs);
    if (this.#tipped || !this.canTip) return undefined;
    const side = this.#tipSide(nowMs);
    if (side) this.#crash(side, nowMs);
    return side;
  }

  /** Grams on each well's load cell (well index order), transients included. */
  wellGrams(nowMs: number): Float64Array {
    const g = new Float64Array(this.#wells.length);
    for (let w = 0; w < g.length; w++) g[w] = this.#grams(this.cellAt(w));
    for (const r of this.#rolls) {
      const moved = rollMoved(r, nowMs);
      const m = this.#grams(r.cell);
      g[r.from] = (g[r.from] ?? 0) + m * (1 - moved);
      g[r.to] = (g[r.to] ?? 0) + m * moved;
    }
    for (const f of this.#fades) {
      const left = 1 - (nowMs - f.startMs) / (f.endMs - f.startMs);
      if (left > 0) g[f.well] = (g[f.well] ?? 0) + f.grams * Math.min(1, left);
    }
    const { peakFactor, decayMs, bounceHz } = this.parameters.impact;
    for (const i of this.#impacts) {
      const t = nowMs - i.startMs;
      if (t < 0) continue;
      const spike = peakFactor * Math.exp(-t / decayMs) * Math.cos((2 * Math.PI * bounceHz * t) / 1000);
      g[i.well] = (g[i.well] ?? 0) + i.grams * spike;
    }
    for (const f of this.#forces) if (f.well !== undefined && f.startMs <= nowMs) g[f.well] = (g[f.well] ?? 0) + f.grams;
    return g;
  }

  /**
   * Grams on the two pivot rails: the rigid board's reactions on its pinnacle lines under
   * everything the cells feel now (spikes and fading lifts included). Level, both are ≥ 0
   * exactly while the statics call the board stable; a spike can briefly ask a rail to
   * pull, and a rail cannot, so each is kept within [0, total]. Tipped, the board rests on
   * the low rail alone. A lifted board reads 0.
   */
  pivotGrams(nowMs: number, wells: ArrayLike<number> = this.wellGrams(nowMs)): BySide<number> {
    const sum = this.rigid.loads(this.#sum);
    for (let w = 0; w < wells.length; w++) if (wells[w]) sum.add(this.rigid.wellY(w), wells[w] ?? 0);
    this.#addHolds(sum, nowMs);
    const total = Math.max(sum.total, 0);
    if (this.#tipped) return this.#tipped === 'black' ? { white: 0, black: total } : { white: total, black: 0 };
    const { reactions } = this.rigid.solve(sum);
    const black = Math.min(Math.max(reactions.black, 0), total);
    return { white: total - black, black };
  }

  #grams(cell: number): number {
    return this.rigid.weightOf(cell);
  }

  #addHolds(sum: LoadSum, nowMs: number): void {
    for (const f of this.#forces) if (f.well === undefined && f.startMs <= nowMs) sum.add(f.at?.y ?? 0, f.grams);
  }

  #isTaken(well: number): boolean {
    return this.cellAt(well) !== EMPTY || this.#rolls.some((r) => r.to === well);
  }

  /** The rigid board's statics over every steady force now (spikes are too short to tip a board). */
  #tipSide(nowMs: number): TiltSide | undefined {
    const sum = this.rigid.loadsOfBoard(this.#wells, [], this.#sum);
    for (const r of this.#rolls) {
      const moved = rollMoved(r, nowMs);
      sum.add(this.rigid.wellY(r.from) * (1 - moved) + this.rigid.wellY(r.to) * moved, this.#grams(r.cell));
    }
    for (const f of this.#forces) if (f.well !== undefined && f.startMs <= nowMs) sum.add(this.rigid.wellY(f.well), f.grams);
    this.#addHolds(sum, nowMs);
    return this.rigid.solve(sum).tips;
  }

  #crash(side: TiltSide, nowMs: number): void {
    this.#tipped = side;
    this.#lastTip = { toward: side, atMs: nowMs };
    const endMs = nowMs + this.parameters.spillMs;
    for (let w = 0; w < this.#wells.length; w++) {
      const cell = this.cellAt(w);
      if (cell === EMPTY) continue;
      this.#fades.push({ well: w, grams: this.#grams(cell), startMs: nowMs, endMs });
      this.#onTable.push(cell);
      this.#wells[w] = EMPTY;
    }
    for (const r of this.#rolls) {
      const moved = rollMoved(r, nowMs);
      const m = this.#grams(r.cell);
      this.#fades.push({ well: r.from, grams: m * (1 - moved), startMs: nowMs, endMs });
      this.#fades.push({ well: r.to, grams: m * moved, startMs: nowMs, endMs });
      this.#onTable.push(r.cell);
    }
    this.#rolls = [];
  }
}

/** number index from a name (`d2`) or an index; undefined if neither. */
export const wellOf = (w: number | string, grid: Grid = SIM_GRID): number | undefined => {
  if (typeof w === 'number') return Number.isInteger(w) && w >= 0 && w < pointCount(grid) ? w : undefined;
  return parsePointName(grid, w);
};
