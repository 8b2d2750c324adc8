/**
 * What the referee announces. Every output (terminal, scoring board, log, MQTT, web)
 * learns the game only from these, in order. The shape is common to every game: positions
 * are text in the game's own position notation, cells are named as the
 * game names them, and what only one kind of game has to say travels in its own field (a
 * balancing board's tip margins in `balance`) or its own verdict types (`board-tipped`,
 * `crash`, `model-disagreement`: boards that can tip).
 */
import type { ByPlayer, Player } from '../rules/match/track.ts';
import type { TipSide } from './inputs.ts';
import type { SensorFaultKind } from './sensor-faults.ts';

/**
 * A side of the game, in the game's own words (`white`, `black`; `light`, `dark`). The
 * players are A and B (`Player`), who change sides between games.
 */
export type Side = string;
export type BySide<T> = Readonly<Record<Side, T>>;
/** Toward each tilt switch of a board that can tip. */
export type ByTipSide<T> = { readonly [S in TipSide]: T };

export const FOUL_CODES = [
  'NotYourSphere',
  'LockedSphere',
  'NoLegalDestination',
  'IllegalCaptureLift',
  'IllegalPlacement',
  'Rolled',
  'TwoSpheresLifted',
  'TouchMove',
  'UnexpectedSphere',
  'NotTheComputersMove',
] as const;
export type FoulCode = (typeof FOUL_CODES)[number];

export const POLICIES = ['casual', 'tournament'] as const;
export type FoulPolicy = (typeof POLICIES)[number];

/** One instruction to restore the board: a piece to put back, to take away, or to move. */
export interface Restoration {
  readonly action: 'put-back' | 'remove' | 'move-back';
  /** The cell the piece must end up on (put-back, move-back) or be taken from (remove). */
  readonly well: string;
  /** For move-back: the cell it is on now. */
  readonly from?: string;
  /** The piece's letter in the position notation, when known. */
  readonly sphere?: string;
}

export interface Difference {
  readonly well: string;
  readonly expected: string;
  readonly sensed: 'sphere' | 'empty';
}

