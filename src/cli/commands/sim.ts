/**
 * `senryaku sim --pty [--seed N] [--profile FILE] [--spn SPN]`: a simulated board on a
 * pseudo-terminal, running on real time until SIGINT (or SIGTERM). Prints one line,
 * `pty: <path>`, for the host (or any serial terminal at 500000 baud) to open.
 */
import { loadBoardFile } from '../../app/load-profile.ts';
import { simOptionsOf } from '../../app/open-board.ts';
import { SENRYAKU } from '../../rulesets/senryaku.ts';
import type { SimBoardOptions } from '../../hardware/sim/sim-board.ts';
import { createSimBoard } from '../../hardware/sim/sim-board.ts';
import { SimPty } from '../../hardware/sim/pty.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';

const SIM_USAGE = usageOf('sim');

const readSeed = (text: string | undefined): number => {
  if (text === undefined) return 1;
  const seed = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(seed <= 0xffffffff)) throw new UsageError(`--seed must be a whole number from 0 to 4294967295, got '${text}'`);
  return seed;
};

/** The profile file's physics and hardware; none given: the simulator's defaults. */
const readProfile = (path: string | undefined): Partial<SimBoardOptions> => {
  if (path === undefined) return {};
  const loaded = loadBoardFile(path, SENRYAKU);
  if (!loaded.ok) throw new UsageError(loaded.error);
  return simOptionsOf(loaded.value);
};

/** The command with its stop signal passed in, so tests can run it in process. */
export async function runSim(args: string[], io: CliIo, stop: AbortSignal): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    pty: { type: 'boolean' },
    seed: { type: 'string' },
    profile: { type: 'string' },
    spn: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}'; usage: ${SIM_USAGE}`);
  if (!values.pty) throw new UsageError(`only --pty is available from the command line; usage: ${SIM_USAGE}`);
  const created = createSimBoard({
    seed: readSeed(values.seed),
    ...readProfile(values.profile),
    position: values.spn,
    clock: 'timers',
  });
  if (!created.ok) throw new UsageError(created.error.message);
  const board = created.value;
  board.start();
  const pty = new SimPty(board);
  const started = await pty.start();
  if (!started.ok) {
    board.stop();
    io.err(`senryaku sim: ${started.error.message} [${started.error.code}]`);
    return EXIT_FAILURE;
  }
  io.out(`pty: ${started.value}`);
  if (!stop.aborted) await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  await pty.stop();
  board.stop();
  return EXIT_OK;
}

export async function simCommand(args: string[], io: CliIo): Promise<number> {
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await runSim(args, io, controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
