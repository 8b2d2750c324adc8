/**
 * A Senryaku board lighter than the reference (its board 360 g, not 720 g: it tips twice as
 * easily) and a position where that matters: White's capture d3xd4 wins on the reference
 * board, but on the light board lifting the black coloured sphere off d4 already tips it
 * toward White, so White loses by the crash. An engine that plays on the session's board
 * never captures there; one on the reference board always does.
 */
import { readFileSync } from 'node:fs';
import { SENRYAKU } from '../../../src/games/senryaku/index.ts';

const REFERENCE_FILE = new URL('../../../hardware/profiles/reference-mega-2560.json', import.meta.url);

/** The reference board's profile file with the board's own mass halved (what `--profile FILE` reads). */
export const LIGHT_BOARD_FILE: Record<string, unknown> = (() => {
  const json = JSON.parse(readFileSync(REFERENCE_FILE, 'utf8')) as { name: string; masses: { board: number } };
  return { ...json, name: 'light-board', masses: { ...json.masses, board: json.masses.board / 2 } };
})();

const profileOf = (json: unknown): unknown => {
  const file = SENRYAKU.profileFile(json);
  if (!file.ok) throw new Error(file.error);
  return file.value.profile;
};

/** The boards' profiles as a journal header keeps them (what `position(text, profile)` and `engineOn` take). */
export const REFERENCE_PROFILE: unknown = profileOf(JSON.parse(readFileSync(REFERENCE_FILE, 'utf8')));
export const LIGHT_PROFILE: unknown = profileOf(LIGHT_BOARD_FILE);

/** White to move; d3xd4 captures on the reference board and crashes on the light one. */
export const CAPTURE_OR_CRASH = { position: '7/7/3B3/1w1W1w1/w6/7 w - -', move: 'd3xd4' } as const;
