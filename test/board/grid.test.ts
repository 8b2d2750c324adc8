import { describe, expect, it } from 'vitest';
import { areNeighbours, parsePointName, pointAt, pointCount, pointName, type Grid } from '../../src/board/grid.ts';

const senryaku: Grid = { files: 7, ranks: 6 };
const surakarta: Grid = { files: 6, ranks: 6 };

describe('grid', () => {
  it('numbers points file + files × rank and names them a1…', () => {
    expect(pointCount(senryaku)).toBe(42);
    expect(pointName(senryaku, 0)).toBe('a1');
    expect(pointName(senryaku, 41)).toBe('g6');
    expect(pointName(surakarta, 35)).toBe('f6');
    expect(parsePointName(surakarta, 'f6')).toBe(35);
    expect(pointAt(surakarta, 5, 0)).toBe(5);
  });

  it('refuses names off the grid', () => {
    expect(parsePointName(surakarta, 'g1')).toBeUndefined();
    expect(parsePointName(senryaku, 'a7')).toBeUndefined();
    expect(parsePointName(senryaku, 'a0')).toBeUndefined();
    expect(parsePointName(senryaku, 'A1')).toBeUndefined();
  });

  it('neighbours touch by a side or a corner, without wrapping round an edge', () => {
    expect(areNeighbours(surakarta, 0, 7)).toBe(true);
    expect(areNeighbours(surakarta, 5, 6)).toBe(false); // f1 and a2
    expect(areNeighbours(senryaku, 6, 7)).toBe(false); // g1 and a2
    expect(areNeighbours(senryaku, 3, 3)).toBe(false);
  });
});
