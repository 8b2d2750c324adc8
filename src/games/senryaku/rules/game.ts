/** A game: a position plus, once it is over, who won and why. */
import { err, ok, type Result } from '../../../util/result.ts';
import type { BalanceModel } from './balance.ts';
import { legalMoves, type IllegalMove, type Move } from './moves.ts';
import { DEFAULT_MODEL, playMove, type MoveOutcome } from './play.ts';
import type { Position } from './position.ts';
import { opposite, type Color } from './types.ts';

export const END_REASONS = ['capture', 'crash', 'no-move', 'holding', 'fouls'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** Match points to the winner, per RULES.md (End of a game). */
export const POINTS_FOR: { readonly [R in EndReason]: number } = {
  capture: 2,
  crash: 1,
  'no-move': 1,
  holding: 1,
  fouls: 1,
};

export interface GameResult {
  readonly winner: Color;
  readonly reason: EndReason;
  readonly points: number;
}

export const gameResult = (winner: Color, reason: EndReason): GameResult => ({ winner, reason, points: POINTS_FOR[reason] });

export type GameStatus = { readonly kind: 'playing'; readonly turn: Color } | ({ readonly kind: 'over' } & GameResult);

export interface Game {
  readonly position: Position;
  readonly result?: GameResult;
}

/** The game's status; a side to move with no legal move has lost at the start of its turn. */
export function gameStatus(game: Game): GameStatus {
  if (game.result) return { kind: 'over', ...game.result };
  const pos = game.position;
  if (legalMoves(pos).length === 0) return { kind: 'over', ...gameResult(opposite(pos.turn), 'no-move') };
  return { kind: 'playing', turn: pos.turn };
}

export const resultOfOutcome = (outcome: MoveOutcome): GameResult | undefined =>
  outcome.kind === 'capture'
    ? gameResult(outcome.winner, 'capture')
    : outcome.kind === 'crash'
      ? gameResult(opposite(outcome.loser), 'crash')
      : undefined;

export type GameMoveError = IllegalMove | { readonly code: 'GameOver'; readonly message: string };

export function applyGameMove(
  game: Game,
  move: Move,
  model: BalanceModel = DEFAULT_MODEL,
): Result<{ game: Game; outcome: MoveOutcome }, GameMoveError> {
  const status = gameStatus(game);
  if (status.kind === 'over') return err({ code: 'GameOver', message: `the game is over: ${status.winner} won by ${status.reason}` });
  const played = playMove(game.position, move, model);
  if (!played.ok) return played;
  const result = resultOfOutcome(played.value.outcome);
  return ok({ game: { position: played.value.position, ...(result ? { result } : {}) }, outcome: played.value.outcome });
}
