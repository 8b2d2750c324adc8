/**
 * Surakarta through the real search (src/engine/search.ts) at a fixed depth, so the same on
 * every machine: it takes a free capture, does not leave a piece to be taken for nothing, takes
 * the last piece, and passes when it must. What makes each move right is checked with the
 * rules core, not with the engine.
 */
import { describe, expect, it } from 'vitest';
import type { SearchOutcome } from '../../../../src/engine/types.ts';
import { PASS_NOTATION, SURAKARTA_ENGINE } from '../../../../src/games/surakarta/engine/engine-game.ts';
import {
  formatMove,
  formatPosition,
  legalMoves,
  parseLegalMove,
  positionAfter,
  type Move,
  type Position,
} from '../../../../src/games/surakarta/rules/index.ts';
import { pos, setup } from '../rules/helpers.ts';
import { searchAt } from '../../../engine/board-helpers.ts';

const bestMove = (position: Position, depth: number): SearchOutcome => searchAt(SURAKARTA_ENGINE, formatPosition(position), depth);

const played = (position: Position, text: string): Position => {
  const move = parseLegalMove(position, text);
  if (!move.ok) throw new Error(move.error.message);
  return positionAfter(position, move.value);
};

/** The captures of the side to move that the other side cannot answer by taking back on the same point. */
const freeCaptures = (position: Position): Move[] =>
  legalMoves(position).filter((m) => m.capture && !legalMoves(positionAfter(position, m)).some((r) => r.capture && r.to === m.to));

describe('Surakarta through the search', () => {
  it('takes a free capture', () => {
    // d1 reaches c3 round the large loop at c1; nothing of Dark's can take back on c3.
    const position = pos('oooooo/oo1ooo/6/1xo3/xxxx1x/xxxxxx x');
    expect(freeCaptures(position).map(formatMove)).toEqual(['d1xc3']);
    const outcome = bestMove(position, 4);
    expect(outcome.bestMove).toBe('d1xc3');
    expect(outcome.info.score).toMatchObject({ kind: 'cp', value: expect.any(Number) });
    expect(outcome.info.score.kind === 'cp' && outcome.info.score.value).toBeGreaterThan(50);
  });

  it('does not leave a piece to be taken for nothing', () => {
    // In each, Dark threatens a free capture, Light has none, and most of Light's moves leave Dark one.
    for (const text of ['oooo1o/1o1oo1/oo1oxo/x1x2x/x2xx1/xxxxx1 x', 'ooo2o/1o1oo1/ooxo2/1x1oxx/1xx2x/xx1xxx x']) {
      const position = pos(text);
      const moves = legalMoves(position);
      expect(moves.some((m) => m.capture)).toBe(false);
      expect(freeCaptures({ ...position, turn: 'dark' }).length).toBeGreaterThan(0);
      const safe = moves.filter((m) => freeCaptures(positionAfter(position, m)).length === 0).map(formatMove);
      expect(safe.length).toBeLessThan(moves.length / 5);
      const chosen = bestMove(position, 4).bestMove!;
      expect(safe).toContain(chosen);
    }
  });

  it('takes the last piece: a win in one move', () => {
    const outcome = bestMove(pos('6/6/1o4/6/x1x3/3x2 x'), 4);
    expect(['a2xb4', 'c2xb4', 'd1xb4']).toContain(outcome.bestMove);
    expect(outcome.info.score).toEqual({ kind: 'mate', moves: 1 });
    // Three pieces to take: it forces the end in three moves (b4 now, then a5 or e5 whichever Dark
    // moves into reach: Dark's corner pieces a6 and f6 are on no circuit until they step off).
    const longer = bestMove(pos('o4o/6/1o4/6/x1x3/3x2 x'), 5);
    expect(longer.info.score).toEqual({ kind: 'mate', moves: 3 });
    expect(longer.bestMove).toMatch(/xb4$/);
    expect(longer.info.pv).toHaveLength(5);
    let line = pos('o4o/6/1o4/6/x1x3/3x2 x');
    for (const text of longer.info.pv) line = played(line, text);
    expect(line.board.filter((c) => c === 2)).toHaveLength(0);
  });

  it('passes when it must, and the search says so in the notation', () => {
    const outcome = bestMove(setup(['a1'], ['a2', 'b1', 'b2', 'f6']), 3);
    expect(outcome.bestMove).toBe(PASS_NOTATION);
    expect(outcome.info.pv[0]).toBe(PASS_NOTATION);
  });
});
