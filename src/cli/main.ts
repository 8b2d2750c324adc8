/** The `senryaku` command line: dispatches to one command, turns usage errors into exit code 2. */
import { movesCommand, MOVES_USAGE } from './commands/moves.ts';
import { perftCommand, PERFT_USAGE } from './commands/perft.ts';
import { demoCommand } from './commands/demo.ts';
import { recordCommand, RECORD_USAGE } from './commands/record.ts';
import { monitorCommand, MONITOR_USAGE } from './commands/monitor.ts';
import { calibrateCommand, CALIBRATE_USAGE } from './commands/calibrate.ts';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, processIo, type CliIo } from './io.ts';

type Command = (args: string[], io: CliIo) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string; summary: string }> = {
  perft: { run: perftCommand, usage: PERFT_USAGE, summary: 'count move paths (rules check)' },
  moves: { run: movesCommand, usage: MOVES_USAGE, summary: 'list the legal moves and their outcome' },
  demo: { run: demoCommand, usage: 'senryaku demo', summary: 'show what the rules core does' },
  calibrate: { run: calibrateCommand, usage: CALIBRATE_USAGE, summary: 'guided load-cell calibration, saved per board id' },
  monitor: { run: monitorCommand, usage: MONITOR_USAGE, summary: 'live loads, tilt and link health of a board' },
  record: { run: recordCommand, usage: RECORD_USAGE, summary: 'record every raw line to and from a board' },
  sim: { run: async (args, io) => (await import('./commands/sim.ts')).simCommand(args, io), usage: 'senryaku sim --pty [--seed N] [--profile FILE] [--spn SPN]', summary: 'simulated board on a pty, until Ctrl-C' },
  referee: {
    run: async (args, io) => (await import('./commands/referee.ts')).refereeCommand(args, io),
    usage: 'senryaku referee --port PATH|auto | --sim [--autoplay] [--seed N] [--games N] [--json] ... (see README)',
    summary: 'referee a live (or simulated) board: moves, fouls, crashes, the match',
  },
  replay: {
    run: async (args, io) => (await import('./commands/replay.ts')).replayCommand(args, io),
    usage: 'senryaku replay JOURNAL|RECORDING [--json] [--profile FILE] [--calibration-dir DIR]',
    summary: 're-referee a recorded session and print its verdicts',
  },
  scoreboard: { run: async (args, io) => (await import('./commands/scoreboard.ts')).scoreboardCommand(args, io), usage: 'senryaku scoreboard test --port PATH [--track N] [--pause MS]', summary: 'light every LED and digit of the scoring board in turn' },
};

export function helpText(): string {
  return [
    'senryaku: electronic referee for Senryaku',
    '',
    'Commands:',
    ...Object.values(COMMANDS).flatMap((c) => [`  ${c.usage}`, `      ${c.summary}`]),
    '',
    'Positions are written in SPN (see README). Bad input exits with code 2.',
  ].join('\n');
}

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(helpText());
    return EXIT_OK;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`senryaku: unknown command '${name}'; try 'senryaku help'`);
    return EXIT_USAGE;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`senryaku ${name}: ${e.message}`);
      return EXIT_USAGE;
    }
    io.err(`senryaku ${name}: internal error: ${(e as Error).message}`);
    return EXIT_FAILURE;
  }
}
