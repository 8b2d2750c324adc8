// The game so far as the engine is told it, from the match's verdicts: the last game's start and
// its moves, a takeback dropping its plies; nothing where the verdicts do not lead to the position.
import { describe, expect, it } from 'vitest';
import { gameLine } from '../../../src/app/computer/game-line.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';

const started = (position: string): Verdict => ({ type: 'game-started', atMs: 0, game: 1, players: { white: 'A', black: 'B' }, position });
const move = (m: string, position: string): Verdict => ({ type: 'move', atMs: 0, side: 'white', move: m, position });
const takeback = (plies: number, position: string): Verdict => ({ type: 'takeback', atMs: 0, side: 'white', plies, moves: [], position });
const notice: Verdict = { type: 'notice', atMs: 0, message: 'x' };

describe('gameLine', () => {
  it("the game in progress: its start and moves, the earlier game's left out", () => {
    const v = [started('S0'), move('m0', 'X'), started('S'), notice, move('a', 'P1'), move('b', 'P2'), move('c', 'P3')];
    expect(gameLine(v, 'P3')).toEqual({ start: 'S', moves: ['a', 'b', 'c'] });
  });

  it('a takeback drops its plies', () => {
    const v = [started('S'), move('a', 'P1'), move('b', 'P2'), move('c', 'P3'), takeback(2, 'P1'), move('d', 'P4')];
    expect(gameLine(v, 'P4')).toEqual({ start: 'S', moves: ['a', 'd'] });
  });

  it('nothing where the verdicts do not end at the position, or no game started', () => {
    expect(gameLine([started('S'), move('a', 'P1')], 'P1 after a pass')).toBeUndefined();
    expect(gameLine([move('a', 'P1')], 'P1')).toBeUndefined();
  });
});
