/**
 * A Breakthrough position and its notation: `<ranks 6..1, '/' between> <side to move: w|b>`,
 * `w` White, `b` Black, a digit 1–6 counting empty squares. Strict like the other games'
 * notations, so a text that parses formats back to itself.
 */
import { formatBoardField, parseBoardField } from '../../../util/board-field.ts';
import { err, ok, type Result } from '../../../util/result.ts';
import {
  BLACK,
  EMPTY,
  FILES,
  PIECES_PER_SIDE,
  PIECE_CHARS,
  RANKS,
  RANK_NAMES,
  SQUARES,
  WHITE,
  cellChar,
  sideOf,
  type BySide,
  type Side,
} from './types.ts';

export interface Position {
  /** 36 cells, a1 = 0 … f6 = 35; treat as immutable (functions return new positions). */
  readonly board: Int8Array;
  readonly turn: Side;
}

export const START_POSITION = 'bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w';

/** White on ranks 1–2, Black on ranks 5–6, White to move. */
export function startPosition(): Position {
  const board = new Int8Array(SQUARES);
  for (let s = 0; s < 2 * FILES; s++) {
    board[s] = WHITE;
    board[SQUARES - 1 - s] = BLACK;
  }
  return { board, turn: 'white' };
}

export function pieceCounts(board: ArrayLike<number>): BySide<number> {
  const counts = { white: 0, black: 0 };
  for (let s = 0; s < SQUARES; s++) {
    const side = sideOf(board[s] ?? EMPTY);
    if (side) counts[side]++;
  }
  return counts;
}

export const POSITION_ERROR_CODES = [
  'Empty',
  'WrongFieldCount',
  'WrongRankCount',
  'BadCharacter',
  'AdjacentDigits',
  'RankTooShort',
  'RankTooLong',
  'BadTurn',
  'TooManyPieces',
] as const;
export type PositionErrorCode = (typeof POSITION_ERROR_CODES)[number];

export interface PositionError {
  readonly code: PositionErrorCode;
  readonly message: string;
  /** Character offset of the problem, when it has one place. */
  readonly index?: number;
}

const fail = (code: PositionErrorCode, message: string, index?: number): Result<never, PositionError> =>
  err(index === undefined ? { code, message } : { code, message: `${message} (at character ${index + 1})`, index });

export function parsePosition(text: string): Result<Position, PositionError> {
  if (text.length === 0) return fail('Empty', `the position is empty; the start position is '${START_POSITION}'`);
  const fields = text.split(' ');
  if (fields.length !== 2)
    return fail('WrongFieldCount', `a position has 2 fields separated by one space (board, side to move); got ${fields.length}`);
  const [boardField = '', turnField = ''] = fields;
  const ranks = boardField.split('/');
  if (ranks.length !== RANKS) return fail('WrongRankCount', `the board field has ${RANKS} ranks separated by '/'; got ${ranks.length}`);
  const counts = { white: 0, black: 0 };
  const parsed = parseBoardField(ranks, {
    files: FILES,
    ranks: RANKS,
    rankNames: RANK_NAMES,
    pieceOf: (ch) => {
      const i = (PIECE_CHARS as readonly string[]).indexOf(ch);
      return i < 0 ? undefined : i + 1;
    },
    point: 'square',
    piece: 'a piece (w b)',
    onPiece: (cell, at) => {
      const side = sideOf(cell)!;
      if (++counts[side] <= PIECES_PER_SIDE) return undefined;
      return { code: 'TooManyPieces' as const, message: `${side} has more than ${PIECES_PER_SIDE} pieces`, index: at };
    },
  });
  if (!parsed.ok) return fail(parsed.error.code, parsed.error.message, parsed.error.index);
  if (turnField !== 'w' && turnField !== 'b')
    return fail('BadTurn', `side to move is 'w' or 'b', not '${turnField}'`, boardField.length + 1);
  return ok({ board: parsed.value, turn: turnField === 'w' ? 'white' : 'black' });
}

export const formatBoard = (board: ArrayLike<number>): string => formatBoardField(board, FILES, RANKS, cellChar);

export const formatPosition = (pos: Position): string => `${formatBoard(pos.board)} ${pos.turn === 'white' ? 'w' : 'b'}`;
