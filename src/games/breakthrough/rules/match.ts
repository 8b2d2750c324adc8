/**
 * A Breakthrough match: games until a player has won `firstTo` of them (default 2). Players A
 * and B change sides every game: A plays White (who moves first) in odd games, Black in even.
 * A game always has a winner (Breakthrough has no draws), who scores the game and a point, so
 * the scoring board's track is `firstTo` holes long. Pure: results in, the match out.
 */
import { otherPlayer, type ByPlayer, type Player } from '../../../rules/match/track.ts';
import { err, ok, type Result } from '../../../util/result.ts';
import type { Side } from './types.ts';

/** A match of a single game won up to one of 99 (the scoring board's longest track). */
export const MAX_FIRST_TO = 99;
/** Two won games: a player who wins as White and as Black wins at once. */
export const DEFAULT_FIRST_TO = 2;

export interface BreakthroughGameRecord {
  readonly number: number;
  /** Who played White in it. */
  readonly white: Player;
  readonly winner: Player;
  readonly reason: string;
}

export interface BreakthroughMatch {
  readonly firstTo: number;
  /** Games won, as the scoring board counts them: a point each. */
  readonly points: ByPlayer<number>;
  readonly gamesWon: ByPlayer<number>;
  readonly games: readonly BreakthroughGameRecord[];
  /** Set once a player has won `firstTo` games. */
  readonly winner?: Player;
}

export type BreakthroughMatchErrorCode = 'BadFirstTo' | 'MatchOver' | 'NoGame';
export interface BreakthroughMatchError {
  readonly code: BreakthroughMatchErrorCode;
  readonly message: string;
}

const fail = (code: BreakthroughMatchErrorCode, message: string): Result<never, BreakthroughMatchError> => err({ code, message });

export function newBreakthroughMatch(firstTo: number): Result<BreakthroughMatch, BreakthroughMatchError> {
  if (!Number.isInteger(firstTo) || firstTo < 1 || firstTo > MAX_FIRST_TO)
    return fail('BadFirstTo', `a match is won at 1 to ${MAX_FIRST_TO} games, got ${firstTo}`);
  return ok({ firstTo, points: { A: 0, B: 0 }, gamesWon: { A: 0, B: 0 }, games: [] });
}

/** Who plays which side in game `number` (from 1), White (who moves first) first. */
export function sidesOfGame(number: number): { readonly white: Player; readonly black: Player } {
  const white: Player = number % 2 === 1 ? 'A' : 'B';
  return { white, black: otherPlayer(white) };
}

/** The game under way: the one after those recorded. */
export const currentGame = (m: BreakthroughMatch): number => m.games.length + 1;

/** The winner of the game under way (a side) scores its player the game; the match may be decided. */
export function recordBreakthroughGame(
  m: BreakthroughMatch,
  winner: Side,
  reason: string,
): Result<BreakthroughMatch, BreakthroughMatchError> {
  if (m.winner) return fail('MatchOver', `the match is over: player ${m.winner} won it`);
  const number = currentGame(m);
  const sides = sidesOfGame(number);
  return ok(tally(m.firstTo, [...m.games, { number, white: sides.white, winner: sides[winner], reason }]));
}

/** The match before its last game was recorded (an operator attributed a holding otherwise). */
export function withdrawLastBreakthroughGame(m: BreakthroughMatch): Result<BreakthroughMatch, BreakthroughMatchError> {
  if (m.games.length === 0) return fail('NoGame', 'no game has been recorded: nothing to withdraw');
  return ok(tally(m.firstTo, m.games.slice(0, -1)));
}

/** The match of these games: games won, points, and the winner once one has `firstTo`. */
function tally(firstTo: number, games: readonly BreakthroughGameRecord[]): BreakthroughMatch {
  const gamesWon: ByPlayer<number> = { A: 0, B: 0 };
  for (const g of games) gamesWon[g.winner] += 1;
  const winner = gamesWon.A >= firstTo ? 'A' : gamesWon.B >= firstTo ? 'B' : undefined;
  return { firstTo, points: { ...gamesWon }, gamesWon, games, ...(winner ? { winner } : {}) };
}
