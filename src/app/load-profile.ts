/** Reads a board profile file for the pure loader; problems come back as one readable line. */
import { readFileSync } from 'node:fs';
import { err, ok, type Result } from '../util/result.ts';
import { formatProfileProblems, parseProfileFileText, type LoadedProfile } from '../games/senryaku/profile-file.ts';
import type { SenryakuBoardProfile } from '../games/senryaku/board.ts';
import type { Ruleset, RulesetBoardFile } from '../rulesets/ruleset.ts';

/** Both parts of the file: the Senryaku profile (flat, as journals keep it) and the board's hardware. */
export function loadBoardProfileFile(path: string): Result<LoadedProfile, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return err(`cannot read profile ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const parsed = parseProfileFileText(text);
  return parsed.ok ? parsed : err(`invalid profile ${path}: ${formatProfileProblems(parsed.error)}`);
}

/** The Senryaku profile of the file (physics, cell map and load cells, flat). */
export function loadProfileFile(path: string): Result<SenryakuBoardProfile, string> {
  const loaded = loadBoardProfileFile(path);
  return loaded.ok ? ok(loaded.value.profile) : loaded;
}

/** A board profile file as the game reads it. */
export function loadBoardFile(path: string, ruleset: Ruleset): Result<RulesetBoardFile, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return err(`cannot read profile ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return err(`invalid profile ${path}: not valid JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`);
  }
  const parsed = ruleset.profileFile(json);
  return parsed.ok ? parsed : err(`invalid profile ${path} (for ${ruleset.name}): ${parsed.error}`);
}
