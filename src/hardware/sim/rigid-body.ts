/**
 * The simulator's own statics of the board on its wedge, worked out from the board's
 * geometry and not from the rules core's BalanceModel, so that a wrong rules model can be
 * caught by a simulator that disagrees with it (test/hardware/sim/rigid-body.test.ts).
 *
 * Frame, in the profile's length unit: x across the files (the middle file at 0, toward
 * the last positive), y along the files (the centre line between the middle ranks at 0,
 * toward Black's home rank positive). Well (file f, rank r), both counted from 0, stands
 * at x = (f − (files − 1)/2)·pitch, y = (r − (ranks − 1)/2)·pitch: on Senryaku's 7×6
 * board x = (f − 3)·pitch, y = (r − 2.5)·pitch. Forces are weights, downward positive, in any
 * one unit (the simulator uses grams-force).
 *
 * The board is a rigid plate resting on the wedge's two pinnacle lines, which run across
 * the full width parallel to the ranks at y = −a (White's rail) and y = +a (Black's rail),
 * a = pinnacleGap / 2. Full-width lines hold the board sideways, so it can only turn about
 * one of the two lines. With point loads Fᵢ at yᵢ (the board's own weight at its centre
 * of mass, each sphere at its well, a hand where it presses), taking moments about each
 * line gives the reaction of the other:
 *
 *   about Black's line:  R_white · 2a = Σ Fᵢ·(a − yᵢ)
 *   about White's line:  R_black · 2a = Σ Fᵢ·(a + yᵢ)
 *
 * A line can only push (R ≥ 0). The load's moment turning the board down about Black's
 * line, τ_black = Σ Fᵢ·(yᵢ − a) = −2a·R_white, tips it toward Black once positive; likewise
 * τ_white = Σ Fᵢ·(−a − yᵢ) toward White. τ = 0 is the limit, which RULES.md calls stable
 * ("equality is stable"). −τ is the moment still to add on that side before it tips. Both
 * positive can only happen when the net force is upward: a hand has lifted the board off
 * the wedge, which is not a tip. With a = 0 (a single knife edge) the two lines coincide
 * and a level board's reaction is simply the total.
 */
import { fileOf, pointCount, rankOf, type Grid } from '../../board/grid.ts';
import type { BySide, TiltSide } from '../../protocol/fields.ts';
import { SIM_GRID, SIM_PIECES } from './layout.ts';

/**
 * The game's physics the simulator needs, in the profile's units (the Senryaku rules'
 * BoardProfile is one): pitch, d (half the pinnacle gap, in pitches), the board's mass and
 * each kind of piece's, by letter.
 */
export interface SimGamePhysics {
  readonly wellPitch: number;
  readonly halfGap: number;
  readonly boardMass: number;
  readonly sphereMass: Readonly<Record<string, number>>;
  /** The unit of the masses: grams ("g") unless the simulator is told how many grams one is. */
  readonly massUnit: string;
}

/**
 * The simulator's board unless told otherwise: the rulings' default model on the reference
 * board, in grams (a 720 g board, 60 g spheres, d = 0.25 pitch: the rules core's
 * DEFAULT_PROFILE at 60 g a sphere, which a test holds this to).
 */
export const REFERENCE_PHYSICS: SimGamePhysics = Object.freeze({
  wellPitch: 1,
  halfGap: 0.25,
  boardMass: 720,
  sphereMass: Object.freeze({ w: 60, W: 60, b: 60, B: 60 }),
  massUnit: 'g',
});

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface BoardGeometry {
  /** Centre-to-centre distance of two wells. */
  readonly pitch: number;
  /** Distance between the two pinnacle lines (symmetric about the centre line). */
  readonly pinnacleGap: number;
  /** The weight of the tipping board itself, spheres not included. */
  readonly boardWeight: number;
  /** Where the board's own weight acts (the rulings: on the centre line, x = y = 0). */
  readonly centreOfMass: Point;
  /** Weight of each kind of piece, by its letter. */
  readonly sphereWeight: Readonly<Record<string, number>>;
  /** The piece letters in cell-code order (code 1 + index); default Senryaku's w W b B. */
  readonly pieces?: string;
  /** Default Senryaku's 7×6. */
  readonly grid?: Grid;
}

/** The board's static state under a set of loads. */
export interface Statics {
  /** Σ F, the board's own weight included. */
  readonly total: number;
  /** What each pinnacle line has to push (negative: it would have to pull, so the board turns). */
  readonly reactions: BySide<number>;
  /** Moment of the loads turning the board down about each side's pinnacle line (> 0: it turns). */
  readonly tippingMoments: BySide<number>;
  /** The side the board turns down toward, or undefined while it rests on both lines (or is lifted). */
  readonly tips: TiltSide | undefined;
  /** The net force is upward: the board has left the wedge (a hand lifting it). */
  readonly lifted: boolean;
}

/** Relative to the size of the moments involved, so measured (non-round) numbers keep "at the limit" stable. */
const LIMIT_TOLERANCE = 1e-9;

/**
 * Sums of point loads, moments taken about each pinnacle line as the loads come in.
 * Reusable (`clear()`), so the simulator adds every force each millisecond without allocating.
 */
export class LoadSum {
  total = 0;
  /** Σ F·(y − a): about Black's line. */
  aboutBlack = 0;
  /** Σ F·(−a − y): about White's line. */
  aboutWhite = 0;
  /** Σ |F|·(|y| + a): how big the moments are, for the limit's tolerance. */
  scale = 0;

  constructor(readonly halfGap: number) {}

  clear(): this {
    this.total = this.aboutBlack = this.aboutWhite = this.scale = 0;
    return this;
  }

