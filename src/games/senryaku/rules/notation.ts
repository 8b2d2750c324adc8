/** Move notation: `d1-d2` for a step, `c5xd4` for a capture (destination = the captured sphere's well). */
import { err, ok, type Result } from '../../../util/result.ts';
import { checkMove, type Move } from './moves.ts';
import type { Position } from './position.ts';
import { parseWell, wellName } from './types.ts';

export const formatMove = (m: Move): string => `${wellName(m.from)}${m.capture ? 'x' : '-'}${wellName(m.to)}`;

export const NOTATION_ERROR_CODES = ['BadSyntax', 'BadWell', 'NotLegal'] as const;
export type NotationErrorCode = (typeof NOTATION_ERROR_CODES)[number];
export interface NotationError {
  readonly code: NotationErrorCode;
  readonly message: string;
}

/** Reads the notation alone, without a position. */
export function parseMoveNotation(text: string): Result<Move, NotationError> {
  const m = /^([a-z]\d)([-x])([a-z]\d)$/.exec(text);
  if (!m) return err({ code: 'BadSyntax', message: `'${text}' is not a move: write d1-d2 or c5xd4` });
  const from = parseWell(m[1]!);
  const to = parseWell(m[3]!);
  if (from === undefined) return err({ code: 'BadWell', message: `'${m[1]}' is not a well (a1-g6)` });
  if (to === undefined) return err({ code: 'BadWell', message: `'${m[3]}' is not a well (a1-g6)` });
  return ok({ from, to, capture: m[2] === 'x' });
}

/** Reads a move and checks it is one of the position's legal moves. */
export function parseLegalMove(pos: Position, text: string): Result<Move, NotationError> {
  const parsed = parseMoveNotation(text);
  if (!parsed.ok) return parsed;
  const checked = checkMove(pos, parsed.value);
  return checked.ok ? checked : err({ code: 'NotLegal', message: `${text} is not legal here: ${checked.error.message}` });
}
