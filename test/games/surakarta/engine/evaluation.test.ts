/** Surakarta's evaluation: blind to the square's symmetries and to which colour is which, and material first. */
import { describe, expect, it } from 'vitest';
import { EMPTY, cellOf, gameStatus, opposite, startPosition, type Position } from '../../../../src/games/surakarta/rules/index.ts';
import { SYMMETRIES, randomPositions, swapSides, transform } from '../rules/helpers.ts';
import { boardAt } from './helpers.ts';

const playable = (pos: Position): boolean => gameStatus({ position: pos }).kind !== 'over';
const evaluation = (pos: Position): number => boardAt(pos).evaluate();

describe("Surakarta's evaluation", () => {
  it('is the same under the 8 symmetries of the square and with the colours swapped (the circuits are symmetric)', () => {
    const positions = randomPositions(41, 200).filter(playable);
    expect(positions.length).toBeGreaterThan(150);
    for (const pos of positions) {
      const value = evaluation(pos);
      for (const sym of SYMMETRIES) expect(evaluation(transform(pos, sym))).toBe(value);
      expect(evaluation(swapSides(pos))).toBe(value);
    }
    expect(evaluation(startPosition())).toBe(evaluation({ ...startPosition(), turn: 'dark' }));
  });

  it('a piece more outweighs any shape of the position: taking an enemy piece off raises the score by more than half a piece', () => {
    let compared = 0;
    for (const pos of randomPositions(42, 300)) {
      const enemy = cellOf(opposite(pos.turn));
      const theirs = [...pos.board.keys()].filter((p) => pos.board[p] === enemy);
      if (theirs.length < 2 || !playable(pos)) continue;
      const board = pos.board.slice();
      board[theirs[0]!] = EMPTY;
      expect(evaluation({ board, turn: pos.turn }) - evaluation(pos)).toBeGreaterThan(50);
      compared++;
    }
    expect(compared).toBeGreaterThan(150);
  });

  it('the scores stay within a bounded range a search can add to', () => {
    for (const pos of randomPositions(43, 300).filter(playable)) expect(Math.abs(evaluation(pos))).toBeLessThan(3000);
  });
});
