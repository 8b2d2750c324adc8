/**
 * `senryaku sim --pty [--rules ID] [--seed N] [--profile FILE] [--position TEXT]`: a simulated
 * board of a game (its reference profile unless --profile) on a pseudo-terminal, running on
 * real time until SIGINT (or SIGTERM). Prints one line, `pty: <path>`, for the host (or any
 * serial terminal at 500000 baud) to open, and serves one host after another there (each
 * close said on stderr). With --firmware, the real firmware in simavr
 * runs the board instead of the TypeScript model (sim-firmware.ts).
 */
import { untilSignal } from '../until-signal.ts';
import { loadSessionProfile } from '../../app/board-check.ts';
import type { RulesetBoardFile } from '../../rulesets/ruleset.ts';
import { BUILT_IN_RULESETS, DEFAULT_GAME } from '../../games/registry.ts';
import type { Ruleset } from '../../rulesets/ruleset.ts';
import type { SimBoardOptions } from '../../hardware/sim/sim-board.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { readRuleset, rulesOptionSpecs } from '../rules-option.ts';
import { usageOf } from '../usage.ts';

const SIM_USAGE = usageOf('sim', BUILT_IN_RULESETS);

const readSeed = (text: string | undefined): number => {
  if (text === undefined) return 1;
  const seed = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(seed <= 0xffffffff)) throw new UsageError(`--seed must be a whole number from 0 to 4294967295, got '${text}'`);
  return seed;
};

/** The game's pieces and physics on the profile file's hardware (the game's reference board unless --profile). */
const readProfile = (path: string | undefined, ruleset: Ruleset): RulesetBoardFile => {
  const loaded = loadSessionProfile(path, ruleset);
  if (!loaded.ok) throw new UsageError(loaded.error);
  return loaded.value;
};

/**
 * The pieces at power-on: --position in the game's notation (default its start). --spn is
 * Senryaku's older name for it, kept for scripts written before --rules (so for the default game only).
 */
const readPosition = (values: { readonly position?: string | undefined; readonly spn?: string | undefined }, ruleset: Ruleset): string => {
  if (values.spn !== undefined && values.position !== undefined) throw new UsageError('give --position or --spn, not both');
  if (values.spn !== undefined && ruleset.id !== DEFAULT_GAME.id)
    throw new UsageError(`--spn is Senryaku's notation; give a ${ruleset.name} position with --position`);
  return values.position ?? values.spn ?? ruleset.startPosition;
};

/** The command with its stop signal passed in, so tests can run it in process. */
export async function runSim(args: string[], io: CliIo, stop: AbortSignal): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...rulesOptionSpecs,
    pty: { type: 'boolean' },
    seed: { type: 'string' },
    profile: { type: 'string' },
    position: { type: 'string' },
    spn: { type: 'string' },
    firmware: { type: 'boolean' },
    elf: { type: 'string' },
    fast: { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected '${positionals[0]}'; usage: ${SIM_USAGE}`);
  if (!values.firmware && (values.elf !== undefined || values.fast)) throw new UsageError('--elf and --fast go with --firmware');
  if (!values.firmware && !values.pty) throw new UsageError(`only --pty is available from the command line; usage: ${SIM_USAGE}`);
  const ruleset = readRuleset(values.rules);
  const seed = readSeed(values.seed);
  const file = readProfile(values.profile, ruleset);
  const position = readPosition(values, ruleset);
  // The simulator, once the arguments are good.
  const [{ createSimBoard }, { simOptionsOf }] = await Promise.all([
    import('../../hardware/sim/sim-board.ts'),
    import('../../app/open-board.ts'),
  ]);
  const simulated: Partial<SimBoardOptions> = { seed, ...simOptionsOf(file), position };
  if (values.firmware) {
    const created = createSimBoard(simulated);
    if (!created.ok) throw new UsageError(created.error.message);
    const { runFirmwareSim } = await import('./sim-firmware.ts');
    return runFirmwareSim({ board: created.value, elf: values.elf, fast: values.fast ?? false }, io, stop);
  }
  const created = createSimBoard({ ...simulated, clock: 'timers' });
  if (!created.ok) throw new UsageError(created.error.message);
  const board = created.value;
  board.start();
  // One host after another (`board info`, then `referee --port`): each close is said, and the next is served at the same path.
  const { SimPty } = await import('../../hardware/sim/pty.ts');
  const pty = new SimPty(board, {
    onHostClosed: (path) => io.err(`senryaku sim: the host closed the port; ${path} is ready for the next`),
  });
  const started = await pty.start();
  if (!started.ok) {
    board.stop();
    io.err(`senryaku sim: ${started.error.message} [${started.error.code}]`);
    return EXIT_FAILURE;
  }
  io.out(`pty: ${started.value}`);
  const stopped = new Promise<'stopped'>((resolve) => {
    if (stop.aborted) resolve('stopped');
    else stop.addEventListener('abort', () => resolve('stopped'), { once: true });
  });
  const end = await Promise.race([stopped, pty.ended]);
  await pty.stop();
  board.stop();
  if (end === 'stopped') return EXIT_OK;
  // The pty cannot serve another host: said, rather than a simulator running on with no port.
  io.err(
    `senryaku sim: ${end.why === 'failed' ? `the pty for the next host could not be made: ${end.error.message} [${end.error.code}]` : 'the board was unplugged'}`,
  );
  return EXIT_FAILURE;
}

export async function simCommand(args: string[], io: CliIo): Promise<number> {
  return untilSignal((stop) => runSim(args, io, stop));
}
