/**
 * What a game brings to the referee stack: its name, board, notation, rules tools, referee
 * and settings. Everything above the rules cores (journal, replay, the command line, the
 * app) reaches a game only through one of these, found by id in the registry, so a second
 * game is one more descriptor, not a fork of the stack.
 *
 * The position and state types of a game stay inside its descriptor: the tools work on a
 * position they parsed themselves, and the referee's state only travels through the
 * referee's own step (RulesetReferee's methods accept it back).
 */
import type { HardwareProfile } from '../board/profile.ts';
import type { RulesetReferee } from '../referee/referee.ts';
import type { Calibration } from '../sensing/calibration.ts';
import type { SensingOptions } from '../sensing/options.ts';
import type { SensingSetup } from '../sensing/pipeline.ts';
import type { JsonObject } from '../util/json.ts';
import type { Result } from '../util/result.ts';
import type { BoardDrawing } from './board-drawing.ts';
import type { GameWords } from './words.ts';
import type { EngineGame } from '../engine/types.ts';
import type { SimBoard } from '../hardware/sim/sim-board.ts';
import type { PlayersBus, PlayersSeats } from '../players/players.ts';
import type { Scheduler } from '../util/scheduler.ts';
import type { MatchOptions, MatchOptionSpec, MatchOptionsText, SettingsProblem } from './match-options.ts';

/** A position or move text that does not parse: a code to test on, a message for people. */
export interface NotationProblem {
  readonly code: string;
  readonly message: string;
}

export interface DivideLine {
  readonly notation: string;
  readonly count: number;
}

export interface MoveLine {
  readonly notation: string;
  /** What the move leads to, in words (`none`, a capture, a crash...). */
  readonly outcome: string;
}

/** The rules tools of one position (perft, moves), as the command line uses them. */
export interface PositionTools {
  perft(depth: number): number;
  /** Per legal root move, its share of perft(depth), sorted by notation. */
  divide(depth: number): readonly DivideLine[];
  /** Each legal move and its outcome, sorted by notation; empty when there is none. */
  moves(): readonly MoveLine[];
  /** What having no legal move means here (who loses). */
  readonly noMoveText: string;
}

/** The board a game is played on: the grid of cells and what the board must sense besides. */
export interface RulesetBoard {
  readonly files: number;
  readonly ranks: number;
  /** Load cells under the pivots (the board balances). */
  readonly pivots: boolean;
  /** Tilt switches (the board can crash). */
  readonly tilt: boolean;
}

/** A board profile as its game has read it: what sensing needs on that board. */
export interface RulesetBoardSetup {
  /** Sensing's setup for this board with this calibration. */
  sensing(calibration: Calibration, options?: Partial<SensingOptions>): SensingSetup;
}

/**
 * What the simulator needs to model a game's pieces on the board (the simulator's own
 * physics options, as plain data): piece letters in cell-code order, their masses, and
 * the board's mass and pinnacle gap where it balances.
 */
export interface RulesetSimPieces {
  readonly pieces: string;
  readonly physics: {
    readonly wellPitch: number;
    readonly halfGap: number;
    readonly boardMass: number;
    readonly sphereMass: Readonly<Record<string, number>>;
    readonly massUnit: string;
  };
  readonly gramsPerMassUnit: number;
}

/** A board profile file (hardware/profiles/*.json) as a game reads it. */
export interface RulesetBoardFile {
  readonly name: string;
  /** The profile as journal headers keep it, in the game's shape (`Ruleset.boardProfile` reads it back). */
  readonly profile: unknown;
  readonly hardware: HardwareProfile;
  /** The file maps its cells; else cell i is point i and the board's HELLO says how many there are. */
  readonly mapped: boolean;
  /** The lightest piece, grams: calibration's default reference mass, and what a piece left on the board weighs. */
  readonly lightestPieceG: number;
  /** The board's own weight on its pivot cells, grams; undefined without pivots or when the profile has no real unit. */
  readonly boardOnPivotsG: number | undefined;
  /** Half the gap between the pinnacle lines, in pitches, on a board that balances (calibration splits a mass between the pivots by it); 0 otherwise. */
  readonly pivotHalfGap: number;
  readonly sim: RulesetSimPieces;
}

/**
 * Where a game's reference board comes from, the profile a session uses without --profile:
 * its file in hardware/profiles/, or, for a game that ships no file there, the profile itself
 * as the game generates it (`profileFile` reads it as it reads a file).
 */
