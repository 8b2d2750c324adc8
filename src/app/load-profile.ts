/** Reads a board profile file for its game; problems come back as one readable line. */
import { readFileSync } from 'node:fs';
import { err, type Result } from '../util/result.ts';
import type { Ruleset, RulesetBoardFile } from '../rulesets/ruleset.ts';

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
