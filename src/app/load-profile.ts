/** Reads a board profile file for the pure loader; problems come back as one readable line. */
import { readFileSync } from 'node:fs';
import { err, type Result } from '../util/result.ts';
import { formatProfileProblems, parseProfileText, type BoardProfile } from '../rules/senryaku/profile.ts';

export function loadProfileFile(path: string): Result<BoardProfile, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return err(`cannot read profile ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const parsed = parseProfileText(text);
  return parsed.ok ? parsed : err(`invalid profile ${path}: ${formatProfileProblems(parsed.error)}`);
}
