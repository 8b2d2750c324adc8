// The players' draws: an antic table read against one draw, as both games' plans use it.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/util/rng.ts';
import { anticFor, between, pick } from '../../src/players/draw.ts';

const TABLE = [
  { antic: 'a', chance: 0.1 },
  { antic: 'b', chance: 0.2 },
  { antic: 'c', chance: 0.3 },
] as const;

describe('anticFor', () => {
  it('takes the first line whose chance, added to those above it, passes the draw', () => {
    expect(anticFor(0, TABLE)).toBe('a');
    expect(anticFor(0.09, TABLE)).toBe('a');
    expect(anticFor(0.1, TABLE)).toBe('b');
    expect(anticFor(0.29, TABLE)).toBe('b');
    expect(anticFor(0.59, TABLE)).toBe('c');
  });

  it('past the last line: no antic', () => {
    expect(anticFor(0.61, TABLE)).toBe('none');
    expect(anticFor(0.99, TABLE)).toBe('none');
  });

  it('passes over a line that cannot be done: the draw goes on to the next line', () => {
    const table = [{ antic: 'a', chance: 0.1, possible: false }, ...TABLE.slice(1)];
    expect(anticFor(0.05, table)).toBe('b');
    expect(anticFor(0.15, table)).toBe('b');
  });

  it("a line whose antic is 'none' ends the table with no antic", () => {
    const table = [{ antic: 'none', chance: 0.1 }, ...TABLE.slice(1)] as const;
    expect(anticFor(0.05, table)).toBe('none');
    expect(anticFor(0.15, table)).toBe('b');
  });
});

describe('pick and between', () => {
  it('draw once each, as the generator would', () => {
    const drawn = new Rng(3);
    const mirror = new Rng(3);
    expect(pick(drawn, ['x', 'y', 'z'])).toBe(['x', 'y', 'z'][mirror.int(0, 2)]);
    expect(between(drawn, { min: 10, max: 20 })).toBe(mirror.int(10, 20));
    expect(drawn.float()).toBe(mirror.float());
  });
});
