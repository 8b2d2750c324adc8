/**
 * The accuracy sweep: for each condition, `games` autoplayed games refereed by the whole
 * stack (session.ts), in sessions of up to `perSession` games, each held to the players'
 * ledger (compare.ts). Session k of every condition has seed `seed + k` (board and
 * players), so the conditions that change only the board (drift, ramp) replay the very
 * games of `clean`, and a reported game is reproduced by its condition, seed and number.
 */
import { compareSession, type GameComparison } from './compare.ts';
import type { Condition } from './conditions.ts';
import { runSession, type CalibrationCache } from './session.ts';

export interface GameReport extends GameComparison {
  readonly condition: string;
  readonly seed: number;
}

export interface ConditionTally {
  readonly condition: string;
  readonly games: number;
  readonly exact: number;
  readonly falseFouls: number;
  readonly missedFouls: number;
  /** Fouls the players committed (what the missed ones are out of). */
  readonly committedFouls: number;
  readonly moves: number;
  /** Turns played with each antic (the players' ledger; 'none' left out), in the game's players' words. */
  readonly antics: Partial<Record<string, number>>;
  /** How the games ended, by the players' account. */
  readonly ends: Partial<Record<string, number>>;
  readonly virtualMs: number;
  readonly wallMs: number;
  /** The games that were not exact. */
  readonly mismatches: readonly GameReport[];
}

export interface SweepOptions {
  readonly games: number;
  /** Games per session (default 20: about ten minutes of play, the length of the ramp). */
  readonly perSession?: number;
  /** Seed of each condition's first session (default 1). */
  readonly seed?: number;
  readonly calibrations?: CalibrationCache;
}

export async function sweepCondition(condition: Condition, o: SweepOptions): Promise<ConditionTally> {
  const t0 = performance.now();
  const perSession = Math.max(1, o.perSession ?? 20);
  const reports: GameReport[] = [];
  let committedFouls = 0;
  let moves = 0;
  let virtualMs = 0;
  const antics: Partial<Record<string, number>> = {};
  const ends: Partial<Record<string, number>> = {};
  for (let k = 0, left = o.games; left > 0; k++, left -= perSession) {
    const seed = (o.seed ?? 1) + k;
    const games = Math.min(perSession, left);
    const session = await runSession({ condition, seed, games, ...(o.calibrations ? { calibrations: o.calibrations } : {}) });
    virtualMs += session.virtualMs;
    for (const r of session.records) {
      if (r.kind !== 'turn') continue;
      committedFouls += r.fouls.length;
      if (r.antic !== 'none') antics[r.antic] = (antics[r.antic] ?? 0) + 1;
      if (r.end && r.game <= games) ends[r.end.reason] = (ends[r.end.reason] ?? 0) + 1;
    }
    moves += session.verdicts.filter((v) => v.type === 'move').length;
    for (const c of compareSession(session.records, session.verdicts, games)) reports.push({ ...c, condition: condition.name, seed });
  }
  return {
    condition: condition.name,
    games: reports.length,
    exact: reports.filter((r) => r.exact).length,
    falseFouls: reports.reduce((n, r) => n + r.falseFouls.length, 0),
    missedFouls: reports.reduce((n, r) => n + r.missedFouls.length, 0),
    committedFouls,
    moves,
    antics,
    ends,
    virtualMs,
    wallMs: performance.now() - t0,
    mismatches: reports.filter((r) => !r.exact),
  };
}

/** How to see a mismatched game again: its condition, seed and number. */
export const reproduce = (r: GameReport): string =>
  `${r.condition} seed ${r.seed} game ${r.game}: ${r.firstDifference} (npm run bench:accuracy -- --condition ${r.condition} --seed ${r.seed} --games ${r.game})`;
