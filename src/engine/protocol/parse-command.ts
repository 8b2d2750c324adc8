/**
 * A client's line to the engine, read into a command (docs/engine.md). Strict where UCI is
 * lenient: a token the engine does not know is a coded problem the engine says back, not
 * something silently skipped, so a client's mistake shows at once instead of as a strange move.
 */
import { err, ok, type Result } from '../../util/result.ts';
import type { EngineCommand, GoLimits, PositionOrigin } from './command.ts';
import { problem, tokensOf, wholeNumber, type ProtocolProblem } from './problem.ts';

const BARE = ['uci', 'isready', 'ucinewgame', 'stop', 'quit'] as const;
type BareCommand = (typeof BARE)[number];
const isBare = (word: string): word is BareCommand => (BARE as readonly string[]).includes(word);

const COMMAND_WORDS = [...BARE, 'setoption', 'position', 'go'] as const;

/** `go`'s limits that take a number, and the field each fills. */
const NUMBER_LIMITS = { depth: 'depth', nodes: 'nodes', movetime: 'movetimeMs' } as const;
type NumberLimit = keyof typeof NUMBER_LIMITS;
const isNumberLimit = (word: string): word is NumberLimit => Object.hasOwn(NUMBER_LIMITS, word);

export function parseCommand(line: string): Result<EngineCommand, ProtocolProblem> {
  const tokens = tokensOf(line);
  const [word, ...rest] = tokens;
  if (word === undefined) return err(problem('EmptyLine', 'an empty line is no command'));
  if (isBare(word))
    return rest.length === 0 ? ok({ kind: word }) : err(problem('BadArguments', `${word} takes nothing, got '${rest.join(' ')}'`));
  switch (word) {
    case 'setoption':
      return parseSetOption(rest);
    case 'position':
      return parsePosition(rest);
    case 'go':
      return parseGo(rest);
    default:
      return err(problem('UnknownCommand', `unknown command '${word}'; the commands are ${COMMAND_WORDS.join(', ')}`));
  }
}

/** `setoption name <name, maybe of several words> [value <value, maybe of several words>]` */
function parseSetOption(tokens: readonly string[]): Result<EngineCommand, ProtocolProblem> {
  if (tokens[0] !== 'name') return err(problem('MissingValue', "setoption takes 'name <option> [value <value>]'"));
  const valueAt = tokens.indexOf('value');
  const name = tokens.slice(1, valueAt < 0 ? undefined : valueAt).join(' ');
  if (name === '') return err(problem('MissingValue', 'setoption names no option'));
  if (valueAt < 0) return ok({ kind: 'setoption', name, value: undefined });
  const value = tokens.slice(valueAt + 1).join(' ');
  if (value === '') return err(problem('MissingValue', `setoption ${name}: 'value' with nothing after it`));
  return ok({ kind: 'setoption', name, value });
}

/** `position startpos [moves m1 m2 ...]` or `position [fen] <notation> [moves m1 m2 ...]`: the notation runs up to ` moves `. */
function parsePosition(tokens: readonly string[]): Result<EngineCommand, ProtocolProblem> {
  const movesAt = tokens.indexOf('moves');
  const head = tokens.slice(0, movesAt < 0 ? undefined : movesAt);
  const moves = movesAt < 0 ? [] : tokens.slice(movesAt + 1);
  let origin: PositionOrigin;
  if (head[0] === 'startpos') {
    if (head.length > 1) return err(problem('BadArguments', `position startpos: 'moves' expected, got '${head.slice(1).join(' ')}'`));
    origin = { kind: 'startpos' };
  } else {
    // `fen` is UCI's word before a position: taken for the programs written for chess, and dropped.
    const text = (head[0] === 'fen' ? head.slice(1) : head).join(' ');
    if (text === '') return err(problem('MissingValue', "position takes 'startpos' or a position in the game's notation"));
    origin = { kind: 'notation', text };
  }
  return ok({ kind: 'position', origin, moves });
}

/** `go [depth N] [nodes N] [movetime MS] [infinite]`, in any order, each at most once. */
function parseGo(tokens: readonly string[]): Result<EngineCommand, ProtocolProblem> {
  const limits: { -readonly [K in keyof GoLimits]: GoLimits[K] } = { infinite: false };
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!;
    if (seen.has(word)) return err(problem('BadArguments', `go: '${word}' given twice`));
    seen.add(word);
    if (word === 'infinite') limits.infinite = true;
    else if (isNumberLimit(word)) {
      const text = tokens[++i];
      const n = wholeNumber(text, 1);
      if (text === undefined) return err(problem('MissingValue', `go ${word}: a number expected`));
      if (n === undefined) return err(problem('BadNumber', `go ${word}: a whole number from 1 expected, got '${text}'`));
      limits[NUMBER_LIMITS[word]] = n;
    } else return err(problem('UnknownLimit', `go: unknown limit '${word}'; the limits are depth N, nodes N, movetime MS, infinite`));
  }
  return ok({ kind: 'go', limits });
}
