/** Move notation (RULES.md, Surakarta): `b2-c3` for a step, `b2xe5` for a capture (to = the captured piece's point). */
import { err, ok, type Result } from '../../../util/result.ts';
import { checkMove, type IllegalMoveCode, type Move } from './moves.ts';
import type { Position } from './position.ts';
import { parsePoint, pointName } from './types.ts';

export const formatMove = (m: Move): string => `${pointName(m.from)}${m.capture ? 'x' : '-'}${pointName(m.to)}`;

export const NOTATION_ERROR_CODES = ['BadSyntax', 'BadPoint', 'NotLegal'] as const;
export type NotationErrorCode = (typeof NOTATION_ERROR_CODES)[number];
export interface NotationError {
  readonly code: NotationErrorCode;
  readonly message: string;
  /** Character offset of the bad point, for BadPoint. */
  readonly index?: number;
  /** Which rule a NotLegal move breaks. */
  readonly reason?: IllegalMoveCode;
}

/** Reads the notation alone, without a position. */
export function parseMoveNotation(text: string): Result<Move, NotationError> {
  const m = /^([a-z]\d)([-x])([a-z]\d)$/.exec(text);
  if (!m) return err({ code: 'BadSyntax', message: `'${text}' is not a move: write b2-c3 or b2xe5` });
  const from = parsePoint(m[1]!);
  const to = parsePoint(m[3]!);
  if (from === undefined) return err({ code: 'BadPoint', message: `'${m[1]}' is not a point (a1-f6)`, index: 0 });
  if (to === undefined) return err({ code: 'BadPoint', message: `'${m[3]}' is not a point (a1-f6)`, index: 3 });
  return ok({ from, to, capture: m[2] === 'x' });
}

/** Reads a move and checks it is one of the position's legal moves. */
export function parseLegalMove(pos: Position, text: string): Result<Move, NotationError> {
  const parsed = parseMoveNotation(text);
  if (!parsed.ok) return parsed;
  const checked = checkMove(pos, parsed.value);
  return checked.ok
    ? checked
    : err({ code: 'NotLegal', message: `${text} is not legal here: ${checked.error.message}`, reason: checked.error.code });
}
