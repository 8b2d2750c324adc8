/**
 * What the scoring board shows, as a pure reducer over verdicts. It decides nothing: points
 * come from the `score` of game-over and match-over verdicts, never from counting moves;
 * the only thing it counts is games won (one per game-over, once per game number), because
 * no verdict carries that tally. A holding attributed otherwise (`attributed`) takes the last
 * game's ending back: its score, the game it counted, its pattern; what follows says the rest.
 */
import type { Side, Verdict } from '../referee/verdicts.ts';
import { MAX_TRACK_LENGTH, type ByPlayer, type Player } from '../rules/match/track.ts';

/** The scoring board's two turn lamps: `white` for the side that moves first, `black` for the other (Light and Dark in Surakarta). */
export type TurnLamp = 'white' | 'black';

/** The pattern after a game or the match ends; it lasts until the next game starts. */
/** `winner` absent: a drawn game or match. */
export type Ending = { readonly kind: 'game-over' | 'match-over'; readonly winner?: Player };

export interface ScoreboardState {
  /** N: holes 0..N. */
  readonly trackLength: number;
  readonly points: ByPlayer<number>;
  readonly games: ByPlayer<number>;
  /** The highest game number already counted in `games` (replayed verdicts count once). */
  readonly countedGame: number;
  /** Who won game `countedGame` (absent: drawn, or not known): the count an attribution takes back. */
  readonly countedWinner?: Player;
  /** The turn lamp a holding forfeit put out: lit again if the holding is attributed to nobody and the game goes on. */
  readonly heldTurn?: TurnLamp;
  /** Whose move it is; undefined between games. */
  readonly turn?: TurnLamp;
  /** The game's side that moves first (from game-started, whose players are in playing order). */
  readonly firstSide?: Side;
  /** Who plays which side this game (from game-started). */
  readonly sides?: Readonly<Record<Side, Player>>;
  /** Each player's pieces in play, for a game that counts them (Surakarta); its digits show them instead of games. */
  readonly inPlay?: ByPlayer<number>;
  /** A foul waits for the board to be restored: the foul lamp blinks. */
  readonly foul: boolean;
  /** The game ended in a crash: the crash lamp stays lit until the next game starts. */
  readonly crash: boolean;
  readonly ending?: Ending;
  /** The match journal cannot write: foul and crash lamps blink in turn until it recovers. */
  readonly journalFault?: boolean;
}

export function initialScoreboard(trackLength: number): ScoreboardState {
  if (!Number.isInteger(trackLength) || trackLength < 1 || trackLength > MAX_TRACK_LENGTH)
    throw new TypeError(`the track length N is a whole number from 1 to ${MAX_TRACK_LENGTH}, got ${trackLength}`);
  return { trackLength, points: { A: 0, B: 0 }, games: { A: 0, B: 0 }, countedGame: 0, foul: false, crash: false };
}

const cleanScore = (s: ByPlayer<number>): ByPlayer<number> => ({ A: Math.max(0, s.A), B: Math.max(0, s.B) });

/** Drops the optional keys (turn, ending...) the spread would otherwise carry along. */
function without(s: ScoreboardState, ...keys: ('turn' | 'ending' | 'countedWinner' | 'heldTurn')[]): ScoreboardState {
  const copy: { -readonly [K in keyof ScoreboardState]: ScoreboardState[K] } = { ...s };
  for (const k of keys) delete copy[k];
  return copy;
}

/** The journal's storage state, from its fault events: lit from a write failure or loss until it recovers. */
export function withJournalFault(s: ScoreboardState, fault: boolean): ScoreboardState {
  return s.journalFault === fault || (!fault && s.journalFault === undefined) ? s : { ...s, journalFault: fault };
}

/** A game's count of the pieces in play of each side, from a position in its notation (undefined: not a position of this game). */
export type PiecesInPlay = (position: string) => Readonly<Record<Side, number>> | undefined;

/**
 * `piecesInPlay`: the game's count, for a game whose scoring board shows pieces in play;
 * each position a verdict reports updates it.
 */
export function reduceScoreboard(s: ScoreboardState, v: Verdict, piecesInPlay?: PiecesInPlay): ScoreboardState {
  const next = reduceVerdict(s, v);
  if (!piecesInPlay || !('position' in v)) return next;
  const bySide = piecesInPlay(v.position);
  const sides = next.sides;
  if (!bySide || !sides) return next;
  const inPlay = { A: 0, B: 0 };
  for (const [side, player] of Object.entries(sides)) inPlay[player] += bySide[side] ?? 0;
  return { ...next, inPlay };
}

function reduceVerdict(s: ScoreboardState, v: Verdict): ScoreboardState {
  switch (v.type) {
    case 'game-started':
      // The first side in the players is the one to move; the last game's lamps and pattern go.
      return {
        ...without(s, 'ending', 'heldTurn'),
        turn: 'white',
        firstSide: Object.keys(v.players)[0] ?? 'white',
        sides: v.players,
        foul: false,
        crash: false,
      };
    case 'move':
      return { ...s, turn: v.side === (s.firstSide ?? 'white') ? 'black' : 'white' };
    case 'foul':
      return { ...s, foul: true };
    case 'restored':
      return { ...s, foul: false };
    case 'takeback':
      // Back to the earlier position: its side to move, and a foul said on the way put right.
      return { ...s, turn: v.side === (s.firstSide ?? 'white') ? 'white' : 'black', foul: false };
    case 'board-tipped': // the crash lamp lights the moment the board tips; the verdict on whose it was follows
    case 'crash':
      return { ...without(s, 'turn'), crash: true };
    case 'forfeit':
      return v.reason === 'holding' && s.turn ? { ...without(s, 'turn'), heldTurn: s.turn } : without(s, 'turn');
    case 'game-over': {
      const counted = v.game > s.countedGame;
      const won = v.winnerPlayer;
      const games = counted && won ? { ...s.games, [won]: s.games[won] + 1 } : s.games;
      return {
        ...without(s, 'turn', ...(counted ? (['countedWinner'] as const) : [])),
        ...(counted && won ? { countedWinner: won } : {}),
        points: cleanScore(v.score),
        games,
        countedGame: Math.max(s.countedGame, v.game),
        foul: false,
        ending: won ? { kind: 'game-over', winner: won } : { kind: 'game-over' },
      };
    }
    case 'attributed': {
      // The game's ending no longer stands: its count and pattern go; `to` none: the game goes on.
      const w = v.game === s.countedGame ? s.countedWinner : undefined;
      const games = w ? { ...s.games, [w]: Math.max(0, s.games[w] - 1) } : s.games;
      const back = {
        ...without(s, 'ending', 'countedWinner', 'heldTurn'),
        points: cleanScore(v.score),
        games,
        countedGame: Math.min(s.countedGame, v.game - 1),
      };
      return v.to === 'none' && s.heldTurn ? { ...back, turn: s.heldTurn } : back;
    }
    case 'match-over':
      return {
        ...without(s, 'turn'),
        points: cleanScore(v.score),
        foul: false,
        ending: v.winner ? { kind: 'match-over', winner: v.winner } : { kind: 'match-over' },
      };
    default:
      return s;
  }
}
