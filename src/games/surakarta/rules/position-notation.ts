/**
 * Position notation (RULES.md, Surakarta): `<ranks 6..1, '/' between> <side to move: x|o>`,
 * `x` Light, `o` Dark, a digit 1–6 counts empty points. Parsing is as strict as Senryaku's
 * SPN, so a string that parses formats back to itself: one space between the fields, no two
 * digits in a row, at most 12 pieces a side.
 */
import { err, ok, type Result } from '../../../util/result.ts';
import { formatBoardField, parseBoardField } from '../../../util/board-field.ts';
import type { Position } from './position.ts';
import { FILES, PIECES_PER_SIDE, PIECE_CHARS, RANKS, RANK_NAMES, cellChar, charCell, sideOf, type Side } from './types.ts';

export const START_POSITION = 'oooooo/oooooo/6/6/xxxxxx/xxxxxx x';

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
  /** Character offset in the text where the problem is, when it has one place. */
  readonly index?: number;
}

const fail = (code: PositionErrorCode, message: string, index?: number): Result<never, PositionError> =>
  err(index === undefined ? { code, message } : { code, message: `${message} (at character ${index + 1})`, index });

const sideName = (s: Side): string => (s === 'light' ? 'Light (x)' : 'Dark (o)');

export function parsePosition(text: string): Result<Position, PositionError> {
  if (text.length === 0) return fail('Empty', `the position is empty; the start position is '${START_POSITION}'`);
  const fields = text.split(' ');
  if (fields.length !== 2) {
    // Point at the first space too many, or at the end when the side to move is missing.
    const at = fields.length < 2 ? text.length : (fields[0] ?? '').length + 1 + (fields[1] ?? '').length;
    return fail('WrongFieldCount', `a position has 2 fields separated by one space (board, side to move); got ${fields.length}`, at);
  }
  const [boardField = '', turnField = ''] = fields;

  const ranks = boardField.split('/');
  if (ranks.length !== RANKS) {
    const at = ranks.length > RANKS ? ranks.slice(0, RANKS).join('/').length : boardField.length;
    return fail('WrongRankCount', `the board field has ${RANKS} ranks separated by '/'; got ${ranks.length}`, at);
  }

  const counts = { light: 0, dark: 0 };
  const parsed = parseBoardField(ranks, {
    files: FILES,
    ranks: RANKS,
    rankNames: RANK_NAMES,
    pieceOf: (ch) => ((PIECE_CHARS as readonly string[]).includes(ch) ? charCell(ch) : undefined),
    point: 'point',
    piece: 'a piece (x o)',
    onPiece: (cell, at) => {
      const side = sideOf(cell)!;
      if (++counts[side] <= PIECES_PER_SIDE) return undefined;
      return { code: 'TooManyPieces' as const, message: `${sideName(side)} has more than ${PIECES_PER_SIDE} pieces`, index: at };
    },
  });
  if (!parsed.ok) return fail(parsed.error.code, parsed.error.message, parsed.error.index);
  const board = parsed.value;

  const turnAt = boardField.length + 1;
  if (turnField !== 'x' && turnField !== 'o') return fail('BadTurn', `side to move is 'x' or 'o', not '${turnField}'`, turnAt);
  return ok({ board, turn: turnField === 'x' ? 'light' : 'dark' });
}

export const formatBoard = (board: ArrayLike<number>): string => formatBoardField(board, FILES, RANKS, cellChar);

export const formatPosition = (pos: Position): string => `${formatBoard(pos.board)} ${pos.turn === 'light' ? 'x' : 'o'}`;
