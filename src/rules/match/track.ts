/**
 * Match scoring on the scoring board (RULES.md, Match): a track of N+1 holes, 0..N.
 * A's marker starts at hole 0 and B's at hole N; each point moves the scorer's marker one
 * hole toward the opponent's start; the first to reach it (N points) wins the match.
 * Game 1: A has White; colours alternate each game unless the match keeps them fixed.
 * Pure: games come in as results, the state goes out.
 */
import { err, ok, type Result } from '../../util/result.ts';

export const PLAYERS = ['A', 'B'] as const;
export type Player = (typeof PLAYERS)[number];
export type ByPlayer<T> = { [P in Player]: T };
export const otherPlayer = (p: Player): Player => (p === 'A' ? 'B' : 'A');

export const COLOUR_MODES = ['alternate', 'fixed'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

export type Side = 'white' | 'black';

export interface MatchSettings {
  /** N: the track has N+1 holes and N points win the match. */
  readonly trackLength: number;
  readonly colours: ColourMode;
}

export const DEFAULT_MATCH_SETTINGS: MatchSettings = { trackLength: 6, colours: 'alternate' };
export const MAX_TRACK_LENGTH = 99;

export interface GameRecord {
  readonly number: number;
  readonly white: Player;
  /** Undefined for a drawn game (rulesets that have draws). */
  readonly winner?: Player;
  readonly points: number;
  readonly reason: string;
}

export interface MatchState {
  readonly settings: MatchSettings;
  readonly points: ByPlayer<number>;
  readonly gamesWon: ByPlayer<number>;
  readonly games: readonly GameRecord[];
  readonly winner?: Player;
}

export type MatchErrorCode = 'BadTrackLength' | 'BadColourMode' | 'MatchOver' | 'BadPoints' | 'NoGame';
export interface MatchError {
  readonly code: MatchErrorCode;
  readonly message: string;
}

export function newMatch(settings: MatchSettings = DEFAULT_MATCH_SETTINGS): Result<MatchState, MatchError> {
  const n = settings.trackLength;
  if (!Number.isInteger(n) || n < 1 || n > MAX_TRACK_LENGTH)
    return err({ code: 'BadTrackLength', message: `the track length N is a whole number from 1 to ${MAX_TRACK_LENGTH}, got ${n}` });
  if (!(COLOUR_MODES as readonly string[]).includes(settings.colours))
    return err({ code: 'BadColourMode', message: `colours are 'alternate' or 'fixed', not '${settings.colours}'` });
  return ok({ settings, points: { A: 0, B: 0 }, gamesWon: { A: 0, B: 0 }, games: [] });
}

/** The 1-based number of the game being played (or next to be played). */
export const currentGameNumber = (m: MatchState): number => m.games.length + 1;

/** Who has White in game `number`: A in game 1, then alternating unless fixed. */
export function whitePlayer(m: MatchState, number: number = currentGameNumber(m)): Player {
  if (m.settings.colours === 'fixed') return 'A';
  return number % 2 === 1 ? 'A' : 'B';
}

export const playerOfSide = (m: MatchState, side: Side, number: number = currentGameNumber(m)): Player =>
  side === 'white' ? whitePlayer(m, number) : otherPlayer(whitePlayer(m, number));

/** The hole each marker stands in: A counts up from 0, B down from N. */
export function markerHoles(m: MatchState): ByPlayer<number> {
  const n = m.settings.trackLength;
  return { A: Math.min(n, m.points.A), B: n - Math.min(n, m.points.B) };
}

/** Records the current game's result, given by winning side (or undefined for a draw) and points. */
export function recordGame(
  m: MatchState,
  result: { readonly winner?: Side; readonly points: number; readonly reason: string },
): Result<MatchState, MatchError> {
  if (m.winner) return err({ code: 'MatchOver', message: `the match is over: player ${m.winner} won it` });
  if (!Number.isInteger(result.points) || result.points < 0)
    return err({ code: 'BadPoints', message: `points are a whole number >= 0, got ${result.points}` });
  const number = currentGameNumber(m);
  const white = whitePlayer(m, number);
  const winner = result.winner === undefined ? undefined : playerOfSide(m, result.winner, number);
  const points = { ...m.points };
  const gamesWon = { ...m.gamesWon };
  if (winner) {
    points[winner] += result.points;
    gamesWon[winner] += 1;
  }
  const record: GameRecord = { number, white, ...(winner ? { winner } : {}), points: result.points, reason: result.reason };
  const matchWinner = PLAYERS.find((p) => points[p] >= m.settings.trackLength);
  return ok({ settings: m.settings, points, gamesWon, games: [...m.games, record], ...(matchWinner ? { winner: matchWinner } : {}) });
}

/**
 * The match as it stood before its last game was recorded: that game's record taken back,
 * points and games won summed again from the games left, the match winner decided again
 * (an operator withdrew the game's result: RULES.md, holding the board).
 */
export function withdrawLastGame(m: MatchState): Result<MatchState, MatchError> {
  if (m.games.length === 0) return err({ code: 'NoGame', message: 'no game has been recorded: nothing to withdraw' });
  const games = m.games.slice(0, -1);
  const points: ByPlayer<number> = { A: 0, B: 0 };
  const gamesWon: ByPlayer<number> = { A: 0, B: 0 };
  for (const g of games)
    if (g.winner) {
      points[g.winner] += g.points;
      gamesWon[g.winner] += 1;
    }
  const matchWinner = PLAYERS.find((p) => points[p] >= m.settings.trackLength);
  return ok({ settings: m.settings, points, gamesWon, games, ...(matchWinner ? { winner: matchWinner } : {}) });
}
