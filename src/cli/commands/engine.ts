/**
 * `senryaku engine [--rules ID] [--profile FILE]`: the game's engine as a program speaking the
 * text protocol (docs/engine.md) on standard input and output, its search in a worker thread,
 * on the board of --profile (else the game's reference board): what crashes is that board's.
 * `senryaku engine --check CMD [--rules ID] [--level N] [--movetime MS]`: another program
 * that speaks it, greeted and asked for a move, the move checked by the rules.
 */
import { createInterface } from 'node:readline';
import { loadBoardFile } from '../../app/load-profile.ts';
import { engineOnBoard } from '../../rulesets/engine-on-board.ts';
import { LEVELS, type Level } from '../../engine/types.ts';
import type { Ruleset } from '../../games/registry.ts';
import { err, ok } from '../../util/result.ts';
import { CliFailure, EXIT_FAILURE, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { readRuleset, rulesOptionSpecs } from '../rules-option.ts';
import { version } from '../version.ts';

const DEFAULT_CHECK_MOVETIME_MS = 1000;

export async function engineCommand(args: string[], io: CliIo, deps: CliDeps): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...rulesOptionSpecs,
    check: { type: 'string' },
    level: { type: 'string' },
    movetime: { type: 'string' },
    profile: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`engine takes no arguments, got '${positionals.join(' ')}'`);
  const ruleset = readRuleset(values.rules);
  if (values.check !== undefined) {
    if (values.profile !== undefined)
      throw new UsageError('--profile is the board of this engine; a program that --check runs cannot be told one');
    const level = values.level === undefined ? undefined : readLevel(values.level);
    const movetimeMs = values.movetime === undefined ? DEFAULT_CHECK_MOVETIME_MS : readMovetime(values.movetime);
    return checkEngine(io, ruleset, values.check, level, movetimeMs);
  }
  for (const flag of ['level', 'movetime'] as const)
    if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --check; the engine itself takes its level by setoption`);
  return serveEngine(io, deps, ruleset, values.profile === undefined ? undefined : readProfile(values.profile, ruleset));
}

/** The board profile of the file, as a journal header would keep it. */
function readProfile(path: string, ruleset: Ruleset): unknown {
  const file = loadBoardFile(path, ruleset);
  if (!file.ok) throw new UsageError(file.error);
  return file.value.profile;
}

function readLevel(text: string): Level {
  const n = Number(text);
  if (!(LEVELS as readonly number[]).includes(n) || !/^\d+$/.test(text))
    throw new UsageError(`--level must be a whole number from ${LEVELS[0]} to ${LEVELS[LEVELS.length - 1]}, got '${text}'`);
  return n as Level;
}

function readMovetime(text: string): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= 1 && n <= 3_600_000)) throw new UsageError(`--movetime must be milliseconds from 1 to 3600000, got '${text}'`);
  return n;
}

/** The protocol on stdin/stdout until `quit` or the end of the input; exit 1 if the search failed. `profile`: undefined for the reference board. */
async function serveEngine(io: CliIo, deps: CliDeps, ruleset: Ruleset, profile: unknown): Promise<number> {
  if (ruleset.engine === undefined) throw new UsageError(`bad --rules: ${ruleset.name} has no engine`);
  const onBoard = engineOnBoard(ruleset, profile);
  if (!onBoard.ok) throw new UsageError(`--profile: ${onBoard.error}`);
  const game = onBoard.value;
  const [{ EngineServer }, { WorkerSearchRunner }] = await Promise.all([
    import('../../app/engine/engine-server.ts'),
    import('../../app/engine/worker-search-runner.ts'),
  ]);
  const server = new EngineServer({
    game,
    runner: new WorkerSearchRunner(ruleset.id, profile),
    out: io.out,
    name: `Senryaku engine ${version()}`,
    author: 'the Senryaku referee project',
  });
  await server.start();
  const input = createInterface({ input: deps.input ?? process.stdin, crlfDelay: Infinity });
  input.on('line', (line) => server.hear(line));
  input.once('close', () => server.endOfInput());
  const how = await server.ended;
  input.close();
  await server.stop();
  return how === 'quit' ? EXIT_OK : EXIT_FAILURE;
}

/** Greets the program, asks for a move in the start position, checks it by the rules core: what it said, on stdout. */
async function checkEngine(io: CliIo, ruleset: Ruleset, command: string, level: Level | undefined, movetimeMs: number): Promise<number> {
  const { EngineClient, EngineStartError } = await import('../../app/engine/engine-client.ts');
  const { formatReply } = await import('../../engine/protocol/reply.ts');
  const start = ruleset.position(ruleset.startPosition);
  if (!start.ok) throw new CliFailure(`${ruleset.name}'s start position does not parse: ${start.error.message}`);
  const legal = start.value.moves().map((m) => m.notation);
  const client = new EngineClient({
    command,
    rules: ruleset.id,
    level,
    checkMove: (_position, _moves, move) => (legal.includes(move) ? ok(undefined) : err(`not a legal move of the start position`)),
  });
  try {
    await client.start();
  } catch (e) {
    if (e instanceof EngineStartError) throw new CliFailure(`${e.problem.code}: ${e.problem.message}`);
    throw e;
  }
  try {
    const id = client.identity!;
    io.out(`program: ${id.name ?? '(no name)'}${id.author === undefined ? '' : ` by ${id.author}`}, rules ${id.rules ?? '(not said)'}`);
    io.out(
      `options: ${id.options.map((o) => `${o.name} (${o.type}${o.min === undefined ? '' : ` ${o.min}..${o.max}`})`).join(', ') || 'none'}`,
    );
    const answer = await client.bestMove(ruleset.startPosition, [], { movetimeMs });
    if (!answer.ok) throw new CliFailure(`${answer.error.code}: ${answer.error.message}`);
    if (answer.value.info !== undefined) io.out(formatReply({ kind: 'info', info: answer.value.info }));
    if (answer.value.move === undefined) throw new CliFailure(`the program found no move in the start position, which has ${legal.length}`);
    io.out(`bestmove ${answer.value.move} (legal)`);
    return EXIT_OK;
  } finally {
    await client.stop();
  }
}
