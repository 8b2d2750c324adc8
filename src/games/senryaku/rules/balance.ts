/**
 * The balance model of the rulings. With y the distance of a well centre from the
 * centre line in pitches (rank r: y = r - 3.5), the board is stable while
 * |Σ mᵢ·yᵢ| ≤ d·(M + Σ mᵢ), equality included. It tips toward Black when Σ mᵢ·yᵢ > 0.
 *
 * Moments are kept in half-pitches (y2 = 2y, an integer) so that the default profile
 * is computed exactly; a tiny relative tolerance keeps measured profiles' equality stable.
 */
import type { BoardProfile } from './profile.ts';
import { PIECE_CHARS, WELLS, rankOf, type ByColor, type Color, type Well } from './types.ts';

/** Twice the signed distance of each well's centre from the centre line, in pitches. */
export const Y2: Int8Array = Int8Array.from({ length: WELLS }, (_, w) => 2 * rankOf(w) - 5);

const RELATIVE_TOLERANCE = 1e-9;

/** Σ m·y2 and Σ m over the spheres on the board. */
export interface Load {
  readonly moment2: number;
  readonly mass: number;
}

export class BalanceModel {
  /** Mass by board cell code (index 0 = empty). */
  readonly massByCell: Float64Array;

  private constructor(
    readonly profile: BoardProfile,
    readonly boardMass: number,
    readonly halfGap: number,
  ) {
    this.massByCell = Float64Array.from([0, ...PIECE_CHARS.map((p) => profile.sphereMass[p])]);
  }

  static fromProfile(profile: BoardProfile): BalanceModel {
    return new BalanceModel(profile, profile.boardMass, profile.halfGap);
  }

  /** The load of the spheres standing on the board, leaving out those in `lifted`. */
  loadOf(board: ArrayLike<number>, lifted: readonly Well[] = []): Load {
    let moment2 = 0;
    let mass = 0;
    for (let w = 0; w < WELLS; w++) {
      const cell = board[w] ?? 0;
      if (cell === 0 || lifted.includes(w)) continue;
      const m = this.massByCell[cell] ?? 0;
      moment2 += m * (Y2[w] ?? 0);
      mass += m;
    }
    return { moment2, mass };
  }

  /** Twice the restoring capacity d·(M + Σm), in the same half-pitch units as moment2. */
  capacity2(mass: number): number {
    return 2 * this.halfGap * (this.boardMass + mass);
  }

  isStableLoad(moment2: number, mass: number): boolean {
    const cap = this.capacity2(mass);
    return Math.abs(moment2) <= cap + RELATIVE_TOLERANCE * (cap + 1);
  }

  /** The side the board tips toward, or undefined while it is stable. */
  tipsToward(moment2: number, mass: number): Color | undefined {
    if (this.isStableLoad(moment2, mass)) return undefined;
    return moment2 > 0 ? 'black' : 'white';
  }

  /** Moment (mass·pitch) still to add toward each side before the board tips; negative once tipped. */
  margins(load: Load): ByColor<number> {
    const cap = this.capacity2(load.mass) / 2;
    const moment = load.moment2 / 2;
    return { black: cap - moment, white: cap + moment };
  }

  isStable(board: ArrayLike<number>, lifted: readonly Well[] = []): boolean {
    const { moment2, mass } = this.loadOf(board, lifted);
    return this.isStableLoad(moment2, mass);
  }

  tipMargins(board: ArrayLike<number>, lifted: readonly Well[] = []): ByColor<number> {
    return this.margins(this.loadOf(board, lifted));
  }
}
