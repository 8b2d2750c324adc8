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
import type { GameEnd, GameStatus, GameTypes, RefereeMove, SideOf } from './game-types.ts';
import type { Cell } from './inputs.ts';
import type { FoulCode } from './verdicts.ts';

export type {
  GameEnd,
  GameStatus,
  GameTypes,
  GameTypesOf,
  MatchRecord,
  RefereeMove,
  RefereePosition,
  RefereeSettings,
  SideOf,
} from './game-types.ts';

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
