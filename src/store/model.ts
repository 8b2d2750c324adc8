/** What the match store keeps of a match, in the shapes its readers (show, export, SGN) use. */
import type { Player } from '../rules/match/track.ts';
import type { TakenBack, Verdict } from '../referee/verdicts.ts';

/**
 * The match as its journal header describes it, in the store's words: everything a verdict
 * needs beside it to be filed. Built from a journal header (src/app/match-store-service.ts)
 * or read back from an export.
 */
export interface MatchInfo {
  readonly matchId: string;
  readonly ruleset: string;
  /** "Senryaku match": what an SGN record calls the event. */
  readonly event: string;
  /** ISO 8601, UTC. */
  readonly startedAt: string;
  readonly players: { readonly A: string; readonly B: string };
  /** The board: its key (its calibration's board id in hex, else its site), where it stood, its profile's name. */
  readonly board: { readonly key: string; readonly site: string; readonly profile?: string };
  /** The match settings as the header keeps them (JSON object). */
  readonly settings: Readonly<Record<string, unknown>>;
}

export interface NumberedVerdict {
  readonly seq: number;
  readonly verdict: Verdict;
}

export type MatchResult = Player | 'draw';
export type GameResult = '1-0' | '0-1' | '1/2-1/2' | '*';

export interface MatchSummary {
  readonly matchId: string;
  readonly ruleset: string;
  readonly startedAt: string;
  readonly board: string;
  readonly profile?: string;
  readonly players: { readonly A: string; readonly B: string };
  readonly games: number;
  /** Undefined while the match is on (or its end was never recorded). */
  readonly result?: MatchResult;
}

export type GameEvent =
  | {
      readonly kind: 'move';
      readonly seq: number;
      readonly ply: number;
      readonly atMs: number;
      readonly side: string;
      readonly notation: string;
      readonly position: string;
      readonly extras?: Readonly<Record<string, unknown>>;
    }
  | {
      readonly kind: 'foul';
      readonly seq: number;
      readonly afterPly: number;
      readonly atMs: number;
      readonly side: string;
      readonly code: string;
      readonly message: string;
      readonly count: number;
    }
  | {
      readonly kind: 'crash';
      readonly seq: number;
      readonly afterPly: number;
      readonly atMs: number;
      readonly loser: string;
      readonly toward: string;
      readonly during: string;
      readonly well?: string;
    }
  | {
      readonly kind: 'forfeit';
      readonly seq: number;
      readonly afterPly: number;
      readonly atMs: number;
      readonly loser: string;
      readonly reason: string;
      readonly message: string;
    }
  /** The operator attributed the holding that ended the game (to a side, or `none`): the ending before it was withdrawn. */
  | {
      readonly kind: 'attributed';
      readonly seq: number;
      readonly afterPly: number;
      readonly atMs: number;
      readonly to: string;
      readonly message: string;
    }
  /**
   * Moves taken back (casual play): no longer among the game's moves, which go on from ply
   * `afterPly`, `side` to move. `withdrawn`: the foul the way back drew (called, and kept among
   * the fouls), which no longer counts.
   */
  /** The computer's move for the person at the board to carry out (the move itself follows as a `move` when carried out). */
  | {
      readonly kind: 'computer-move';
      readonly seq: number;
      readonly afterPly: number;
      readonly atMs: number;
      readonly side: string;
      readonly move: string;
    }
  /** A hint shown to the side to move; `count`: its player's hints in the match so far, this one included. */
  | {
      readonly kind: 'hint';
      readonly seq: number;
      readonly afterPly: number;
      readonly atMs: number;
      readonly side: string;
      readonly player: Player;
      readonly move: string;
      readonly count: number;
    }
  | {
      readonly kind: 'takeback';
      readonly seq: number;
      readonly afterPly: number;
      readonly atMs: number;
      readonly side: string;
      readonly moves: readonly TakenBack[];
      readonly withdrawn?: { readonly side: string; readonly code: string };
    };

export interface GameRecord {
  readonly number: number;
  /** The sides in playing order, each with its player. */
  readonly sides: readonly [{ readonly side: string; readonly player: Player }, { readonly side: string; readonly player: Player }];
  readonly position: string;
  readonly result: GameResult;
  readonly winnerSide?: string;
  readonly termination?: string;
  /** What each player scored by this game (both 0 until it ends). */
  readonly points: { readonly A: number; readonly B: number };
  /** The match score after this game (the score before it while it is on). */
  readonly score: { readonly A: number; readonly B: number };
  /** Moves (those taken back gone), fouls, crashes, forfeits, attributions, takebacks, the computer's moves and hints in the order they were called. */
  readonly events: readonly GameEvent[];
}

export interface MatchRecord {
  readonly info: MatchInfo;
  readonly games: readonly GameRecord[];
  /** Hints shown to each player in the whole match. */
  readonly hints: { readonly A: number; readonly B: number };
  readonly result?: MatchResult;
}
