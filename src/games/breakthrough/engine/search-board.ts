/**
 * Breakthrough's search board (src/engine/types.ts, SearchBoard): the two-sided capture board
 * of src/engine/capture-board.ts (a private copy of the 36 squares made and unmade in place,
 * piece counts and Zobrist key kept as it goes, nothing allocated per node) with Breakthrough's
 * moves and game ends.
 *
 * Moves are the rules core's codes (rules/moves.ts: from | to << 6 | capture << 12), written
 * by its allocation-free generator. A game ends on the move that brings a piece to the far
 * rank or takes the last enemy piece (rules/game.ts): `make` says the mover wins. There are
 * no passes and no draws: a side with pieces always has a move.
 */
import { CaptureBoard, captureBoardKeys } from '../../../engine/capture-board.ts';
import type { MoveEnd, SearchBoard } from '../../../engine/types.ts';
import { CAPTURE_BIT, MAX_MOVES, generateMoves } from '../rules/moves.ts';
import type { Position } from '../rules/position.ts';
import { FILES, SIDES, SQUARES, cellOf, type Side } from '../rules/types.ts';
import { evaluate } from './evaluation.ts';

/** Any fixed seed will do; this one spells "BTHR". */
const KEYS = captureBoardKeys(SQUARES, 0x42544852);

/** Is this a move onto a goal rank (White's is rank 6, squares 30..35; Black's rank 1, 0..5)? Only the side whose goal it is can get there. */
const reachesGoal = (to: number): boolean => to < FILES || to >= SQUARES - FILES;

export class BreakthroughSearchBoard extends CaptureBoard implements SearchBoard {
  readonly maxMoves = MAX_MOVES;

  constructor(pos: Position) {
    super(pos.board, cellOf(pos.turn), KEYS);
  }

  generate(out: Int32Array): number {
    return this.pieces[this.mover] === 0 ? 0 : generateMoves(this.board, SIDES[this.mover - 1]!, out);
  }

  /** A capture, or a move onto the goal rank (it wins). */
  isNoisy(move: number): boolean {
    return (move & CAPTURE_BIT) !== 0 || reachesGoal((move >> 6) & 63);
  }

  make(move: number): MoveEnd {
    return this.play(move) || reachesGoal((move >> 6) & 63) ? 'mover-wins' : 'continues';
  }

  unmake(move: number): void {
    this.takeBack(move);
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
