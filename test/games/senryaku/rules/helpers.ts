/** Test helpers: positions from SPN, a naive reference perft, and random positions. */
import fc from 'fast-check';
import {
  EMPTY,
  FILES,
  RANKS,
  WELLS,
  BLACK_COLOURED,
  BLACK_PLAIN,
  WHITE_COLOURED,
  WHITE_PLAIN,
  legalMoves,
  parseSpn,
  playMove,
  type BalanceModel,
  type Position,
  type Well,
} from '../../../../src/games/senryaku/rules/index.ts';

export function spn(text: string): Position {
  const r = parseSpn(text);
  if (!r.ok) throw new Error(`test SPN invalid: ${r.error.message}`);
  return r.value;
}

/** Perft written the slow, obvious way on the public API, to check the fast one. */
export function naivePerft(pos: Position, depth: number, model?: BalanceModel): number {
  if (depth === 0) return 1;
  const moves = legalMoves(pos);
  if (depth === 1) return moves.length;
  let total = 0;
  for (const m of moves) {
    const r = playMove(pos, m, model);
    if (!r.ok) throw new Error(r.error.message);
    if (r.value.outcome.kind === 'none') total += naivePerft(r.value.position, depth - 1, model);
  }
  return total;
}

/** Any arrangement a game could reach: one coloured sphere a side, 0-6 plain spheres a side, locks on plain spheres. */
export const arbitraryPosition: fc.Arbitrary<Position> = fc
  .record({
    plainW: fc.integer({ min: 0, max: 6 }),
    plainB: fc.integer({ min: 0, max: 6 }),
    wells: fc.shuffledSubarray(
      Array.from({ length: WELLS }, (_, i) => i),
      { minLength: 14, maxLength: 14 },
    ),
    turn: fc.constantFrom('white' as const, 'black' as const),
    lockW: fc.integer({ min: -1, max: 5 }),
    lockB: fc.integer({ min: -1, max: 5 }),
  })
  .map(({ plainW, plainB, wells, turn, lockW, lockB }) => {
    const board = new Int8Array(WELLS);
    const [w0, b0] = [wells[0]!, wells[1]!];
    board[w0] = WHITE_COLOURED;
    board[b0] = BLACK_COLOURED;
    const whites = wells.slice(2, 2 + plainW);
    const blacks = wells.slice(8, 8 + plainB);
    for (const w of whites) board[w] = WHITE_PLAIN;
    for (const w of blacks) board[w] = BLACK_PLAIN;
    const lock = (list: Well[], i: number): Well | undefined => (i >= 0 && i < list.length ? list[i] : undefined);
    return { board, turn, locked: { white: lock(whites, lockW), black: lock(blacks, lockB) } };
  });

const mapBoard = (board: Int8Array, map: (w: Well) => Well, cell: (c: number) => number): Int8Array => {
  const out = new Int8Array(WELLS).fill(EMPTY);
  board.forEach((c, w) => {
    if (c !== EMPTY) out[map(w)] = cell(c);
  });
  return out;
};

const mirrorWell = (w: Well): Well => FILES - 1 - (w % FILES) + FILES * Math.floor(w / FILES);
const flipRank = (w: Well): Well => (w % FILES) + FILES * (RANKS - 1 - Math.floor(w / FILES));
const swapCell = (c: number): number => (c <= 2 ? c + 2 : c - 2);
const mapLock = (w: Well | undefined, f: (w: Well) => Well) => (w === undefined ? undefined : f(w));

/** Files a↔g. */
export const mirrorFiles = (p: Position): Position => ({
  board: mapBoard(p.board, mirrorWell, (c) => c),
  turn: p.turn,
  locked: { white: mapLock(p.locked.white, mirrorWell), black: mapLock(p.locked.black, mirrorWell) },
});

/** White↔Black with ranks 1↔6: the same game seen from the other seat. */
export const swapSides = (p: Position): Position => ({
  board: mapBoard(p.board, flipRank, swapCell),
  turn: p.turn === 'white' ? 'black' : 'white',
  locked: { white: mapLock(p.locked.black, flipRank), black: mapLock(p.locked.white, flipRank) },
});
