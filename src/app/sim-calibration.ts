/**
 * Calibrating a simulated board before a refereed session. It is the same guided flow as
 * `senryaku calibrate --sim` (zero on an empty board, then a reference mass on every well,
 * placed by the simulated helper), but the simulated world's timers are fast-forwarded,
 * so the minute of simulated calibration takes a second or two. The result is stored per
 * board id like any calibration and reused on the next run. A real board is calibrated by
 * a person with `senryaku calibrate --port PATH`.
 */
import { DEFAULT_GAME } from '../games/registry.ts';
import { CalibrationAbort, runCalibration, simulatedHelper } from '../calibration/guided.ts';
import type { Calibration } from '../sensing/calibration.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { CalibrationStore } from '../calibration/store.ts';
import { openBoard } from './open-board.ts';
import type { Ruleset } from '../rulesets/ruleset.ts';
import { VirtualClock } from './virtual-clock.ts';

const STEP_MS = 250;
/** Far more simulated time than the flow needs (about 80 s); past it something is wrong. */
const MAX_VIRTUAL_MS = 15 * 60_000;

export async function calibrateSimulatedBoard(options: {
  readonly seed: number;
  readonly profilePath?: string;
  /** The game whose board it is (it reads the profile; default Senryaku). */
  readonly ruleset?: Ruleset;
  readonly store: CalibrationStore;
  readonly log?: (line: string) => void;
  /**
   * The session's virtual clock, not being driven: the calibration runs on it
   * (fast-forwarded). Without one the calibration runs on a virtual clock of its own.
   */
  readonly clock?: VirtualClock;
}): Promise<Result<Calibration, string>> {
  const clock = options.clock ?? new VirtualClock({ stepMs: STEP_MS });
  const { scheduler } = clock;
  const opened = await openBoard(
    { sim: true, seed: String(options.seed), ...(options.profilePath ? { profile: options.profilePath } : {}) },
    { scheduler, ...(options.ruleset ? { ruleset: options.ruleset } : {}) },
  );
  if (!opened.ok) return err(opened.error.message);
  const board = opened.value;
  const lines: string[] = [];
  let outcome: Result<Calibration, string> | undefined;
  try {
    board.link.start();
    const running = runCalibration({
      link: board.link,
      board: board.file,
      words: (options.ruleset ?? DEFAULT_GAME).words,
      referenceGrams: board.file.lightestPieceG,
      store: options.store,
      io: { out: (l) => lines.push(l), err: (l) => lines.push(l) },
      ...(board.sim ? { onPrompt: simulatedHelper(board.sim, undefined, scheduler) } : {}),
      scheduler,
    }).then(
      (c) => ok(c),
      (e: unknown) => err(e instanceof CalibrationAbort ? e.message : `calibration failed: ${(e as Error).message}`),
    );
    const ran = await clock.fastForward(running, MAX_VIRTUAL_MS);
    outcome = ran.ok ? ran.value : err('the simulated calibration did not finish');
  } finally {
    await clock.fastForward(board.close(), 60_000);
  }
  if (options.log) for (const l of lines.filter((l) => /^(Saved|Calibrating)/.test(l))) options.log(l);
  return outcome;
}
