import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  START_SPN,
  formatSpn,
  parseSpn,
  startPosition,
  samePosition,
  type SpnErrorCode,
} from '../../../../src/games/senryaku/rules/index.ts';
import { arbitraryPosition } from './helpers.ts';

const errorOf = (text: string) => {
  const r = parseSpn(text);
  if (r.ok) throw new Error(`expected ${text} to be rejected`);
  return r.error;
};

describe('SPN', () => {
  it('parses the start position', () => {
    const r = parseSpn(START_SPN);
    expect(r.ok && samePosition(r.value, startPosition())).toBe(true);
    expect(formatSpn(startPosition())).toBe(START_SPN);
  });

  it('reads locks and the side to move', () => {
    const r = parseSpn('bbbBbbb/7/7/7/w6/1wwWwww b a2 -');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.turn).toBe('black');
    expect(r.value.locked).toEqual({ white: 7, black: undefined });
  });

  const cases: [string, SpnErrorCode, number | undefined][] = [
    ['', 'Empty', undefined],
    ['bbbBbbb/7/7/7/7/wwwWwww w -', 'WrongFieldCount', undefined],
    ['bbbBbbb/7/7/7/7/wwwWwww  w - -', 'WrongFieldCount', undefined],
    ['bbbBbbb/7/7/7/wwwWwww w - -', 'WrongRankCount', undefined],
    ['bbbBbbb/7/7/7/7/wwwXwww w - -', 'BadCharacter', 19],
    ['bbbBbbb/7/7/7/7/wwwWww0 w - -', 'BadCharacter', 22],
    ['bbbBbbb/7/34/7/7/wwwWwww w - -', 'AdjacentDigits', 11],
    ['bbbBbbb/7/7/6/7/wwwWwww w - -', 'RankTooShort', 13],
    ['bbbBbbbb/7/7/7/7/wwwWwww w - -', 'RankTooLong', 7],
    ['bbbBbbb/7/7/7/7/wwwWww2 w - -', 'RankTooLong', 22],
    ['bbbBbbb/7/7/7/7/wwwWwww x - -', 'BadTurn', 24],
    ['bbbBbbb/7/7/7/7/wwwWwww w h1 -', 'BadLockedWell', 26],
    ['bbbBbbb/7/7/7/7/wwwWwww w d1 -', 'LockNotPlain', 26],
    ['bbbBbbb/7/7/7/7/wwwWwww w - a1', 'LockNotPlain', 28],
    ['bbbBbbb/7/7/7/w6/1wwWwww w - a2', 'LockNotPlain', 29],
    ['bbbBbbb/7/7/7/7/wwwWwww w a3 -', 'LockNotPlain', 26],
    ['bbbBbbb/7/7/7/7/wwwwwww w - -', 'MissingColoured', undefined],
    ['bbbBbbb/7/7/7/3W3/wwwWwww w - -', 'ExtraColoured', undefined],
    ['bbbbbbb/7/7/7/7/wwwWwww w - -', 'MissingColoured', undefined],
    ['bbbBbbb/b6/7/7/7/wwwWwww w - -', 'TooManySpheres', undefined],
  ];
  it.each(cases)('rejects %j with %s at %s', (text, code, index) => {
    const e = errorOf(text);
    expect(e.code).toBe(code);
    expect(e.index).toBe(index);
    expect(e.message.length).toBeGreaterThan(10);
  });

  it('says where the problem is', () => {
    expect(errorOf('bbbBbbb/7/7/7/7/wwwXwww w - -').message).toMatch(/rank 1: 'X'.*character 20/);
  });

  it('format after parse is the identity, and parse after format gives the position back', () => {
    fc.assert(
      fc.property(arbitraryPosition, (pos) => {
        const text = formatSpn(pos);
        const back = parseSpn(text);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(samePosition(back.value, pos)).toBe(true);
        expect(formatSpn(back.value)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});
