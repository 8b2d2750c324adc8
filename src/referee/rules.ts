/**
 * What a game hands the referee engine: the engine (this folder) referees any game played by
 * lifting and setting down pieces on a grid of load cells, and knows no game. A game brings
 * its rules (`RefereeRules`: cells, pieces, sides, positions and moves, how a game ends and
 * how a match is scored), the words it is said in, its rulings where games rule differently
 * (`Rulings`: named choices, not code) and, where its board adds physics of its own (a board
 * that tips), a `BoardPhysics` extension (board-physics.ts).
 *
 * The types a game works in travel together as one `GameTypes` bundle, so the engine's state
 * and hooks are typed in the game's own position, move, match and settings.
 */
import type { ByPlayer, Player } from '../rules/match/track.ts';
import type { Result } from '../util/result.ts';
import type { BoardPhysics } from './board-physics.ts';
import type { BoardNaming } from './board-view.ts';
import type { Cell } from './inputs.ts';
import type { FoulCode, FoulPolicy } from './verdicts.ts';

/** A position as the engine reads it: a piece code per cell (0: empty) and the side to move. */
export interface RefereePosition {
  readonly board: Int8Array;
  readonly turn: string;
}

/** A move as the engine reads it: from, to, and whether it captures what stands on `to`. */
export interface RefereeMove {
  readonly from: Cell;
  readonly to: Cell;
  readonly capture: boolean;
}

/** What the engine reads of a match: the totals, the games recorded, the winner once decided. */
export interface MatchRecord {
  readonly points: ByPlayer<number>;
  readonly gamesWon: ByPlayer<number>;
  readonly games: readonly unknown[];
  readonly winner?: Player;
}

/** The settings every refereed match has; a game's settings add its own. */
export interface RefereeSettings<P> {
  /** `casual`: fouls are counted, never lose; `tournament`: a side's second foul in a game forfeits it (RULES.md). */
  readonly policy: FoulPolicy;
  /** A hand on the board longer than this forfeits the game of the side to move. */
  readonly holdingGraceMs: number;
  /** The position game 1 starts from, when not the start position (an adjourned game, a puzzle, a test). */
  readonly firstPosition?: P;
}

/** The types a game works in, as one bundle: `RefereeRules<G>`, `RefereeState<G>`. */
export interface GameTypes {
  readonly position: RefereePosition;
  readonly move: RefereeMove;
  readonly match: MatchRecord;
  readonly settings: RefereeSettings<this['position']>;
  /** What its board physics keeps between steps (`undefined` for a game without). */
  readonly physics: unknown;
}

/** A game's types in one line: its position, move, match, settings and (where its board has physics of its own) physics state. */
export type GameTypesOf<
  P extends RefereePosition,
  M extends RefereeMove,
  Mt extends MatchRecord,
  St extends RefereeSettings<P>,
  X = undefined,
> = {
  readonly position: P;
  readonly move: M;
  readonly match: Mt;
  readonly settings: St;
  readonly physics: X;
};

/** A side of game G, in the game's own words (`white`, `light`). */
export type SideOf<G extends GameTypes> = G['position']['turn'];

/** How a game ended: the winner (undefined: a draw), why, and whether the loser forfeited it. */
export interface GameEnd<S extends string = string> {
  readonly winner: S | undefined;
  readonly reason: string;
  /** The loser forfeited (holding the board, fouls, no move): where a game scores both sides, it scores nothing. */
  readonly forfeit: boolean;
}

/** Where a game stands after a move (or at its start, where the game judges its first position). */
export type GameStatus<G extends GameTypes> =
  | { readonly kind: 'on' }
  /** The side to move has no legal move and loses (a `forfeit`, `no-move`). */
  | { readonly kind: 'no-move' }
  /** The side to move has no legal move and passes: `position` is the one after the pass. */
  | { readonly kind: 'must-pass'; readonly position: G['position'] }
  | { readonly kind: 'over'; readonly end: GameEnd<SideOf<G>> };

/** A foul a game's own rule finds, with what is said. */
export interface RulingFoul {
  readonly code: FoulCode;
  readonly message: string;
}

/** How the match is scored: what the engine records a game's end into, and reads back. */
export interface MatchScoring<G extends GameTypes> {
  /** A new match under these settings, or why no match can be played with them. */
  newMatch(settings: G['settings']): Result<G['match'], string>;
  /** Who plays which side in game `number`, in playing order (the side that moves first first). */
  players(match: G['match'], number: number): Readonly<Record<SideOf<G>, Player>>;
  /**
   * The current game's end recorded (`position`: where it ended): the match after it, what the
   * winner scored by it, and what each player scored where a game scores both.
   */
  record(
    match: G['match'],
    end: GameEnd<SideOf<G>>,
    position: G['position'],
  ): Result<{ readonly match: G['match']; readonly points: number; readonly awarded?: ByPlayer<number> }, string>;
  /** The match as it stood before its last game was recorded (a holding attributed otherwise). */
  withdrawLast(match: G['match']): Result<G['match'], string>;
  /** The match is decided (won, or drawn). */
  over(match: G['match']): boolean;
  /** Holes on the scoring board's track. */
  trackLength(match: G['match']): number;
}

