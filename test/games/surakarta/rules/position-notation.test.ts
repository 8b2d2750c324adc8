import { describe, expect, it } from 'vitest';
import {
  START_POSITION,
  formatPosition,
  parsePosition,
  pieceCounts,
  samePosition,
  startPosition,
  type PositionErrorCode,
} from '../../../../src/games/surakarta/rules/index.ts';
import { randomPositions } from './helpers.ts';

const errorOf = (text: string) => {
  const r = parsePosition(text);
  if (r.ok) throw new Error(`expected ${text} to be rejected`);
  return r.error;
};

describe('position notation', () => {
  it('parses the start position', () => {
    expect(START_POSITION).toBe('oooooo/oooooo/6/6/xxxxxx/xxxxxx x');
    const r = parsePosition(START_POSITION);
    expect(r.ok && samePosition(r.value, startPosition())).toBe(true);
    expect(formatPosition(startPosition())).toBe(START_POSITION);
    expect(pieceCounts(startPosition().board)).toEqual({ light: 12, dark: 12 });
  });

  it('reads the side to move, ranks from 6 down to 1 and files from a', () => {
    const r = parsePosition('o5/6/6/6/6/5x o');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.turn).toBe('dark');
    expect(r.value.board[5]).toBe(1); // f1: Light
    expect(r.value.board[30]).toBe(2); // a6: Dark
    expect(pieceCounts(r.value.board)).toEqual({ light: 1, dark: 1 });
  });

  it('accepts positions with few or no pieces (puzzles, games over)', () => {
    expect(parsePosition('6/6/6/6/6/6 x').ok).toBe(true);
    expect(parsePosition('6/6/2o3/6/6/6 o').ok).toBe(true);
  });

  const cases: [string, PositionErrorCode, number | undefined][] = [
    ['', 'Empty', undefined],
    ['oooooo/oooooo/6/6/xxxxxx/xxxxxx', 'WrongFieldCount', 31],
    ['oooooo/oooooo/6/6/xxxxxx/xxxxxx x ', 'WrongFieldCount', 33],
    ['oooooo/oooooo/6/6/xxxxxx/xxxxxx x 1', 'WrongFieldCount', 33],
    ['oooooo/oooooo/6/6/xxxxxx/xxxxxx  x', 'WrongFieldCount', 32],
    ['oooooo/oooooo/6/xxxxxx/xxxxxx x', 'WrongRankCount', 29],
    ['oooooo/oooooo/6/6/6/xxxxxx/xxxxxx x', 'WrongRankCount', 26],
    ['oooooo/oooooo/6/6/xxxxxx/xxxXxx x', 'BadCharacter', 28],
    ['oooooo/oooooo/6/6/xxxxxx/xxxxx0 x', 'BadCharacter', 30],
    ['oooooo/oooooo/7/6/xxxxxx/xxxxxx x', 'BadCharacter', 14],
    ['oooooo/oooooo/33/6/xxxxxx/xxxxxx x', 'AdjacentDigits', 15],
    ['oooooo/oooooo/5/6/xxxxxx/xxxxxx x', 'RankTooShort', 15],
    ['oooooo/oooooo/6/6/xxxxxx/ x', 'RankTooShort', 25],
    ['ooooooo/oooooo/6/6/xxxxxx/xxxxxx x', 'RankTooLong', 6],
    ['oooooo/oooooo/x5x/6/xxxxxx/xxxxxx x', 'RankTooLong', 16],
    ['oooooo/oooooo/6/6/xxxxxx/xxxxxx X', 'BadTurn', 32],
    ['oooooo/oooooo/6/6/xxxxxx/xxxxxx xo', 'BadTurn', 32],
    ['oooooo/oooooo/6/6/xxxxxx/xxxxxx -', 'BadTurn', 32],
    ['oooooo/oooooo/o5/6/xxxxxx/xxxxxx o', 'TooManyPieces', 14],
    ['oooooo/oooooo/6/5x/xxxxxx/xxxxxx x', 'TooManyPieces', 31],
  ];
  it.each(cases)('rejects %j with %s at %s', (text, code, index) => {
    const e = errorOf(text);
    expect(e.code).toBe(code);
    expect(e.index).toBe(index);
    expect(e.message.length).toBeGreaterThan(10);
  });

  it('says where the problem is', () => {
    expect(errorOf('oooooo/oooooo/6/6/xxxxxx/xxxXxx x').message).toMatch(/rank 1: 'X'.*character 29/);
  });

  it('format after parse is the identity, and parse after format gives the position back', () => {
    for (const p of randomPositions(7, 500)) {
      const text = formatPosition(p);
      const back = parsePosition(text);
      expect(back.ok).toBe(true);
      if (!back.ok) return;
      expect(samePosition(back.value, p)).toBe(true);
      expect(formatPosition(back.value)).toBe(text);
    }
  });
});
