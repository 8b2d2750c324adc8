import { describe, expect, it } from 'vitest';
import { divide, perft, startPosition } from '../../../../src/games/surakarta/rules/index.ts';
import { randomPositions, referencePerft, setup } from './helpers.ts';

describe('perft', () => {
  it('from the start: 16, 256, 5382 (RULES.md)', () => {
    const pos = startPosition();
    expect([1, 2, 3].map((d) => perft(pos, d))).toEqual([16, 256, 5382]);
    expect(perft(pos, 0)).toBe(1);
  });

  it('perft(4) from the start is 111122 with both generators', () => {
    expect(perft(startPosition(), 4)).toBe(111122);
    expect(referencePerft(startPosition(), 4)).toBe(111122);
  });

  it('perft(5) from the start is 2572484', () => {
    expect(perft(startPosition(), 5)).toBe(2572484);
  });

  it('the fast perft matches the reference one on random positions (depth 3)', () => {
    for (const pos of randomPositions(11, 60)) expect(perft(pos, 3)).toBe(referencePerft(pos, 3));
  });

  it('taking the last piece counts at depth 1 and ends the game deeper', () => {
    const pos = setup(['a2', 'c2'], ['b3']);
    expect(divide(pos, 1).find((l) => l.notation === 'a2xb3')?.count).toBe(1);
    expect(divide(pos, 2).find((l) => l.notation === 'a2xb3')?.count).toBe(0);
  });

  it('a position with no legal move contributes 0: a pass is not counted', () => {
    const stuck = setup(['a1'], ['a2', 'b1', 'b2', 'f6']);
    expect(perft(stuck, 1)).toBe(0);
    expect(perft(stuck, 3)).toBe(0);
  });

  it('divide sums to perft, one line per root move, sorted by notation', () => {
    const lines = divide(startPosition(), 3);
    expect(lines).toHaveLength(16);
    expect(lines.reduce((s, l) => s + l.count, 0)).toBe(5382);
    const names = lines.map((l) => l.notation);
    expect(names).toEqual([...names].sort());
    expect(divide(startPosition(), 0)).toEqual([]);
  });
});
