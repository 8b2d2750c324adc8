/**
 * A game: a position plus, once it is over, who won and why (RULES.md, Surakarta, End and
 * scoring). A game is won by taking all 12 enemy pieces, or ends by agreement (an operator
 * action), when the side with more pieces in play wins and equal counts are a draw. Either
 * way a game is scored by the pieces each side has in play at its end.
 */
import { err, ok, type Result } from '../../../util/result.ts';
import { legalMoves, type IllegalMove, type Move } from './moves.ts';
import { playMove, playPass, type MoveOutcome, type PassError } from './play.ts';
import { pieceCounts, type Position } from './position.ts';
import { opposite, type BySide, type Side } from './types.ts';

export const END_REASONS = ['all-captured', 'agreement'] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface GameResult {
  /** Undefined for a draw (equal counts at an agreed end). */
  readonly winner: Side | undefined;
  readonly reason: EndReason;
  /** Pieces in play at the end: each side's score for the match. */
  readonly pieces: BySide<number>;
}

/**
 * `must-pass`: the side to move has pieces but no legal move, so its turn is a pass. That
 * needs every one of its pieces to be boxed in with no capture, so it is rare, and both
 * sides can never be stuck at once (there are always at least 12 empty points).
 */
export type GameStatus =
  | { readonly kind: 'playing'; readonly turn: Side }
  | { readonly kind: 'must-pass'; readonly turn: Side }
  | ({ readonly kind: 'over' } & GameResult);

export interface Game {
  readonly position: Position;
  readonly result?: GameResult;
}

/** The result of ending the game by agreement now: more pieces in play wins, equal is a draw. */
export function agreedResult(pos: Position): GameResult {
  const pieces = pieceCounts(pos.board);
  const winner = pieces.light > pieces.dark ? 'light' : pieces.dark > pieces.light ? 'dark' : undefined;
  return { winner, reason: 'agreement', pieces };
}

/** A side with no pieces left has lost, whoever is to move. */
function capturedOut(pos: Position): GameResult | undefined {
  const pieces = pieceCounts(pos.board);
  for (const s of ['light', 'dark'] as const) if (pieces[s] === 0) return { winner: opposite(s), reason: 'all-captured', pieces };
  return undefined;
}

export function gameStatus(game: Game): GameStatus {
  const result = game.result ?? capturedOut(game.position);
  if (result) return { kind: 'over', ...result };
  const turn = game.position.turn;
  return legalMoves(game.position).length === 0 ? { kind: 'must-pass', turn } : { kind: 'playing', turn };
}

export type GameOver = { readonly code: 'GameOver'; readonly message: string };
const overError = (status: GameStatus & { kind: 'over' }): GameOver => ({
  code: 'GameOver',
  message: `the game is over: ${status.winner === undefined ? 'a draw' : `${status.winner} won`} (${status.reason})`,
});

export type GameMoveError = IllegalMove | GameOver;

export function applyGameMove(game: Game, move: Move): Result<{ game: Game; outcome: MoveOutcome }, GameMoveError> {
  const status = gameStatus(game);
  if (status.kind === 'over') return err(overError(status));
  const played = playMove(game.position, move);
  if (!played.ok) return played;
  const position = played.value.position;
  const result = capturedOut(position);
  return ok({ game: { position, ...(result ? { result } : {}) }, outcome: played.value.outcome });
}

/** The pass of a side with no legal move. */
export function applyGamePass(game: Game): Result<Game, PassError | GameOver> {
  const status = gameStatus(game);
  if (status.kind === 'over') return err(overError(status));
  const passed = playPass(game.position);
  return passed.ok ? ok({ position: passed.value }) : passed;
}

/** Ends the game by agreement (an operator action). */
export function endByAgreement(game: Game): Result<Game, GameOver> {
  const status = gameStatus(game);
  if (status.kind === 'over') return err(overError(status));
  return ok({ position: game.position, result: agreedResult(game.position) });
}