  /** A downward force (negative: upward) at y; x does not matter to a board held sideways by full-width lines. */
  add(y: number, force: number): this {
    const a = this.halfGap;
    this.total += force;
    this.aboutBlack += force * (y - a);
    this.aboutWhite += force * (-a - y);
    this.scale += Math.abs(force) * (Math.abs(y) + a);
    return this;
  }
}

export class RigidBoard {
  readonly halfGap: number;
  readonly grid: Grid;
  /** Piece letters in cell-code order. */
  readonly pieces: string;
  /** Weight by board cell code (index 0 = empty). */
  readonly #weightByCell: Float64Array;
  readonly #wellY: Float64Array;
  readonly #wellX: Float64Array;

  private constructor(readonly geometry: BoardGeometry) {
    this.halfGap = geometry.pinnacleGap / 2;
    const grid = (this.grid = geometry.grid ?? SIM_GRID);
    this.pieces = geometry.pieces ?? SIM_PIECES;
    this.#weightByCell = Float64Array.from([0, ...[...this.pieces].map((p) => geometry.sphereWeight[p] ?? NaN)]);
    this.#wellX = Float64Array.from({ length: pointCount(grid) }, (_, w) => (fileOf(grid, w) - (grid.files - 1) / 2) * geometry.pitch);
    this.#wellY = Float64Array.from({ length: pointCount(grid) }, (_, w) => (rankOf(grid, w) - (grid.ranks - 1) / 2) * geometry.pitch);
  }

  /** Throws TypeError for a geometry no board can have (programmer misuse: profiles are checked when parsed). */
  static fromGeometry(geometry: BoardGeometry): RigidBoard {
    const finite = (v: number): boolean => Number.isFinite(v);
    if (!(geometry.pitch > 0) || !finite(geometry.pitch)) throw new TypeError('pitch must be a number > 0');
    if (!(geometry.pinnacleGap >= 0) || !finite(geometry.pinnacleGap)) throw new TypeError('pinnacleGap must be a number >= 0');
    if (!(geometry.boardWeight >= 0) || !finite(geometry.boardWeight)) throw new TypeError('boardWeight must be a number >= 0');
    if (!finite(geometry.centreOfMass.x) || !finite(geometry.centreOfMass.y)) throw new TypeError('centreOfMass must be finite');
    for (const p of geometry.pieces ?? SIM_PIECES) {
      const weight = geometry.sphereWeight[p] ?? NaN;
      if (!(weight > 0) || !finite(weight)) throw new TypeError(`sphereWeight.${p} must be a number > 0`);
    }
    return new RigidBoard(geometry);
  }

  /**
   * A profile's board in grams-force: the profile gives the pinnacle gap as d in pitches
   * (d = pinnacleGap / 2 / wellPitch), so the gap is 2·d·pitch; the board's mass acts on
   * the centre line, as the profile says it does.
   */
  static fromProfile(profile: SimGamePhysics, gramsPerMassUnit = 1, grid: Grid = SIM_GRID, pieces: string = SIM_PIECES): RigidBoard {
    const g = (m: number): number => m * gramsPerMassUnit;
    return RigidBoard.fromGeometry({
      pitch: profile.wellPitch,
      pinnacleGap: 2 * profile.halfGap * profile.wellPitch,
      boardWeight: g(profile.boardMass),
      centreOfMass: { x: 0, y: 0 },
      sphereWeight: Object.fromEntries([...pieces].map((p) => [p, g(profile.sphereMass[p] ?? NaN)])),
      pieces,
      grid,
    });
  }

  get pointCount(): number {
    return this.#wellY.length;
  }

  /** The centre of a well on the board. */
  wellPoint(well: number): Point {
    return { x: this.#wellX[well] ?? NaN, y: this.#wellY[well] ?? NaN };
  }

  wellY(well: number): number {
    return this.#wellY[well] ?? NaN;
  }

  /** The weight of what a board cell holds (0 for an empty well). */
  weightOf(cell: number): number {
    return this.#weightByCell[cell] ?? 0;
  }

  /** A fresh sum holding the board's own weight at its centre of mass. */
  loads(into: LoadSum = new LoadSum(this.halfGap)): LoadSum {
    return into.clear().add(this.geometry.centreOfMass.y, this.geometry.boardWeight);
  }

  /** The loads of the board and the spheres standing in its wells, leaving out the wells in `lifted`. */
  loadsOfBoard(board: ArrayLike<number>, lifted: readonly number[] = [], into?: LoadSum): LoadSum {
    const sum = this.loads(into);
    for (let w = 0; w < this.pointCount; w++) {
      const cell = board[w] ?? 0;
      if (cell !== 0 && !lifted.includes(w)) sum.add(this.wellY(w), this.weightOf(cell));
    }
    return sum;
  }

  /** Reactions and tipping from the moments about each pinnacle line. */
  solve(sum: LoadSum): Statics {
    const a = this.halfGap;
    const tippingMoments = { white: sum.aboutWhite, black: sum.aboutBlack };
    const limit = LIMIT_TOLERANCE * (sum.scale + 1);
    const turns = { white: sum.aboutWhite > limit, black: sum.aboutBlack > limit };
    const lifted = turns.white && turns.black;
    const tips: TiltSide | undefined = lifted ? undefined : turns.black ? 'black' : turns.white ? 'white' : undefined;
    // R_white·2a = −τ_black and R_black·2a = −τ_white (+ 0: no −0 at the limit); on a knife
    // edge (a = 0) a level board rests on the one line.
    const reactions =
      a > 0
        ? { white: -sum.aboutBlack / (2 * a) + 0, black: -sum.aboutWhite / (2 * a) + 0 }
        : { white: sum.total / 2, black: sum.total / 2 };
    return { total: sum.total, reactions, tippingMoments, tips, lifted };
  }
}