export type ReferenceProfile =
  | { readonly referenceProfileFile: string; readonly referenceProfile?: never }
  | { readonly referenceProfile: unknown; readonly referenceProfileFile?: never };

/** A game's descriptor; `Id`: its id, as a journal or a command line names it (src/games/registry.ts lists them). */
export type Ruleset<Id extends string = string> = RulesetDescriptor<Id> & ReferenceProfile & RulesetEngine;

/**
 * The computer opponent of a game (src/games/<game>/engine/), both parts or neither (no engine
 * plays it). `engine` plays on the game's reference board; `engineOn` on the board of a
 * session's profile, which for a game with physics decides which moves crash and what the
 * evaluation's tip margins are (a game without physics gives its one engine for any board).
 */
export type RulesetEngine =
  | {
      readonly engine: EngineGame;
      /** The engine on the board of this profile, as `boardProfile` reads it (a journal header's); the message names a bad field. */
      engineOn(profile: unknown): Result<EngineGame, string>;
    }
  | { readonly engine?: never; readonly engineOn?: never };

/** A game's descriptor but for where its reference board comes from (`ReferenceProfile`). */
export interface RulesetDescriptor<Id extends string = string> {
  readonly id: Id;
  readonly name: string;
  /** What its pieces and cells are called in what people read. */
  readonly words: GameWords;
  readonly board: RulesetBoard;
  /** How the web dashboard draws its board (absent: a plain grid of points). */
  readonly drawing?: BoardDrawing;
  /** Reads a board profile file for this game; the message lists every problem. */
  profileFile(json: unknown): Result<RulesetBoardFile, string>;
  /** The start position in the game's position notation. */
  readonly startPosition: string;
  /**
   * Parses a position (strictly, as the notation's spec says) and gives its rules tools;
   * `profile`: the board profile, as `boardProfile` reads it, where the game has physics.
   */
  position(text: string, profile?: unknown): Result<PositionTools, NotationProblem>;
  /**
   * Reads the board profile a journal header keeps for this game: the board's hardware and
   * the game's physics, in the game's own shape. A header may be damaged or edited, so every
   * field is checked; the message names the first bad one.
   */
  boardProfile(json: unknown): Result<RulesetBoardSetup, string>;
  readonly referee: RefereeFacet;
  /**
   * Each side's pieces in play in a position of this game, for a game whose scoring board
   * shows them (absent: the board shows games won). Undefined for text that is not a position.
   */
  readonly piecesInPlay?: (position: string) => Readonly<Record<string, number>> | undefined;
  /** Its own match options (how a match is scored), declared once: the flags, the settings, the form are made from them. */
  readonly options: readonly MatchOptionSpec[];
  /**
   * Reads its own match options (those it declares, and game 1's `position`) into its plan,
   * adding a problem for each bad one. Another game's options never reach it.
   */
  readPlan(text: MatchOptionsText, problems: SettingsProblem[]): unknown;
  /** A new match as the options say (`options.plan` is what readPlan gave), on the board of this profile file. */
  newMatch(file: RulesetBoardFile, options: MatchOptions): RefereeGame;
  /** Its simulated players on the simulated board, playing from `seed` (a referee session's `simulatedPlayers`). */
  simulatedPlayers(
    sim: SimBoard,
    file: RulesetBoardFile,
    seed: number,
    scheduler: Scheduler,
  ): (bus: PlayersBus, seats?: PlayersSeats) => PlayersService;
}

/** The simulated players as a service of the referee's session. */
export interface PlayersService {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The referee of a game and its settings as a journal header keeps them (`settings`, besides
 * the players, which the app owns). `fromJson` validates everything it reads: a header from a
 * damaged or edited journal is an error naming the field, never a referee in a bad state. The
 * referee is the engine of src/referee/ refereeing the game's part (src/games/<game>/referee.ts).
 */
export interface RefereeFacet {
  /** The referee for a match with these header settings on a board of this profile (as `boardProfile` reads it). */
  fromJson(settings: JsonObject, profile: unknown): Result<RulesetReferee<unknown>, string>;
}

/**
 * The game a session referees, as its journal header keeps it: the game's descriptor, its
 * own settings (players apart) and the board profile in the game's shape. The descriptor
 * makes the referee and sensing's setup from them, so the app never needs to know the game.
 */
export interface RefereeGame {
  readonly ruleset: Ruleset;
  readonly settings: JsonObject;
  readonly profile: unknown;
}
