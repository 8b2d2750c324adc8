/**
 * An engine's line to its client, read into a reply (the client's side of docs/engine.md).
 * Lenient where UCI asks a client to be: a line that starts with a word no reply starts with
 * is `UnknownReply` (a program's banner, say), which a client may skip; `info` fields it does
 * not use (`currmove`, `hashfull`...) are stepped over. A known reply that is malformed is
 * `BadReply`: a client cannot trust what such a program says next.
 */
import { err, ok, type Result } from '../../util/result.ts';
import type { Score } from '../types.ts';
import { problem, tokensOf, wholeNumber, type ProtocolProblem } from './problem.ts';
import {
  ID_FIELDS,
  NO_MOVE,
  OPTION_TYPES,
  type EngineReply,
  type IdField,
  type InfoReply,
  type OptionSpec,
  type OptionType,
} from './reply.ts';

const bad = (line: string, why: string): Result<never, ProtocolProblem> => err(problem('BadReply', `${why}: '${line}'`));

export function parseReply(line: string): Result<EngineReply, ProtocolProblem> {
  const tokens = tokensOf(line);
  const [word, ...rest] = tokens;
  switch (word) {
    case 'uciok':
    case 'readyok':
      return ok({ kind: word });
    case 'id':
      return parseId(line, rest);
    case 'option':
      return parseOption(line, rest);
    case 'info':
      return parseInfo(line, rest);
    case 'bestmove':
      return parseBestMove(line, rest);
    default:
      return err(problem('UnknownReply', `no reply starts with '${word ?? ''}'`));
  }
}

function parseId(line: string, tokens: readonly string[]): Result<EngineReply, ProtocolProblem> {
  const [field, ...value] = tokens;
  if (!(ID_FIELDS as readonly (string | undefined)[]).includes(field)) return err(problem('UnknownReply', `no id field '${field ?? ''}'`));
  if (value.length === 0) return bad(line, `id ${field}: no value`);
  return ok({ kind: 'id', field: field as IdField, value: value.join(' ') });
}

const OPTION_WORDS = ['default', 'min', 'max', 'var'];

/** `option name <name> type <type> [default <x>] [min N] [max N] [var <x>]*`: names and values may hold spaces. */
function parseOption(line: string, tokens: readonly string[]): Result<EngineReply, ProtocolProblem> {
  const typeAt = tokens.indexOf('type');
  if (tokens[0] !== 'name' || typeAt < 2) return bad(line, "an option needs 'name <name> type <type>'");
  const type = tokens[typeAt + 1];
  if (!(OPTION_TYPES as readonly (string | undefined)[]).includes(type)) return bad(line, `unknown option type '${type ?? ''}'`);
  const option: { -readonly [K in keyof OptionSpec]: OptionSpec[K] } = {
    name: tokens.slice(1, typeAt).join(' '),
    type: type as OptionType,
  };
  const vars: string[] = [];
  for (let i = typeAt + 2; i < tokens.length;) {
    const word = tokens[i]!;
    if (!OPTION_WORDS.includes(word)) return bad(line, `unknown option field '${word}'`);
    let end = i + 1;
    while (end < tokens.length && !OPTION_WORDS.includes(tokens[end]!)) end++;
    const value = tokens.slice(i + 1, end).join(' ');
    if (word === 'min' || word === 'max') {
      const n = wholeNumber(value, Number.MIN_SAFE_INTEGER, true);
      if (n === undefined) return bad(line, `option ${word}: a number expected`);
      option[word] = n;
    } else if (word === 'default') option.default = value === '<empty>' ? '' : value;
    else vars.push(value);
    i = end;
  }
  if (vars.length > 0) option.vars = vars;
  return ok({ kind: 'option', option });
}

/** `info` fields that take one number and that a client keeps, and the field each fills. */
const KEPT_NUMBERS = { depth: 'depth', seldepth: 'seldepth', nodes: 'nodes', nps: 'nps', time: 'timeMs' } as const;
/** UCI's other `info` fields of one token, stepped over. */
const SKIPPED_ONE = ['multipv', 'currmove', 'currmovenumber', 'hashfull', 'tbhits', 'sbhits', 'cpuload'];
/** Fields that take moves up to the next field. */
const MOVE_LISTS = ['pv', 'refutation', 'currline'];
const INFO_WORDS = new Set([...Object.keys(KEPT_NUMBERS), ...SKIPPED_ONE, ...MOVE_LISTS, 'score', 'string']);

function parseInfo(line: string, tokens: readonly string[]): Result<EngineReply, ProtocolProblem> {
  const info: { -readonly [K in keyof InfoReply]: InfoReply[K] } = {};
  for (let i = 0; i < tokens.length;) {
    const word = tokens[i]!;
    if (word === 'string') {
      info.text = tokens.slice(i + 1).join(' ');
      break;
    }
    if (Object.hasOwn(KEPT_NUMBERS, word)) {
      const n = wholeNumber(tokens[i + 1], 0);
      if (n === undefined) return bad(line, `info ${word}: a whole number expected`);
      info[KEPT_NUMBERS[word as keyof typeof KEPT_NUMBERS]] = n;
      i += 2;
    } else if (word === 'score') {
      const score = parseScore(tokens[i + 1], tokens[i + 2]);
      if (score === undefined) return bad(line, "info score: 'cp N' or 'mate N' expected");
      info.score = score;
      i += 3;
      if (tokens[i] === 'lowerbound' || tokens[i] === 'upperbound') i++;
    } else if (MOVE_LISTS.includes(word)) {
      let end = i + 1;
      while (end < tokens.length && !INFO_WORDS.has(tokens[end]!)) end++;
      if (word === 'pv') info.pv = tokens.slice(i + 1, end);
      i = end;
    } else i += SKIPPED_ONE.includes(word) ? 2 : 1;
  }
  return ok({ kind: 'info', info });
}

function parseScore(kind: string | undefined, value: string | undefined): Score | undefined {
  const n = wholeNumber(value, Number.MIN_SAFE_INTEGER, true);
  if (n === undefined) return undefined;
  if (kind === 'cp') return { kind: 'cp', value: n };
  if (kind === 'mate') return { kind: 'mate', moves: n };
  return undefined;
}

function parseBestMove(line: string, tokens: readonly string[]): Result<EngineReply, ProtocolProblem> {
  const [move, ponderWord, ponder, ...extra] = tokens;
  if (move === undefined) return bad(line, 'bestmove names no move');
  if (ponderWord !== undefined && (ponderWord !== 'ponder' || ponder === undefined || extra.length > 0))
    return bad(line, "after the move only 'ponder <move>' may follow");
  return ok({ kind: 'bestmove', move: move === NO_MOVE ? undefined : move, ...(ponder === undefined ? {} : { ponder }) });
}