export type Verdict = { readonly atMs: number } & (
  | { readonly type: 'setup'; readonly game: number; readonly missing: readonly string[]; readonly extra: readonly string[] }
  | {
      readonly type: 'game-started';
      readonly game: number;
      /** Who plays which side, in playing order: the side that moves first comes first. */
      readonly players: BySide<Player>;
      /** The position the game starts from. */
      readonly position: string;
    }
  | { readonly type: 'lifted'; readonly side: Side; readonly well: string; readonly destinations: readonly string[] }
  | { readonly type: 'capture-started'; readonly side: Side; readonly captured: string; readonly order: CaptureOrder }
  | {
      readonly type: 'move';
      readonly side: Side;
      readonly move: string;
      /** The position after the move. */
      readonly position: string;
      /** On a board that balances: the moment left before it tips toward each side, after the move (mass × pitch). */
      readonly balance?: { readonly tipMargin: ByTipSide<number> };
      readonly captureOrder?: CaptureOrder;
      /** Made while the board was not heard (a reboot, a reconnect, a stall): inferred from the board found when it was heard again. */
      readonly unheard?: true;
    }
  | { readonly type: 'touch-move'; readonly side: Side; readonly well: string; readonly message: string }
  /**
   * The computer plays `side` (the side to move) and wants `move` (the game's notation) carried
   * out on the board by the person at it, in `position` (the game's position now). It stands
   * until the board shows it made (a `move` verdict); another move is a `NotTheComputersMove`
   * foul. A takeback or the game's end drops it.
   */
  | { readonly type: 'computer-move'; readonly side: Side; readonly move: string; readonly position: string }
  /** The best move shown to `side` to move, at its `player`'s request; `count`: that player's hints in the match, this one included. */
  | { readonly type: 'hint'; readonly side: Side; readonly player: Player; readonly move: string; readonly count: number }
  | {
      readonly type: 'foul';
      readonly code: FoulCode;
      readonly side: Side;
      readonly message: string;
      readonly restore: readonly Restoration[];
      /** This side's fouls in this game, this one included. */
      readonly count: number;
    }
  | { readonly type: 'restored'; readonly side: Side; readonly position: string }
  /**
   * Casual play: the players put the last `plies` moves back on the board, and the referee
   * took them back (takeback.ts). `moves`: those moves, in the order they were made; the game
   * goes on from `position` (the one the first of them was made in), `side` to move. The
   * moves are no longer part of the game: every output drops them from its move list.
   * `withdrawn`: the foul the way back drew (lifting the piece that had just moved), which
   * stood until the board showed the earlier position: it no longer counts.
   */
  | {
      readonly type: 'takeback';
      readonly side: Side;
      readonly plies: number;
      readonly moves: readonly TakenBack[];
      readonly position: string;
      readonly withdrawn?: { readonly side: Side; readonly code: FoulCode };
    }
  /**
   * The tilt switches closed during a game: the board crashed, said at once. Whose action it
   * was follows as `crash` once the attribution window has closed.
   */
  | { readonly type: 'board-tipped'; readonly toward: TipSide }
  | {
      readonly type: 'crash';
      readonly loser: Side;
      readonly toward: TipSide;
      readonly during: 'lift' | 'place' | 'roll' | 'none';
      readonly well?: string;
    }
  | { readonly type: 'forfeit'; readonly loser: Side; readonly reason: 'no-move' | 'holding' | 'fouls'; readonly message: string }
  | {
      readonly type: 'game-over';
      readonly game: number;
      /** The side that won and its player; both absent when the game is drawn. */
      readonly winner?: Side;
      readonly winnerPlayer?: Player;
      readonly reason: string;
      /** What the winner scored by this game (0 on a draw). */
      readonly points: number;
      /** Where both players score by a game (their pieces in play, say), what each scored. */
      readonly awarded?: ByPlayer<number>;
      /** The match score after this game. */
      readonly score: ByPlayer<number>;
    }
  /**
   * The operator attributed the holding that ended game `game` (RULES.md, holding the board):
   * that game's ending, and the match's end after it if any, no longer stand; the match score
   * is back to `score`, as before the game. `to` a side: that side held the board, and a
   * `forfeit` (holding) and a `game-over` for the same game follow (a `match-over` if that
   * ends the match). `to` 'none': nobody at the table did, and the game goes on from its last
   * legal position once the board matches it (`resync-needed` / `resync-done` follow).
   */
  | { readonly type: 'attributed'; readonly game: number; readonly to: Side; readonly message: string; readonly score: ByPlayer<number> }
  /** `winner` absent: the match is drawn (equal totals after its last game). */
  | { readonly type: 'match-over'; readonly winner?: Player; readonly score: ByPlayer<number>; readonly games: number }
  /**
   * The board differs from the last legal position (after a restart, a holding attributed to
   * nobody, or the board unheard while something changed that no single legal move explains):
   * what differs, the steps that restore it, and `message`, why, when there is more to say.
   */
  | {
      readonly type: 'resync-needed';
      readonly differences: readonly Difference[];
      readonly restore?: readonly Restoration[];
      readonly message?: string;
    }
  | { readonly type: 'resync-done'; readonly position: string }
  | {
      readonly type: 'model-disagreement';
      /** model-tipped: the model said unstable and the board stood; sensor-tipped: the reverse. */
      readonly kind: 'model-tipped' | 'sensor-tipped';
      readonly position: string;
      readonly lifted: readonly string[];
      readonly margin: ByTipSide<number>;
    }
  /**
   * A load cell failed (`blind`: its point, `well`, is not sensed until it works again; a
   * `pivot` cell's failure hides hands on the board) or, `sensor-cleared`, works again.
   * `cell`: the board's cell index. Said at once, in play or not: it is part of the match record.
   */
  | {
      readonly type: 'sensor-fault';
      readonly fault: SensorFaultKind;
      readonly cell: number;
      readonly well?: string;
      readonly pivot?: string;
      readonly blind: boolean;
      readonly message: string;
    }
  | {
      readonly type: 'sensor-cleared';
      readonly fault: SensorFaultKind;
      readonly cell: number;
      readonly well?: string;
      readonly pivot?: string;
      readonly message: string;
    }
  | { readonly type: 'notice'; readonly message: string }
);

/** A verdict as a referee's step says it: the step dates it (`atMs`). */
export type VerdictBody = Verdict extends infer V ? (V extends Verdict ? Omit<V, 'atMs'> : never) : never;

export type CaptureOrder = 'captured-first' | 'capturer-first';
/** A move taken back: who made it, and the move in the game's notation. */
export interface TakenBack {
  readonly side: Side;
  readonly move: string;
}
export type VerdictType = Verdict['type'];
