/**
 * Runs the latency sessions (bench/latency.ts says what they are) and gathers every
 * action's figures. The host clock can be fixed so the figures are a function of the seeds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ODDS, type PlanOdds } from '../../src/games/senryaku/plan-turn.ts';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { readFileSync } from 'node:fs';
import { formatProfileProblems, parseProfileFileText } from '../../src/games/senryaku/profile-file.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/app/open-board.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { BalanceModel } from '../../src/games/senryaku/rules/index.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';
import { crashPosition } from './crash-positions.ts';
import { measure, type KindFigures } from './measure.ts';
import { runSession } from './session.ts';
import { ACTION_KINDS, type ActionKind } from './truth.ts';

export const NOISY = { walkGPerMin: 8, rampGPerMin: 1, rampForMs: 10 * 60_000 } as const;
/** More rolls and crashes than a normal evening, so each kind has enough samples. */
const ODDS: PlanOdds = { ...DEFAULT_ODDS, crash: 0.08, roll: 0.12, touch: 0.05, wrongSphere: 0.04 };
/** The crash drill's player plays a crashing move whenever there is one. */
const CRASH_ODDS: PlanOdds = { ...ODDS, crash: 1 };

export interface LatencyRun {
  readonly seeds: number;
  readonly games: number;
  readonly crashDrills: number;
  readonly hostClock?: () => number;
}

export interface LatencyFigures {
  readonly byKind: Record<ActionKind, KindFigures>;
  /** Crash drills that found a position to start from. */
  readonly drills: number;
  readonly stuckTurns: number;
  readonly simMs: number;
}

export async function collectLatency(run: LatencyRun): Promise<LatencyFigures> {
  const loaded = parseProfileFileText(readFileSync(REFERENCE_PROFILE_PATH, 'utf8'));
  if (!loaded.ok) throw new Error(formatProfileProblems(loaded.error));
  const { profile, hardware } = loaded.value;
  const byKind = Object.fromEntries(ACTION_KINDS.map((k) => [k, { samples: [], unmatched: [], silent: 0 }])) as unknown as Record<
    ActionKind,
    KindFigures
  >;
  const add = (m: Record<ActionKind, KindFigures>): void => {
    for (const k of ACTION_KINDS) {
      byKind[k].samples.push(...m[k].samples);
      byKind[k].unmatched.push(...m[k].unmatched);
      byKind[k].silent += m[k].silent;
    }
  };
  const model = BalanceModel.fromProfile(profile);
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-bench-latency-'));
  const calibrations = new Map<number, Calibration>();
  const calibrated = async (seed: number): Promise<Calibration> => {
    const known = calibrations.get(seed);
    if (known) return known;
    const c = await calibrateSimulatedBoard({ seed, store: new CalibrationStore(dir) });
    if (!c.ok) throw new Error(c.error);
    calibrations.set(seed, c.value);
    return c.value;
  };
  let stuckTurns = 0;
  let simMs = 0;
  let drills = 0;
  const session = async (
    seed: number,
    games: number,
    extra: { odds: PlanOdds; firstPosition?: ReturnType<typeof crashPosition> },
  ): Promise<void> => {
    const { firstPosition, odds } = extra;
    const r = await runSession({
      seed,
      games,
      profile,
      hardware,
      calibration: await calibrated(seed),
      sensors: NOISY,
      odds,
      ...(firstPosition ? { firstPosition } : {}),
      ...(run.hostClock ? { hostClock: run.hostClock } : {}),
    });
    add(measure(r.truth, r.observed));
    stuckTurns += r.stuckTurns;
    simMs += r.simMs;
  };
  try {
    for (let seed = 1; seed <= run.seeds; seed++) await session(seed, run.games, { odds: ODDS });
    // The crash drill: one game each from a position where a move would crash, which the player plays.
    for (let drill = 1; drill <= run.crashDrills; drill++) {
      const firstPosition = crashPosition(drill, model);
      if (!firstPosition) continue;
      await session(1 + (drill % run.seeds), 1, { odds: CRASH_ODDS, firstPosition });
      drills++;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { byKind, drills, stuckTurns, simMs };
}
