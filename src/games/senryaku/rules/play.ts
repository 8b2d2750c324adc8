/**
 * Playing a move: the position after it, and what happened on the way. The physical
 * sequence is checked state by state (RULES.md, Crashing the board): a step is
 * (lift, place); a capture is (lift the captured coloured sphere, lift the capturer,
 * place the capturer). The first unstable state crashes the board and the mover loses,
 * even when the move was a winning capture.
 */
import { err, ok, type Result } from '../../../util/result.ts';
import { BalanceModel, Y2 } from './balance.ts';
import { checkMove, type IllegalMove, type Move } from './moves.ts';
import type { Position } from './position.ts';
import { DEFAULT_PROFILE } from './profile.ts';
import { EMPTY, isColoured, opposite, type Color } from './types.ts';

export const DEFAULT_MODEL: BalanceModel = BalanceModel.fromProfile(DEFAULT_PROFILE);

export const CRASH_STEPS = ['lift', 'place', 'lift-captured', 'lift-capturer', 'place-capturer'] as const;
export type CrashStep = (typeof CRASH_STEPS)[number];

export type MoveOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'capture'; readonly winner: Color }
  | {
      readonly kind: 'crash';
      readonly loser: Color;
      readonly step: CrashStep;
      /** 1-based position of the crashing state in the move's physical sequence. */
      readonly stepIndex: number;
      /** The side the board tipped toward. */
      readonly toward: Color;
    };

/** The physical states of a move, each as the change it makes: -1 lifts, +1 places, at a well. */
function physicalSequence(pos: Position, move: Move): { step: CrashStep; well: number; sign: -1 | 1; cell: number }[] {
  const mover = pos.board[move.from] ?? EMPTY;
  if (!move.capture)
    return [
      { step: 'lift', well: move.from, sign: -1, cell: mover },
      { step: 'place', well: move.to, sign: 1, cell: mover },
    ];
  return [
    { step: 'lift-captured', well: move.to, sign: -1, cell: pos.board[move.to] ?? EMPTY },
    { step: 'lift-capturer', well: move.from, sign: -1, cell: mover },
    { step: 'place-capturer', well: move.to, sign: 1, cell: mover },
  ];
}

/** What a (legal) move leads to; does not check legality. */
export function moveOutcome(pos: Position, move: Move, model: BalanceModel = DEFAULT_MODEL): MoveOutcome {
  let { moment2, mass } = model.loadOf(pos.board);
  const steps = physicalSequence(pos, move);
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    const m = model.massByCell[s.cell] ?? 0;
    moment2 += s.sign * m * (Y2[s.well] ?? 0);
    mass += s.sign * m;
    const toward = model.tipsToward(moment2, mass);
    if (toward) return { kind: 'crash', loser: pos.turn, step: s.step, stepIndex: i + 1, toward };
  }
  return move.capture ? { kind: 'capture', winner: pos.turn } : { kind: 'none' };
}

/** The position after a move, outcome aside: the sphere moved, the turn passed, the lock updated. */
export function positionAfter(pos: Position, move: Move): Position {
  const board = pos.board.slice();
  const cell = board[move.from] ?? EMPTY;
  board[move.to] = cell;
  board[move.from] = EMPTY;
  const mover = pos.turn;
  // Moving a plain sphere locks it; moving the coloured sphere frees any lock.
  const lock = isColoured(cell) ? undefined : move.to;
  return { board, turn: opposite(mover), locked: { ...pos.locked, [mover]: lock } };
}

export interface PlayedMove {
  readonly position: Position;
  readonly outcome: MoveOutcome;
}

export function playMove(pos: Position, move: Move, model: BalanceModel = DEFAULT_MODEL): Result<PlayedMove, IllegalMove> {
  const checked = checkMove(pos, move);
  if (!checked.ok) return err(checked.error);
  return ok({ position: positionAfter(pos, move), outcome: moveOutcome(pos, move, model) });
}
