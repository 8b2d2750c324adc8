/**
 * `senryaku calibrate --port PATH | --sim [--rules ID]`: guides a person through calibrating
 * a board's load cells (src/calibration/guided.ts), then files the calibration under the
 * board id (src/calibration/store.ts). The game's profile says which cells there are.
 */
import { CalibrationStore, resolveCalibrationDir } from '../../calibration/store.ts';
import { CalibrationAbort, runCalibration, simulatedHelper, type CalibrationPrompt } from '../../calibration/guided.ts';
import { boardOptionSpecs } from '../../app/board-options.ts';
import type { SimBoard } from '../../hardware/sim/index.ts';
import { MIN_RISE_G } from '../../sensing/calibration-measure.ts';
import { openBoardFor } from '../board.ts';
import { checkDirectory } from '../file-checks.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { readRuleset, rulesOptionSpecs } from '../rules-option.ts';
import { BUILT_IN_RULESETS } from '../../games/registry.ts';
import { usageOf } from '../usage.ts';

export interface CalibrateCommandOptions extends CliDeps {
  /** With --sim: who acts on the prompts (default `simulatedHelper`). For tests of people who do not. */
  readonly simHelper?: (sim: SimBoard) => (prompt: CalibrationPrompt) => void;
}

export async function calibrateCommand(args: string[], io: CliIo, options: CalibrateCommandOptions = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...boardOptionSpecs,
    ...rulesOptionSpecs,
    'reference-grams': { type: 'string' },
    'calibration-dir': { type: 'string' },
  });
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('calibrate', BUILT_IN_RULESETS)}`);
  const ruleset = readRuleset(values.rules);
  const refText = values['reference-grams'];
  const referenceGrams = refText === undefined ? undefined : /^\d+(\.\d+)?$/.test(refText) ? Number(refText) : NaN;
  if (referenceGrams !== undefined && !(referenceGrams >= MIN_RISE_G)) {
    throw new UsageError(`--reference-grams must be a number of grams >= ${MIN_RISE_G}, got '${refText}'`);
  }
  const calibrationDir = resolveCalibrationDir(values['calibration-dir']);
  checkDirectory(calibrationDir, 'calibration directory', 'write');
  const board = await openBoardFor(values, options, { ruleset });
  try {
    const store = new CalibrationStore(calibrationDir);
    // Default reference: one piece of the game, the mass everyone has at hand.
    const defaultGrams = board.file.lightestPieceG;
    board.link.start();
    await runCalibration({
      link: board.link,
      board: board.file,
      words: ruleset.words,
      referenceGrams: referenceGrams ?? defaultGrams,
      store,
      io,
      ...(board.sim ? { onPrompt: (options.simHelper ?? simulatedHelper)(board.sim) } : {}),
    });
    return EXIT_OK;
  } catch (e) {
    if (!(e instanceof CalibrationAbort)) throw e;
    io.err(`senryaku calibrate: ${e.message}; nothing was saved`);
    return EXIT_FAILURE;
  } finally {
    await board.close();
  }
}
