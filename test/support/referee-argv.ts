/**
 * `senryaku referee` as the tests run it: no scoreboard window, and the journal and the
 * calibrations in the test's own folder (never the user's).
 */
import { join } from 'node:path';

/** Where a refereed session writes: its journal (by default `dir`/journal) and calibrations under `dir`. */
export function refereeFiles(dir: string, journalDir = join(dir, 'journal')): string[] {
  return ['--scoreboard', 'none', '--journal-dir', journalDir, '--calibration-dir', join(dir, 'cal')];
}

/** A match on the simulated board played out by the simulated players at full speed; `more` says which (rules, seed, games, players, --json). */
export function simMatchArgv(dir: string, more: readonly string[], journalDir?: string): string[] {
  return ['referee', '--sim', '--autoplay', '--speed', 'max', ...more, ...refereeFiles(dir, journalDir)];
}
