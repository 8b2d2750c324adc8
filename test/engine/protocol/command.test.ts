/** The client's commands: each line read into its command, each problem coded, and the writer and reader agreeing. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCommand, type EngineCommand } from '../../../src/engine/protocol/command.ts';
import { parseCommand } from '../../../src/engine/protocol/parse-command.ts';

const SPN = 'bbbBbbb/7/7/7/7/wwwWwww w - -';

const parsed = (line: string) => {
  const r = parseCommand(line);
  if (!r.ok) throw new Error(`${line}: ${r.error.code} ${r.error.message}`);
  return r.value;
};
const code = (line: string) => {
  const r = parseCommand(line);
  return r.ok ? 'ok' : r.error.code;
};

describe('parseCommand', () => {
  it.each(['uci', 'isready', 'ucinewgame', 'stop', 'quit'])('%s, with white space around it', (word) => {
    expect(parsed(` \t${word}  `)).toEqual({ kind: word });
    expect(code(`${word} now`)).toBe('BadArguments');
  });

  it('position startpos, with and without moves', () => {
    expect(parsed('position startpos')).toEqual({ kind: 'position', origin: { kind: 'startpos' }, moves: [] });
    expect(parsed('position startpos moves a1-a2  g7-g6')).toEqual({
      kind: 'position',
      origin: { kind: 'startpos' },
      moves: ['a1-a2', 'g7-g6'],
    });
    expect(parsed('position startpos moves')).toEqual({ kind: 'position', origin: { kind: 'startpos' }, moves: [] });
    expect(code('position startpos a1-a2')).toBe('BadArguments');
  });

  it("a position in the game's notation runs up to ' moves ', spaces and all ('fen' before it is dropped)", () => {
    const want = { kind: 'position', origin: { kind: 'notation', text: SPN }, moves: ['c5xd4'] };
    expect(parsed(`position ${SPN} moves c5xd4`)).toEqual(want);
    expect(parsed(`position fen ${SPN} moves c5xd4`)).toEqual(want);
    expect(parsed(`position   ${SPN.replaceAll(' ', '   ')}   moves c5xd4`)).toEqual(want);
    expect(parsed(`position ${SPN}`)).toEqual({ ...want, moves: [] });
    expect(code('position')).toBe('MissingValue');
    expect(code('position moves a1-a2')).toBe('MissingValue');
    expect(code('position fen')).toBe('MissingValue');
  });

  it('go: its limits in any order, combined; nothing is an unlimited search', () => {
    expect(parsed('go')).toEqual({ kind: 'go', limits: { infinite: false } });
    expect(parsed('go movetime 200')).toEqual({ kind: 'go', limits: { infinite: false, movetimeMs: 200 } });
    expect(parsed('go infinite depth 4 nodes 1000 movetime 50')).toEqual({
      kind: 'go',
      limits: { infinite: true, depth: 4, nodes: 1000, movetimeMs: 50 },
    });
  });

  it.each([
    ['go depth', 'MissingValue'],
    ['go depth 0', 'BadNumber'],
    ['go depth -3', 'BadNumber'],
    ['go depth 2.5', 'BadNumber'],
    ['go movetime 1e3', 'BadNumber'],
    ['go nodes 99999999999999999999', 'BadNumber'],
    ['go depth 3 depth 4', 'BadArguments'],
    ['go wtime 1000 btime 1000', 'UnknownLimit'],
    ['go ponder', 'UnknownLimit'],
  ])('%s: %s', (line, want) => {
    expect(code(line)).toBe(want);
  });

  it('setoption: names and values of several words', () => {
    expect(parsed('setoption name Level value 3')).toEqual({ kind: 'setoption', name: 'Level', value: '3' });
    expect(parsed('setoption name Clear Hash')).toEqual({ kind: 'setoption', name: 'Clear Hash', value: undefined });
    expect(parsed('setoption name Book File value /a b/c')).toEqual({ kind: 'setoption', name: 'Book File', value: '/a b/c' });
    expect(code('setoption Level 3')).toBe('MissingValue');
    expect(code('setoption name value 3')).toBe('MissingValue');
    expect(code('setoption name Level value')).toBe('MissingValue');
  });

  it('an empty line and an unknown command are coded, the message lists the commands', () => {
    expect(code('   ')).toBe('EmptyLine');
    const r = parseCommand('xyzzy 3');
    expect(r).toEqual({ ok: false, error: { code: 'UnknownCommand', message: expect.stringContaining('uci, isready') } });
  });
});

const token = fc.stringMatching(/^[a-z0-9/+\-x]{1,8}$/).filter((t) => !['moves', 'value', 'startpos', 'fen', 'name'].includes(t));
const limit = fc.integer({ min: 1, max: 1_000_000 });
const command: fc.Arbitrary<EngineCommand> = fc.oneof(
  fc.constantFrom<EngineCommand>({ kind: 'uci' }, { kind: 'isready' }, { kind: 'ucinewgame' }, { kind: 'stop' }, { kind: 'quit' }),
  fc.record({
    kind: fc.constant('setoption' as const),
    name: fc.array(token, { minLength: 1, maxLength: 3 }).map((t) => t.join(' ')),
    value: fc.option(
      fc.array(token, { minLength: 1, maxLength: 3 }).map((t) => t.join(' ')),
      { nil: undefined },
    ),
  }),
  fc.record({
    kind: fc.constant('position' as const),
    origin: fc.oneof(
      fc.constant({ kind: 'startpos' as const }),
      fc.array(token, { minLength: 1, maxLength: 4 }).map((t) => ({ kind: 'notation' as const, text: t.join(' ') })),
    ),
    moves: fc.array(token, { maxLength: 6 }),
  }),
  fc.record({
    kind: fc.constant('go' as const),
    limits: fc.record({ infinite: fc.boolean(), depth: limit, nodes: limit, movetimeMs: limit }, { requiredKeys: ['infinite'] }),
  }),
);

describe('formatCommand and parseCommand', () => {
  it('read back every command as it was written', () => {
    fc.assert(
      fc.property(command, (c) => {
        expect(parsed(formatCommand(c))).toEqual(c);
      }),
    );
  });
});
