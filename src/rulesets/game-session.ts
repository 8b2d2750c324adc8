/**
 * What a refereed session needs of its game beyond the descriptor: the match the command's
 * options ask for, where a simulated board is set up to continue a journal, and the game's
 * simulated players. One of these per game (`GAME_SESSIONS`); the referee command knows
 * none of the games itself.
 */
import type { SimBoard } from '../hardware/sim/sim-board.ts';
import type { RefereeGame, Ruleset, RulesetBoardFile } from './ruleset.ts';
import type { Scheduler } from '../util/scheduler.ts';
import type { EventBus } from '../app/event-bus.ts';
import type { JournalContents } from '../journal/journal.ts';
import type { MatchOptions, MatchOptionsText, SettingsProblem } from '../app/match-settings.ts';
import type { Service } from '../app/service.ts';

export interface GameSession {
  readonly ruleset: Ruleset;
  /**
   * Reads the game's own match options (how a match is scored, game 1's position) into its
   * plan, adding a problem for each bad one and for options of another game.
   */
  readPlan(text: MatchOptionsText, problems: SettingsProblem[]): unknown;
  /** A new match as the options say (`options.plan` is what readPlan gave), on the board of this profile file. */
  newMatch(file: RulesetBoardFile, options: MatchOptions): RefereeGame;
  /**
   * Where a match journalled so far stands for a simulated board: the pieces to set it up
   * with, or `over` when there is nothing left to play.
   */
  resumeSetup(contents: JournalContents): { readonly over: true } | { readonly over: false; readonly position: string };
  /** The game's simulated players on the simulated board (RefereeApp's `simulatedPlayers`). */
  simulatedPlayers(sim: SimBoard, file: RulesetBoardFile, seed: number, scheduler: Scheduler): (bus: EventBus) => Service;
}

/** The game's own settings of a journal header: the players are the app's. */
export function ownSettings(contents: JournalContents): JournalContents['header']['settings'] {
  const { players: _players, ...own } = contents.header.settings;
  return own as JournalContents['header']['settings'];
}
