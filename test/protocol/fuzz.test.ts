/**
 * Random and mutated lines: every input must give a value or a coded error, never a
 * throw. Seeded, so a failure reproduces.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc16, ERROR_CODES, formatBoardMessage, formatHostCommand, parseBoardLine, parseHostLine } from '../../src/protocol/index.ts';
import type { ProtocolError } from '../../src/protocol/index.ts';
import type { Result } from '../../src/util/result.ts';
import { boardMessage, hostCommand } from './arbitraries.ts';

const isCoded = (r: Result<unknown, ProtocolError>): boolean =>
  r.ok || ((ERROR_CODES as readonly string[]).includes(r.error.code) && typeof r.error.message === 'string');

/** The body before the first '*' (or the whole line) with a correct CRC: reaches the field checks. */
const reseal = (line: string): string => {
  const star = line.indexOf('*');
  const body = star < 0 ? line : line.slice(0, star);
  return `${body}*${crc16(body).toString(16).toUpperCase().padStart(4, '0')}`;
};

const parseBoth = (line: string): void => {
  for (const cellCount of [1, 42, 44, 48]) expect(isCoded(parseBoardLine(line, { cellCount }))).toBe(true);
  expect(isCoded(parseHostLine(line))).toBe(true);
};

/** One edit: flip, insert, delete or duplicate a char; bytes include non-ASCII. */
const mutation = fc.record({
  kind: fc.constantFrom('replace', 'insert', 'delete', 'truncate', 'repeat'),
  at: fc.nat(),
  char: fc.oneof(
    fc.constantFrom(' ', '*', '\r', '\n', '\t', '\\', '=', '-', '0', 'F', 'a'),
    fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)),
  ),
});

const mutate = (line: string, edits: readonly { kind: string; at: number; char: string }[]): string =>
  edits.reduce((s, { kind, at, char }) => {
    const i = s.length === 0 ? 0 : at % s.length;
    switch (kind) {
      case 'replace':
        return s.slice(0, i) + char + s.slice(i + 1);
      case 'insert':
        return s.slice(0, i) + char + s.slice(i);
      case 'delete':
        return s.slice(0, i) + s.slice(i + 1);
      case 'truncate':
        return s.slice(0, i);
      default:
        return s + s.slice(i);
    }
  }, line);

describe('parsers never throw', () => {
  it('on random strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })), (s) => parseBoth(s)),
      { seed: 1, numRuns: 3000 },
    );
  });

  it('on mutated board lines', () => {
    fc.assert(
      fc.property(boardMessage, fc.array(mutation, { minLength: 1, maxLength: 4 }), ({ message }, edits) => {
        const line = mutate(formatBoardMessage(message), edits);
        parseBoth(line);
        parseBoth(reseal(line));
      }),
      { seed: 2, numRuns: 3000 },
    );
  });

  it('on mutated command lines', () => {
    fc.assert(
      fc.property(hostCommand, fc.array(mutation, { minLength: 1, maxLength: 4 }), (command, edits) => {
        const line = mutate(formatHostCommand(command), edits);
        parseBoth(line);
        parseBoth(reseal(line));
      }),
      { seed: 3, numRuns: 3000 },
    );
  });

  it('on random bodies with a correct CRC (so the field checks are reached)', () => {
    const token = fc.oneof(
      fc.constantFrom(
        'HELLO',
        'FRAME',
        'TILT',
        'ACK',
        'NAK',
        'ERR',
        'PING',
        'RATE',
        'SETID',
        'LED',
        'LEDALL',
        '0001',
        '1',
        'WB',
        '--',
        '-',
        '',
      ),
      fc.stringMatching(/^[0-9A-Fa-z+/=-]{0,12}$/),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), (tokens) => {
        parseBoth(reseal(tokens.join(' ')));
      }),
      { seed: 4, numRuns: 3000 },
    );
  });
});
