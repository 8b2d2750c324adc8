/**
 * Who the computer is in a match (`--computer SIDE[:LEVEL]`, the settings' `computer.plays`,
 * MQTT `new_match`'s `computer`, the dashboard's form): a side in the game's own words
 * (white|black, light|dark) and a level from 1 to 10 (default 5), or `off`. The side names the
 * computer in game 1; the computer is the PLAYER who has it then (in every game of this
 * project, player A has the side that moves first in game 1), and stays that player as the
 * players change sides between games.
 */
import { LEVELS, type Level } from '../engine/types.ts';
import type { Player } from '../rules/match/track.ts';
import type { Ruleset } from './ruleset.ts';
import { err, ok, type Result } from '../util/result.ts';

export interface ComputerSeat {
  readonly player: Player;
  /** Its side in game 1, in the game's words. */
  readonly side: string;
  readonly level: Level;
}

export const DEFAULT_LEVEL: Level = 5;

/** The game's sides in playing order (the first moves first: player A's in game 1). */
export const sidesOf = (game: Ruleset): readonly string[] => game.drawing?.sides.map((s) => s.id) ?? [];

/** `SIDE[:LEVEL]` or `off` for this game: the seat, or undefined for `off`; the error is a sentence after the option's name. */
export function parseComputerSeat(text: string, game: Ruleset): Result<ComputerSeat | undefined, string> {
  const value = text.trim();
  if (value === 'off') return ok(undefined);
  const sides = sidesOf(game);
  const form = `${sides.join('|') || 'SIDE'}[:LEVEL] or off, LEVEL ${LEVELS[0]} to ${LEVELS[LEVELS.length - 1]}`;
  const [side = '', level, ...rest] = value.split(':');
  if (rest.length > 0 || !sides.includes(side)) return err(`takes ${form} (a side of ${game.name}), got '${text.slice(0, 40)}'`);
  const n = level === undefined ? DEFAULT_LEVEL : /^\d+$/.test(level) ? Number(level) : NaN;
  if (!(LEVELS as readonly number[]).includes(n)) return err(`takes a level from 1 to 10 after the side, got '${level}'`);
  if (game.engine === undefined) return err(`cannot be played: no engine plays ${game.name}`);
  return ok({ player: sides.indexOf(side) === 0 ? 'A' : 'B', side, level: n as Level });
}

/** How the computer's player is named where no name was given: "Computer (level 5)". */
export const computerName = (level: Level): string => `Computer (level ${level})`;
const COMPUTER_NAME = /^Computer \(level (?:[1-9]|10)\)$/;

/**
 * The players' names with the computer in its seat: the computer's player is named for it
 * unless a name was given (a name that is the player's letter, or an earlier computer's name,
 * counts as none); the other player drops an earlier computer's name for its letter.
 */
export function playersWithComputer(
  players: { readonly A: string; readonly B: string },
  seat: ComputerSeat | undefined,
): { readonly A: string; readonly B: string } {
  const name = (p: Player): string => {
    const given = players[p];
    const unnamed = given === p || COMPUTER_NAME.test(given);
    if (seat?.player === p) return unnamed ? computerName(seat.level) : given;
    return COMPUTER_NAME.test(given) ? p : given;
  };
  return { A: name('A'), B: name('B') };
}
