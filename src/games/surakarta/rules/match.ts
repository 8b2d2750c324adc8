/**
 * Surakarta match scoring (RULES.md, Surakarta, End and scoring; the seed's "Scoring"). Every
 * game scores both players: each the pieces its side has in play at the end. A match is
 * agreed beforehand as either
 * - `games`: a fixed number of games; after the last, the higher total wins, equal totals
 *   are a drawn match; or
 * - `points`: new games until a player's total reaches the target. When both reach it in the
 *   same game (both score in every game, so this happens), the higher total wins and equal
 *   totals are a drawn match: neither reached it first.
 * Players A and B alternate sides: A plays Light (who moves first) in odd games, Dark in even.
 * Pure: game results come in, the match state goes out.
 */
import { err, ok, type Result } from '../../../util/result.ts';
import { PLAYERS, otherPlayer, type ByPlayer, type Player } from '../../../rules/match/track.ts';
import type { BySide, Side } from './types.ts';

export type SurakartaMatch = { readonly kind: 'games'; readonly games: number } | { readonly kind: 'points'; readonly target: number };

/** Two games, so each player has Light once (the seed: "a match consists of more than one game"). */
export const DEFAULT_SURAKARTA_MATCH: SurakartaMatch = { kind: 'games', games: 2 };
/** No match needs more: a bound that catches a typo. */
export const MAX_MATCH_LENGTH = 999;

export interface SurakartaGameRecord {
  readonly number: number;
  readonly light: Player;
  /** Undefined for a drawn game. */
  readonly winner?: Player;
  readonly reason: string;
  /** What each player scored by this game. */
  readonly awarded: ByPlayer<number>;
}

export interface SurakartaMatchState {
  readonly settings: SurakartaMatch;
  /** Each player's total of the pieces awarded so far. */
  readonly points: ByPlayer<number>;
  readonly gamesWon: ByPlayer<number>;
  readonly games: readonly SurakartaGameRecord[];
  readonly over: boolean;
  /** Set once the match is over and not drawn. */
  readonly winner?: Player;
}

/** How a game ended, in sides: the winner (none for a draw) and what each side scores. */
export interface SurakartaGameEnd {
  readonly winner?: Side;
  readonly reason: string;
  readonly scores: BySide<number>;
}

export type SurakartaMatchErrorCode = 'BadMatchLength' | 'MatchOver' | 'BadScore' | 'NoGame';
export interface SurakartaMatchError {
  readonly code: SurakartaMatchErrorCode;
  readonly message: string;
}

/** The match length: the number of games, or the points target (a scoring board's track length). */
export const matchLength = (m: SurakartaMatch): number => (m.kind === 'games' ? m.games : m.target);

export function newSurakartaMatch(settings: SurakartaMatch = DEFAULT_SURAKARTA_MATCH): Result<SurakartaMatchState, SurakartaMatchError> {
  const n = matchLength(settings);
  const what = settings.kind === 'games' ? 'number of games' : 'points target';
  if (!Number.isInteger(n) || n < 1 || n > MAX_MATCH_LENGTH)
    return err({ code: 'BadMatchLength', message: `the ${what} is a whole number from 1 to ${MAX_MATCH_LENGTH}, got ${n}` });
  return ok({ settings, points: { A: 0, B: 0 }, gamesWon: { A: 0, B: 0 }, games: [], over: false });
}

/** The 1-based number of the game being played (or next to be played). */
export const currentGame = (m: SurakartaMatchState): number => m.games.length + 1;

/** Who plays which side in game `number`, in playing order (Light moves first). */
export function sidesOfGame(number: number): { readonly light: Player; readonly dark: Player } {
  const light: Player = number % 2 === 1 ? 'A' : 'B';
  return { light, dark: otherPlayer(light) };
}

export const playerOf = (side: Side, number: number): Player => sidesOfGame(number)[side];

/** Is the match decided after these totals and this many games? And by whom (undefined: drawn). */
function decision(settings: SurakartaMatch, points: ByPlayer<number>, played: number): { over: boolean; winner?: Player } {
  const over = settings.kind === 'games' ? played >= settings.games : PLAYERS.some((p) => points[p] >= settings.target);
  if (!over) return { over };
  const winner = points.A > points.B ? 'A' : points.B > points.A ? 'B' : undefined;
  return winner ? { over, winner } : { over };
}

/** Records the current game's end: both players score, and the match may be decided. */
export function recordSurakartaGame(m: SurakartaMatchState, end: SurakartaGameEnd): Result<SurakartaMatchState, SurakartaMatchError> {
  if (m.over) return err({ code: 'MatchOver', message: `the match is over: ${m.winner ? `player ${m.winner} won it` : 'drawn'}` });
  for (const s of ['light', 'dark'] as const) {
    const v = end.scores[s];
    if (!Number.isInteger(v) || v < 0) return err({ code: 'BadScore', message: `a score is a whole number >= 0, got ${v} for ${s}` });
  }
  const number = currentGame(m);
  const sides = sidesOfGame(number);
  const awarded: ByPlayer<number> = { A: 0, B: 0 };
  awarded[sides.light] = end.scores.light;
  awarded[sides.dark] = end.scores.dark;
  const winner = end.winner === undefined ? undefined : sides[end.winner];
  const points = { A: m.points.A + awarded.A, B: m.points.B + awarded.B };
  const gamesWon = { ...m.gamesWon };
  if (winner) gamesWon[winner] += 1;
  const record: SurakartaGameRecord = { number, light: sides.light, ...(winner ? { winner } : {}), reason: end.reason, awarded };
  const games = [...m.games, record];
  return ok({ settings: m.settings, points, gamesWon, games, ...decision(m.settings, points, games.length) });
}

/**
 * The match as it stood before its last game was recorded: that game's record taken back,
 * totals and games won summed again from the games left, the decision taken again (an
 * operator withdrew the game's result: a holding attributed otherwise).
 */
export function withdrawLastSurakartaGame(m: SurakartaMatchState): Result<SurakartaMatchState, SurakartaMatchError> {
  if (m.games.length === 0) return err({ code: 'NoGame', message: 'no game has been recorded: nothing to withdraw' });
  const games = m.games.slice(0, -1);
  const points: ByPlayer<number> = { A: 0, B: 0 };
  const gamesWon: ByPlayer<number> = { A: 0, B: 0 };
  for (const g of games) {
    points.A += g.awarded.A;
    points.B += g.awarded.B;
    if (g.winner) gamesWon[g.winner] += 1;
  }
  return ok({ settings: m.settings, points, gamesWon, games, ...decision(m.settings, points, games.length) });
}
