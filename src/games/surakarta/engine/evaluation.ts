/**
 * Surakarta's static evaluation (issue 24: "mobility, circuit control and piece safety", the
 * terms SIA's alpha-beta weighs), in centi-pieces from one side's view: a piece is 100.
 *
 * One pass over the pieces walks each piece's circuit paths both ways, as the move generator
 * does (rules/moves.ts), and records what each walk meets after a loop: an enemy piece is an
 * attack (a capture available), an own piece is a defence (were an enemy to capture there,
 * this piece would take back on the same point: its path to it is unchanged). From that:
 *
 * - material: 100 a piece, and when ahead a bonus that grows as pieces come off, so that the
 *   side ahead trades down (a lead of one piece in 3 against 2 is worth more than in 12 against 11);
 * - mobility: each empty neighbour point a piece can step to (1), each capture path (4): a
 *   side with captures in hand keeps the other side tied to defending;
 * - circuit control: a piece on a point of one circuit line (3), of two lines (6): the lines
 *   are where attacks run; a corner point is on none (safe from capture, but idle);
 * - safety: an attacked piece with no defender (−20: it must move or be lost, a tempo at
 *   best), an attacked piece defended (−6: it can be taken, but at the price of the taker),
 *   a piece defended and not attacked (+3). Two or more undefended pieces attacked at once
 *   when the side must move: one of them is likely lost (−40, once: the side to move often
 *   takes first, which quiescence sees; more would let one opened line outweigh a piece).
 *
 * The weights keep every positional sum well under a piece: the search's quiescence decides
 * the captures, the evaluation only the quiet position's shape. Nothing is allocated: the
 * scratch arrays are the module's (the search is single-threaded and does not re-enter).
 */
import { LOOP_TO_NEXT, LOOP_TO_PREV, NEXT_SLOT, PREV_SLOT, SLOTS_OF, SLOT_POINT, TRACK_LENGTH } from '../rules/circuits.ts';
import { NEIGHBOURS } from '../rules/moves.ts';
import { EMPTY, PIECES_PER_SIDE, POINTS } from '../rules/types.ts';

const PIECE = 100;
/** Bonus per piece of lead per piece off the board (both sides together). */
const TRADE_DOWN = 2;
const STEP = 1;
const CAPTURE_PATH = 4;
/** By the number of circuit lines through the point: 0 (a corner), 1 (an edge point), 2 (inside). */
const CIRCUIT_POINT = [0, 3, 6] as const;
const HANGING = 20;
const HANGING_DEFENDED = 6;
const DEFENDED = 3;
/** Two or more undefended attacked pieces, for the side to move: it can save only one. */
const SECOND_HANGING = 40;
/** The side to move has the next move: a small edge that keeps odd and even depths' scores closer. */
const TEMPO = 5;

const LINES_THROUGH = Int8Array.from({ length: POINTS }, (_, p) => SLOTS_OF[p]!.length);

/** Per point: attacked by a capture path of the other side; defended by one of its own side. */
const attacked = new Uint8Array(POINTS);
const defended = new Uint8Array(POINTS);
/** Per cell (1 Light, 2 Dark): the positional sum so far, the number of pieces. */
const positional = new Int32Array(3);
const pieces = new Int32Array(3);
const hanging = new Int32Array(3);

/** Walks a piece's circuit paths from `slot` one way, marking what it meets after a loop; returns 1 for a capture path. */
function walk(board: Int8Array, from: number, own: number, slot: number, next: Int8Array, loopTo: Uint8Array): number {
  let s = slot;
  let loops = 0;
  for (let k = 0; k < TRACK_LENGTH; k++) {
    loops |= loopTo[s]!;
    s = next[s]!;
    const q = SLOT_POINT[s]!;
    if (q === from) continue;
    const cell = board[q]!;
    if (cell === EMPTY) continue;
    if (loops === 0) return 0;
    if (cell === own) {
      defended[q] = 1;
      return 0;
    }
    attacked[q] = 1;
    return 1;
  }
  return 0;
}

/** The evaluation of `board` for the side whose pieces are `mine` (1 or 2), that side to move. */
export function evaluate(board: Int8Array, mine: number): number {
  attacked.fill(0);
  defended.fill(0);
  positional.fill(0);
  pieces.fill(0);
  hanging.fill(0);
  for (let p = 0; p < POINTS; p++) {
    const own = board[p]!;
    if (own === EMPTY) continue;
    pieces[own]!++;
    let score = CIRCUIT_POINT[LINES_THROUGH[p]!]!;
    const ns = NEIGHBOURS[p]!;
    for (let i = 0; i < ns.length; i++) if (board[ns[i]!] === EMPTY) score += STEP;
    const slots = SLOTS_OF[p]!;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      score += CAPTURE_PATH * walk(board, p, own, slot, NEXT_SLOT, LOOP_TO_NEXT);
      score += CAPTURE_PATH * walk(board, p, own, slot, PREV_SLOT, LOOP_TO_PREV);
    }
    positional[own]! += score;
  }
  for (let p = 0; p < POINTS; p++) {
    const own = board[p]!;
    if (own === EMPTY) continue;
    if (attacked[p] === 0) positional[own]! += defended[p] === 1 ? DEFENDED : 0;
    else if (defended[p] === 1) positional[own]! -= HANGING_DEFENDED;
    else {
      positional[own]! -= HANGING;
      hanging[own]!++;
    }
  }
  const theirs = 3 - mine;
  const lead = pieces[mine]! - pieces[theirs]!;
  const off = 2 * PIECES_PER_SIDE - pieces[mine]! - pieces[theirs]!;
  const overloaded = hanging[mine]! > 1 ? SECOND_HANGING : 0;
  return lead * (PIECE + TRADE_DOWN * off) + positional[mine]! - positional[theirs]! - overloaded + TEMPO;
}
