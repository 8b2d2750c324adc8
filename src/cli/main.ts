/**
 * The `senryaku` command line: dispatches to one command and keeps the exit-code promise:
 * 0 ok, 1 a runtime failure, 2 bad input; each failure is one line on stderr.
 */
import { CliFailure, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, oneLine, processIo, type CliDeps, type CliIo } from './io.ts';
import type { RulesetRegistry } from '../rulesets/ruleset-registry.ts';
import { COMMAND_NAMES, commandHelpText, helpText, isCommandName, type CommandName } from './usage.ts';
import { version } from './version.ts';

export { helpText } from './usage.ts';

type Command = (args: string[], io: CliIo, deps: CliDeps) => number | Promise<number>;

/** Each command's modules are loaded when it runs: `senryaku perft` need not load the serial stack. */
const COMMANDS: Record<CommandName, Command> = {
  referee: async (args, io, deps) => (await import('./commands/referee.ts')).refereeCommand(args, io, deps),
  replay: async (args, io) => (await import('./commands/replay.ts')).replayCommand(args, io),
  calibrate: async (args, io, deps) => (await import('./commands/calibrate.ts')).calibrateCommand(args, io, deps),
  monitor: async (args, io, deps) => (await import('./commands/monitor.ts')).monitorCommand(args, io, deps),
  record: async (args, io, deps) => (await import('./commands/record.ts')).recordCommand(args, io, deps),
  sim: async (args, io) => (await import('./commands/sim.ts')).simCommand(args, io),
  board: async (args, io, deps) => (await import('./commands/board.ts')).boardCommand(args, io, deps),
  scoreboard: async (args, io, deps) => (await import('./commands/scoreboard.ts')).scoreboardCommand(args, io, deps),
  perft: async (args, io) => (await import('./commands/perft.ts')).perftCommand(args, io),
  moves: async (args, io) => (await import('./commands/moves.ts')).movesCommand(args, io),
  config: async (args, io, deps) => (await import('./commands/config.ts')).configCommand(args, io, deps),
  matches: async (args, io) => (await import('./commands/matches.ts')).matchesCommand(args, io),
  hub: async (args, io) => (await import('./commands/hub.ts')).hubCommand(args, io),
  engine: async (args, io, deps) => (await import('./commands/engine.ts')).engineCommand(args, io, deps),
  analyse: async (args, io) => (await import('./commands/analyse.ts')).analyseCommand(args, io),
};

/** The games the help names (`--rules`, their match options): loaded only for the help. */
const helpGames = async (): Promise<RulesetRegistry> => (await import('../games/registry.ts')).BUILT_IN_RULESETS;

/** `--help` or `-h` among the arguments (before a `--`): help wins over any other problem, as in git or npm. */
const wantsHelp = (args: readonly string[]): boolean => {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
};

export async function main(argv: string[], io: CliIo = processIo, deps: CliDeps = {}): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.out(helpText(await helpGames()));
    return EXIT_OK;
  }
  if (name === '--version' || name === '-V') {
    io.out(version());
    return EXIT_OK;
  }
  if (name === 'help') {
    const topic = rest[0];
    if (topic === undefined) io.out(helpText(await helpGames()));
    else if (isCommandName(topic)) io.out(commandHelpText(topic, await helpGames()));
    else {
      io.err(`senryaku help: unknown command '${topic}'; the commands are ${COMMAND_NAMES.join(', ')}`);
      return EXIT_USAGE;
    }
    return EXIT_OK;
  }
  if (!isCommandName(name)) {
    io.err(`senryaku: ${name.startsWith('-') ? `unknown option '${name}'` : `unknown command '${name}'`}; try 'senryaku help'`);
    return EXIT_USAGE;
  }
  if (wantsHelp(rest)) {
    io.out(commandHelpText(name, await helpGames()));
    return EXIT_OK;
  }
  try {
    return await COMMANDS[name](rest, io, deps);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`senryaku ${name}: ${oneLine(e.message)}`);
      return EXIT_USAGE;
    }
    if (e instanceof CliFailure) {
      io.err(`senryaku ${name}: ${oneLine(e.message)}`);
      return EXIT_FAILURE;
    }
    // A bug, not the user's doing: still one line and a non-zero exit, never a stack trace.
    io.err(`senryaku ${name}: internal error: ${oneLine(e instanceof Error ? e.message : String(e))}`);
    return EXIT_FAILURE;
  }
}
