/** The engine's replies: each written as docs/engine.md shows, read back by a client, other engines' extras stepped over. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatReply, type EngineReply } from '../../../src/engine/protocol/reply.ts';
import { parseReply } from '../../../src/engine/protocol/parse-reply.ts';

const parsed = (line: string) => {
  const r = parseReply(line);
  if (!r.ok) throw new Error(`${line}: ${r.error.code} ${r.error.message}`);
  return r.value;
};
const code = (line: string) => {
  const r = parseReply(line);
  return r.ok ? 'ok' : r.error.code;
};

describe('formatReply', () => {
  it('writes each reply on one line', () => {
    expect(formatReply({ kind: 'id', field: 'rules', value: 'senryaku' })).toBe('id rules senryaku');
    expect(formatReply({ kind: 'option', option: { name: 'Level', type: 'spin', default: '10', min: 1, max: 10 } })).toBe(
      'option name Level type spin default 10 min 1 max 10',
    );
    expect(formatReply({ kind: 'uciok' })).toBe('uciok');
    expect(formatReply({ kind: 'bestmove', move: undefined })).toBe('bestmove (none)');
    expect(
      formatReply({
        kind: 'info',
        info: { depth: 3, seldepth: 7, score: { kind: 'cp', value: -35 }, nodes: 1234, nps: 61700, timeMs: 20, pv: ['c5xd4', 'e1-e2'] },
      }),
    ).toBe('info depth 3 seldepth 7 score cp -35 nodes 1234 nps 61700 time 20 pv c5xd4 e1-e2');
    expect(formatReply({ kind: 'info', info: { depth: 9, score: { kind: 'mate', moves: -2 } } })).toBe('info depth 9 score mate -2');
    expect(formatReply({ kind: 'info', info: { text: 'error BadMove: no such move' } })).toBe('info string error BadMove: no such move');
  });
});

describe('parseReply', () => {
  it('reads what another engine may say besides: UCI fields it does not use, bounds, ponder', () => {
    expect(
      parsed('info depth 12 multipv 1 score cp 23 lowerbound nodes 100 nps 5 hashfull 3 tbhits 0 time 20 pv a2-a3 b7-b6 currmove a2-a3'),
    ).toEqual({
      kind: 'info',
      info: { depth: 12, score: { kind: 'cp', value: 23 }, nodes: 100, nps: 5, timeMs: 20, pv: ['a2-a3', 'b7-b6'] },
    });
    expect(parsed('info string hello  there')).toEqual({ kind: 'info', info: { text: 'hello there' } });
    expect(parsed('bestmove a2-a3 ponder b7-b6')).toEqual({ kind: 'bestmove', move: 'a2-a3', ponder: 'b7-b6' });
    expect(parsed('id name Some Engine 1.0')).toEqual({ kind: 'id', field: 'name', value: 'Some Engine 1.0' });
    expect(parsed('option name Clear Hash type button')).toEqual({ kind: 'option', option: { name: 'Clear Hash', type: 'button' } });
    expect(parsed('option name Style type combo default Solid Play var Solid Play var Risky')).toEqual({
      kind: 'option',
      option: { name: 'Style', type: 'combo', default: 'Solid Play', vars: ['Solid Play', 'Risky'] },
    });
    expect(parsed('option name Book type string default <empty>')).toEqual({
      kind: 'option',
      option: { name: 'Book', type: 'string', default: '' },
    });
  });

  it.each([
    ['Stockfish 16 by the Stockfish developers', 'UnknownReply'],
    ['', 'UnknownReply'],
    ['id copyright 2024', 'UnknownReply'],
    ['bestmove', 'BadReply'],
    ['bestmove a2-a3 b7-b6', 'BadReply'],
    ['info depth three', 'BadReply'],
    ['info score 30', 'BadReply'],
    ['option name Level type slider', 'BadReply'],
    ['option type spin', 'BadReply'],
    ['option name Level type spin min low', 'BadReply'],
    ['id name', 'BadReply'],
  ])('%j: %s', (line, want) => {
    expect(code(line)).toBe(want);
  });
});

const word = fc.stringMatching(/^[A-Za-z0-9/+\-x]{1,8}$/);
const info = fc.record(
  {
    depth: fc.nat(99),
    seldepth: fc.nat(99),
    score: fc.oneof(
      fc.record({ kind: fc.constant('cp' as const), value: fc.integer({ min: -30000, max: 30000 }) }),
      fc.record({ kind: fc.constant('mate' as const), moves: fc.integer({ min: -50, max: 50 }) }),
    ),
    nodes: fc.nat(),
    nps: fc.nat(),
    timeMs: fc.nat(),
    // A move is never one of info's words (all lower-case letters).
    pv: fc.array(
      word.filter((w) => !/^[a-z]+$/.test(w)),
      { minLength: 1, maxLength: 5 },
    ),
    text: fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' ')),
  },
  { requiredKeys: [] },
);
const reply: fc.Arbitrary<EngineReply> = fc.oneof(
  fc.constantFrom<EngineReply>({ kind: 'uciok' }, { kind: 'readyok' }),
  fc.record({
    kind: fc.constant('id' as const),
    field: fc.constantFrom('name' as const, 'author' as const, 'rules' as const),
    value: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  }),
  fc.record({
    kind: fc.constant('option' as const),
    option: fc.record({
      name: fc.constantFrom('Level', 'Seed', 'Move Overhead'),
      type: fc.constant('spin' as const),
      default: fc.nat().map(String),
      min: fc.nat(),
      max: fc.nat(),
    }),
  }),
  fc.record({ kind: fc.constant('info' as const), info }),
  fc.record({
    kind: fc.constant('bestmove' as const),
    move: fc.option(
      word.filter((w) => w !== 'ponder'),
      { nil: undefined },
    ),
  }),
);

describe('formatReply and parseReply', () => {
  it('read back every reply as it was written', () => {
    fc.assert(
      fc.property(reply, (r) => {
        expect(parsed(formatReply(r))).toEqual(r);
      }),
    );
  });
});
