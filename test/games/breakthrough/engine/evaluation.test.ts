/** Breakthrough's evaluation: blind to left and right and to which colour is which, material first, a piece one step from the goal decisive. */
import { describe, expect, it } from 'vitest';
import { EMPTY, SQUARES, type Position } from '../../../../src/games/breakthrough/rules/index.ts';
import { boardAt, playoutPositions, pos } from './helpers.ts';

const evaluation = (p: Position): number => boardAt(p).evaluate();

/** Files a↔f. */
const mirrored = (p: Position): Position => {
  const board = new Int8Array(SQUARES);
  for (let s = 0; s < SQUARES; s++) board[s - (s % 6) + 5 - (s % 6)] = p.board[s]!;
  return { board, turn: p.turn };
};
/** The same game from the other seat: ranks 1↔6, White↔Black, the other side to move. */
const swapped = (p: Position): Position => {
  const board = new Int8Array(SQUARES);
  for (let s = 0; s < SQUARES; s++) {
    const c = p.board[s]!;
    board[(5 - Math.floor(s / 6)) * 6 + (s % 6)] = c === EMPTY ? EMPTY : 3 - c;
  }
  return { board, turn: p.turn === 'white' ? 'black' : 'white' };
};

describe("Breakthrough's evaluation", () => {
  const positions = playoutPositions(11, 12);

  it('is the same mirrored left to right and with the colours swapped', () => {
    expect(positions.length).toBeGreaterThan(150);
    for (const p of positions) {
      expect(evaluation(mirrored(p))).toBe(evaluation(p));
      expect(evaluation(swapped(p))).toBe(evaluation(p));
    }
  });

  it('a piece more outweighs the shape of the position: taking an enemy piece off raises the score by more than half a piece', () => {
    let compared = 0;
    for (const p of positions) {
      const enemy = p.turn === 'white' ? 2 : 1;
      const theirs = [...p.board.keys()].filter((s) => p.board[s] === enemy);
      if (theirs.length < 2) continue;
      for (const s of theirs) {
        const board = p.board.slice();
        board[s] = EMPTY;
        expect(evaluation({ board, turn: p.turn }) - evaluation(p)).toBeGreaterThan(50);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('a piece one step from the goal decides: for the side to move it wins, against it it loses unless taken', () => {
    // White's d5 will step to the far rank; Black is a piece up.
    expect(evaluation(pos('6/3w2/6/bb4/6/6 w'))).toBeGreaterThan(500);
    expect(evaluation(pos('6/3w2/6/bb4/6/6 b'))).toBeLessThan(-500);
    // An equal position without it is near even.
    expect(Math.abs(evaluation(pos('6/6/3w2/b5/6/6 w')))).toBeLessThan(100);
  });

  it('a runner no enemy can catch is worth more than the same piece with an enemy in its path', () => {
    // White's c4: free with Black on f6, in Black's reach with Black on d6.
    expect(evaluation(pos('5b/6/2w3/6/6/6 w'))).toBeGreaterThan(evaluation(pos('3b2/6/2w3/6/6/6 w')) + 50);
  });
});
