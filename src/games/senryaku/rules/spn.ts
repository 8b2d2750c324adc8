/**
 * SPN, Senryaku Position Notation (RULES.md):
 * `<ranks 6..1, '/' between> <side to move: w|b> <White's locked well|-> <Black's locked well|->`.
 * Parsing is strict, so a string that parses formats back to itself.
 */
import { err, ok, type Result } from '../../../util/result.ts';
import { formatBoardField, parseBoardField } from '../../../util/board-field.ts';
import { MAX_PLAIN_PER_SIDE, type Position } from './position.ts';
import {
  COLORS,
  EMPTY,
  FILES,
  PIECE_CHARS,
  RANKS,
  RANK_NAMES,
  cellChar,
  charCell,
  cellColor,
  colouredOf,
  parseWell,
  plainOf,
  wellName,
  type ByColor,
  type Color,
  type Well,
} from './types.ts';

export const START_SPN = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

export const SPN_ERROR_CODES = [
  'Empty',
  'WrongFieldCount',
  'WrongRankCount',
  'BadCharacter',
  'AdjacentDigits',
  'RankTooShort',
  'RankTooLong',
  'BadTurn',
  'BadLockedWell',
  'LockNotPlain',
  'MissingColoured',
  'ExtraColoured',
  'TooManySpheres',
] as const;
export type SpnErrorCode = (typeof SPN_ERROR_CODES)[number];

export interface SpnError {
  readonly code: SpnErrorCode;
  readonly message: string;
  /** Character offset in the SPN string where the problem is, when it has one place. */
  readonly index?: number;
}

const fail = (code: SpnErrorCode, message: string, index?: number): Result<never, SpnError> =>
  err(index === undefined ? { code, message } : { code, message: `${message} (at character ${index + 1})`, index });

const colorName = (c: Color): string => (c === 'white' ? 'White' : 'Black');

export function parseSpn(spn: string): Result<Position, SpnError> {
  if (spn.length === 0) return fail('Empty', `the SPN is empty; the start position is '${START_SPN}'`);
  const fields = spn.split(' ');
  if (fields.length !== 4)
    return fail(
      'WrongFieldCount',
      `SPN has 4 fields separated by single spaces (board, side, White's lock, Black's lock); got ${fields.length}`,
    );
  const [boardField = '', turnField = '', whiteLock = '', blackLock = ''] = fields;

  const ranks = boardField.split('/');
  if (ranks.length !== RANKS) return fail('WrongRankCount', `the board field has ${RANKS} ranks separated by '/'; got ${ranks.length}`);

  const parsed = parseBoardField<never>(ranks, {
    files: FILES,
    ranks: RANKS,
    rankNames: RANK_NAMES,
    pieceOf: (ch) => ((PIECE_CHARS as readonly string[]).includes(ch) ? charCell(ch) : undefined),
    point: 'well',
    piece: 'a sphere (w W b B)',
  });
  if (!parsed.ok) return fail(parsed.error.code, parsed.error.message, parsed.error.index);
  const board = parsed.value;

  const turnAt = boardField.length + 1;
  if (turnField !== 'w' && turnField !== 'b') return fail('BadTurn', `side to move is 'w' or 'b', not '${turnField}'`, turnAt);
  const turn: Color = turnField === 'w' ? 'white' : 'black';

  const counts = countSpheres(board);
  for (const c of COLORS) {
    if (counts[c].coloured === 0) return fail('MissingColoured', `${colorName(c)}'s coloured sphere is missing`);
    if (counts[c].coloured > 1) return fail('ExtraColoured', `${colorName(c)} has ${counts[c].coloured} coloured spheres; there is one`);
    if (counts[c].plain > MAX_PLAIN_PER_SIDE)
      return fail('TooManySpheres', `${colorName(c)} has ${counts[c].plain} plain spheres; a side has ${MAX_PLAIN_PER_SIDE}`);
  }

  const locked: { white: Well | undefined; black: Well | undefined } = { white: undefined, black: undefined };
  let lockAt = turnAt + turnField.length + 1;
  for (const [c, text] of [
    ['white', whiteLock],
    ['black', blackLock],
  ] as const) {
    if (text !== '-') {
      const w = parseWell(text);
      if (w === undefined) return fail('BadLockedWell', `${colorName(c)}'s locked well is a well (a1-g6) or '-', not '${text}'`, lockAt);
      if (board[w] !== plainOf(c)) {
        const holds = cellChar(board[w] ?? EMPTY);
        return fail(
          'LockNotPlain',
          `${colorName(c)}'s locked well ${text} must hold a ${c} plain sphere; it holds ${holds ? `'${holds}'` : 'nothing'}`,
          lockAt,
        );
      }
      locked[c] = w;
    }
    lockAt += text.length + 1;
  }
  return ok({ board, turn, locked });
}

function countSpheres(board: Int8Array): ByColor<{ plain: number; coloured: number }> {
  const counts = { white: { plain: 0, coloured: 0 }, black: { plain: 0, coloured: 0 } };
  for (const cell of board) {
    const c = cellColor(cell);
    if (!c) continue;
    if (cell === colouredOf(c)) counts[c].coloured++;
    else counts[c].plain++;
  }
  return counts;
}

export const formatBoard = (board: ArrayLike<number>): string => formatBoardField(board, FILES, RANKS, cellChar);

export const formatSpn = (pos: Position): string =>
  [
    formatBoard(pos.board),
    pos.turn === 'white' ? 'w' : 'b',
    pos.locked.white === undefined ? '-' : wellName(pos.locked.white),
    pos.locked.black === undefined ? '-' : wellName(pos.locked.black),
  ].join(' ');
