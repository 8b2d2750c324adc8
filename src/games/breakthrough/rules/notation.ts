/** Move notation: `b2-b3` for a step, `b2xc3` for a capture. */
import { err, ok, type Result } from '../../../util/result.ts';
import { checkMove, type IllegalMoveCode, type Move } from './moves.ts';
import type { Position } from './position.ts';
import { parseSquare, squareName } from './types.ts';

export const formatMove = (m: Move): string => `${squareName(m.from)}${m.capture ? 'x' : '-'}${squareName(m.to)}`;

export const NOTATION_ERROR_CODES = ['BadSyntax', 'BadSquare', 'NotLegal'] as const;
export type NotationErrorCode = (typeof NOTATION_ERROR_CODES)[number];
export interface NotationError {
  readonly code: NotationErrorCode;
  readonly message: string;
  readonly reason?: IllegalMoveCode;
}

export function parseMoveNotation(text: string): Result<Move, NotationError> {
  const m = /^([a-z]\d)([-x])([a-z]\d)$/.exec(text);
  if (!m) return err({ code: 'BadSyntax', message: `'${text}' is not a move: write b2-b3 or b2xc3` });
  const from = parseSquare(m[1]!);
  const to = parseSquare(m[3]!);
  if (from === undefined || to === undefined)
    return err({ code: 'BadSquare', message: `'${from === undefined ? m[1] : m[3]}' is not a square (a1-f6)` });
  return ok({ from, to, capture: m[2] === 'x' });
}

/** Reads a move and checks it is legal in the position. */
export function parseLegalMove(pos: Position, text: string): Result<Move, NotationError> {
  const parsed = parseMoveNotation(text);
  if (!parsed.ok) return parsed;
  const checked = checkMove(pos, parsed.value);
  return checked.ok
    ? checked
    : err({ code: 'NotLegal', message: `${text} is not legal here: ${checked.error.message}`, reason: checked.error.code });
}
