/**
 * Surakarta's search board (src/engine/types.ts, SearchBoard): the two-sided capture board of
 * src/engine/capture-board.ts (a private copy of the 36 points made and unmade in place, piece
 * counts and Zobrist key kept as it goes, nothing allocated per node) with Surakarta's moves,
 * its pass and its game end.
 *
 * Moves are the rules core's codes (rules/moves.ts: from | to << 6 | capture << 12), so the
 * core's allocation-free generator writes them straight into the search's buffer. A side
 * with pieces but no legal move passes (rules/game.ts, `must-pass`): it gets PASS, its only
 * move, a code no real move has. A side with no pieces has no move at all: it has lost
 * (taking the last enemy piece is a win for the mover, and `make` says so).
 */
import { CaptureBoard, captureBoardKeys } from '../../../engine/capture-board.ts';
import type { MoveEnd, SearchBoard } from '../../../engine/types.ts';
import { CAPTURE_BIT, MAX_MOVES, generateCellMoves } from '../rules/moves.ts';
import type { Position } from '../rules/position.ts';
import { POINTS, SIDES, cellOf, type Side } from '../rules/types.ts';
import { evaluate } from './evaluation.ts';

/** Any fixed seed will do; this one spells "SRKT". */
const KEYS = captureBoardKeys(POINTS, 0x53524b54);

/** The pass of a side that has pieces but no legal move: above every move code (the highest is 35 | 35 << 6 | CAPTURE_BIT). */
export const PASS = CAPTURE_BIT << 1;

export class SurakartaSearchBoard extends CaptureBoard implements SearchBoard {
  readonly maxMoves = MAX_MOVES;

  constructor(pos: Position) {
    super(pos.board, cellOf(pos.turn), KEYS);
  }

  generate(out: Int32Array): number {
    if (this.pieces[this.mover] === 0) return 0;
    const n = generateCellMoves(this.board, this.mover, out);
    if (n > 0) return n;
    out[0] = PASS;
    return 1;
  }

  isNoisy(move: number): boolean {
    return (move & CAPTURE_BIT) !== 0;
  }

  make(move: number): MoveEnd {
    if (move === PASS) {
      this.pass();
      return 'continues';
    }
    return this.play(move) ? 'mover-wins' : 'continues';
  }

  unmake(move: number): void {
    if (move === PASS) this.pass();
    else this.takeBack(move);
  }

  evaluate(): number {
    return evaluate(this.board, this.mover);
  }

  turn(): Side {
    return SIDES[this.mover - 1]!;
  }

  /** The position on the board now, as the rules core has it (a copy). */
  position(): Position {
    return { board: this.board.slice(), turn: this.turn() };
  }
}
