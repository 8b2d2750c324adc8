/**
 * Breakthrough through the real search (src/engine/search.ts) at a fixed depth, so the same on
 * every machine: it takes a free capture, does not put a piece where it is taken for nothing,
 * takes the last piece, walks onto the far rank, and stops an enemy piece one step from its
 * goal. What makes each move right is checked with the rules core, not with the engine.
 */
import { describe, expect, it } from 'vitest';
import type { SearchOutcome } from '../../../../src/engine/types.ts';
import { BREAKTHROUGH_ENGINE } from '../../../../src/games/breakthrough/engine/engine-game.ts';
import {
  formatMove,
  formatPosition,
  gameStatus,
  legalMoves,
  parseLegalMove,
  positionAfter,
  type Move,
  type Position,
} from '../../../../src/games/breakthrough/rules/index.ts';
import { pos } from './helpers.ts';
import { searchAt } from '../../../engine/board-helpers.ts';

const bestMove = (position: Position, depth: number): SearchOutcome => searchAt(BREAKTHROUGH_ENGINE, formatPosition(position), depth);

const played = (position: Position, text: string): Position => {
  const move = parseLegalMove(position, text);
  if (!move.ok) throw new Error(move.error.message);
  return positionAfter(position, move.value);
};

/** The captures of the side to move that the other side cannot answer by taking back on the same square. */
const freeCaptures = (position: Position): Move[] =>
  legalMoves(position).filter((m) => m.capture && !legalMoves(positionAfter(position, m)).some((r) => r.capture && r.to === m.to));

describe('Breakthrough through the search', () => {
  it('takes a free capture', () => {
    // Black's e3 has come too far: d2 takes it, and no Black piece can take back on e3.
    const position = pos('bbbb1b/bbbbbb/6/1ww1bw/2www1/wwwwww w');
    expect(freeCaptures(position).map(formatMove)).toEqual(['d2xe3']);
    const outcome = bestMove(position, 4);
    expect(outcome.bestMove).toBe('d2xe3');
    expect(outcome.info.score.kind === 'cp' && outcome.info.score.value).toBeGreaterThan(50);
  });

  it('does not put a piece where it is taken for nothing', () => {
    // Every step of b3 or e3 lands next to Black's fifth rank with nothing behind it.
    const position = pos('bbbbbb/bbbbbb/6/1w2w1/6/wwwwww w');
    const moves = legalMoves(position);
    const losing = moves.filter((m) => freeCaptures(positionAfter(position, m)).length > 0).map(formatMove);
    expect(losing.sort()).toEqual(['b3-a4', 'b3-b4', 'b3-c4', 'e3-d4', 'e3-e4', 'e3-f4']);
    for (const depth of [1, 2, 4]) expect(losing).not.toContain(bestMove(position, depth).bestMove);
  });

  it('takes the last piece, and walks onto the far rank: wins in one move', () => {
    const last = bestMove(pos('6/1b4/2w3/6/6/6 w'), 4);
    expect(last.bestMove).toBe('c4xb5');
    expect(last.info.score).toEqual({ kind: 'mate', moves: 1 });
    const through = pos('6/3w2/6/b5/6/6 w');
    const outcome = bestMove(through, 4);
    expect(outcome.info.score).toEqual({ kind: 'mate', moves: 1 });
    expect(gameStatus(played(through, outcome.bestMove!))).toMatchObject({ kind: 'over', winner: 'white', reason: 'breakthrough' });
  });

  it('stops an enemy piece one step from its goal: the only move that does not lose', () => {
    // Black's c2 reaches rank 1 next move unless taken; b1 can take it (d1 could too, e1 cannot).
    const position = pos('5b/6/6/w5/2b3/1w1ww1 w');
    const saving = legalMoves(position)
      .filter(
        (m) =>
          !legalMoves(positionAfter(position, m)).some((r) => gameStatus(positionAfter(positionAfter(position, m), r)).kind === 'over'),
      )
      .map(formatMove);
    expect(saving.sort()).toEqual(['b1xc2', 'd1xc2']);
    for (const depth of [1, 3]) expect(saving).toContain(bestMove(position, depth).bestMove);
  });
});