/** What a game calls its pieces and cells in what the referee says. */
export interface RefereeWords {
  /** `sphere`, `piece`. */
  readonly piece: string;
  readonly pieces: string;
  /** `well`, `point`. */
  readonly cell: string;
  /** What a piece moved without being lifted did: `rolled`, `slid`. */
  readonly rolled: string;
}

/** The messages a game words its own way, where the same ruling reads differently in each game. */
export interface RulingMessages<S extends string> {
  /** A piece the mover may capture lifted first, when no piece of the mover can capture it. */
  noCapturer(mover: S, cell: string): RulingFoul;
  /** A piece the mover may capture lifted second, when no capture of it is possible now. */
  cannotCaptureNow(cell: string): string;
  /** A piece the mover may capture put back where it stood (a notice). */
  captureAbandoned(cell: string): string;
  /** A piece not the mover's set down elsewhere than it came from. */
  notOwnPlaced(mover: S, from: string, to: string): string;
}

/**
 * Where the games' referees rule differently, each a named choice:
 * - `liftOnEmpty`: a lift sensed where the referee's account has no piece is a foul
 *   (`UnexpectedSphere`), or a notice that ignores it (nothing a player did changed the board
 *   as the referee knows it);
 * - `destinations`: a `lifted` verdict lists them in the rules' order, or sorted by name;
 * - `setupReports`: the setup is said on each snapshot outside a game (then the game may start),
 *   or whenever the referee waits for one (after a game ends; a snapshot that does not start it);
 * - `judgesFirstPosition`: a game's first position is judged at once (it may be won already,
 *   or its side to move stuck), or only after the first move;
 * - `foulRecovery`: besides the board restored, what puts a standing foul right (recovery.ts):
 *   `steps`, a legal step the board shows (its piece known), or one own piece with a legal move
 *   back in hand, silently; `moves`, any legal move the board shows, touch move holding, with
 *   the mover's own piece on its destination (a piece set on a captured cell is a capturer off
 *   the board), or one piece of a move back in hand, said again (`lifted`, `capture-started`);
 * - `blindTurnStart`: which lift, while a move may have gone unseen into blind cells, starts
 *   the other side's turn: `their-piece-or-capture`, a piece of theirs or one of the mover's
 *   they may capture; `their-piece-not-capturable`, a piece of theirs, unless the mover, with
 *   nothing in hand, may be starting a capture of it.
 */
export interface Rulings {
  readonly liftOnEmpty: 'foul' | 'notice';
  readonly destinations: 'rules-order' | 'by-name';
  readonly setupReports: 'each-snapshot' | 'while-waiting';
  readonly judgesFirstPosition: boolean;
  readonly foulRecovery: 'steps' | 'moves';
  readonly blindTurnStart: 'their-piece-or-capture' | 'their-piece-not-capturable';
}

/** A game as the referee engine referees it. */
export interface RefereeRules<G extends GameTypes> {
  /** The ruleset id (`RulesetReferee.ruleset`). */
  readonly id: string;
  /** The game's name, as a refusal says it ("not a side of ..."). */
  readonly name: string;
  /** Its grid of cells (`cells`: files × ranks, names) and piece codes (notation letter, the code of a piece of unknown kind). */
  readonly board: BoardNaming & { readonly files: number; readonly ranks: number; readonly parseCell: (name: string) => Cell | undefined };
  readonly words: RefereeWords;
  /** The sides, in playing order, and each one's opponent. */
  readonly sides: readonly SideOf<G>[];
  readonly opposite: (side: SideOf<G>) => SideOf<G>;
  /** The side a piece code belongs to; undefined for none. */
  readonly sideOf: (code: number) => SideOf<G> | undefined;
  /** A piece (its code) that a move of `mover` may capture. */
  readonly capturable: (code: number, mover: SideOf<G>) => boolean;

  startPosition(): G['position'];
  formatPosition(position: G['position']): string;
  legalMoves(position: G['position']): readonly G['move'][];
  movesFrom(position: G['position'], from: Cell): readonly G['move'][];
  /** The move if legal, else why not (the rules' own words). */
  checkMove(position: G['position'], move: RefereeMove): Result<G['move'], { readonly message: string }>;
  positionAfter(position: G['position'], move: G['move']): G['position'];
  formatMove(move: G['move']): string;
  /** A foul in lifting one of the mover's own pieces that the game's rules add (a locked piece), if any. */
  liftFoul?(position: G['position'], cell: Cell): RulingFoul | undefined;
  /** The game after `move` (or at its start: `move` undefined, where `rulings.judgesFirstPosition`). */
  status(position: G['position'], move: G['move'] | undefined): GameStatus<G>;
  /** The game ended here by the players' agreement (an operator's `agree`), where the game has that ending. */
  agreedEnd?(position: G['position']): GameEnd<SideOf<G>> | undefined;

  readonly match: MatchScoring<G>;
  readonly messages: RulingMessages<SideOf<G>>;
  readonly rulings: Rulings;
  /** What the game's board adds (a board that tips); absent for a board with no physics of its own. */
  readonly physics?: BoardPhysics<G>;
}
