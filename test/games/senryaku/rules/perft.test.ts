import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BalanceModel, DEFAULT_PROFILE, divide, perft, startPosition } from '../../../../src/games/senryaku/rules/index.ts';
import { arbitraryPosition, mirrorFiles, naivePerft, spn, swapSides } from './helpers.ts';

describe('perft', () => {
  it('from the start: 19, 361, 6137 (RULES.md)', () => {
    const pos = startPosition();
    expect([1, 2, 3].map((d) => perft(pos, d))).toEqual([19, 361, 6137]);
    expect(perft(pos, 0)).toBe(1);
  });

  it('agrees with the naive perft from the start at depth 4', () => {
    expect(perft(startPosition(), 4)).toBe(naivePerft(startPosition(), 4));
  });

  it('counts game-ending moves at depth 1 only', () => {
    // Any black lift crashes here: 5 legal moves, none continue.
    const pos = spn('bb1B3/7/7/7/7/wwwW3 b - -');
    expect(perft(pos, 1)).toBe(naivePerft(pos, 1));
    expect(perft(pos, 1)).toBeGreaterThan(0);
    expect(perft(pos, 2)).toBe(0);
    // A capture counts at depth 1 and ends the game deeper.
    const capture = spn('7/2B4/2W4/7/7/7 w - -');
    const split = divide(capture, 2);
    expect(split.find((l) => l.notation === 'c4xc5')?.count).toBe(0);
    expect(divide(capture, 1).find((l) => l.notation === 'c4xc5')?.count).toBe(1);
  });

  it('a position with no legal move contributes 0', () => {
    expect(perft(spn('Wb5/7/7/7/7/w5B w a1 -'), 1)).toBe(0);
    expect(perft(spn('Wb5/7/7/7/7/w5B w a1 -'), 3)).toBe(0);
  });

  it('divide sums to perft and lists every root move', () => {
    const pos = startPosition();
    const lines = divide(pos, 3);
    expect(lines).toHaveLength(19);
    expect(lines.reduce((s, l) => s + l.count, 0)).toBe(6137);
  });

  it('the fast perft matches the naive one on any position (depth 3)', () => {
    fc.assert(
      fc.property(arbitraryPosition, (pos) => {
        expect(perft(pos, 3)).toBe(naivePerft(pos, 3));
      }),
      { numRuns: 150 },
    );
  });

  it('mirroring files a↔g leaves perft unchanged', () => {
    fc.assert(
      fc.property(arbitraryPosition, (pos) => {
        expect(perft(mirrorFiles(pos), 3)).toBe(perft(pos, 3));
      }),
      { numRuns: 200 },
    );
  });

  it('swapping colours and ranks leaves perft unchanged', () => {
    fc.assert(
      fc.property(arbitraryPosition, (pos) => {
        expect(perft(swapSides(pos), 3)).toBe(perft(pos, 3));
      }),
      { numRuns: 200 },
    );
    expect(perft(swapSides(startPosition()), 4)).toBe(perft(startPosition(), 4));
  });

  it('uses the given balance model', () => {
    // No gap between the pinnacles: the balanced start stands, but every lift tips it.
    const knifeEdge = BalanceModel.fromProfile({ ...DEFAULT_PROFILE, halfGap: 0 });
    expect(perft(startPosition(), 1, knifeEdge)).toBe(19);
    expect(perft(startPosition(), 2, knifeEdge)).toBe(0);
  });
});
