/** Breakthrough's EngineGame: loading positions and moves (each checked by the rules core), and moves in the game's notation. */
import { describe, expect, it } from 'vitest';
import type { SearchBoard } from '../../../../src/engine/types.ts';
import { BREAKTHROUGH } from '../../../../src/games/breakthrough/index.ts';
import { BREAKTHROUGH_ENGINE } from '../../../../src/games/breakthrough/engine/engine-game.ts';
import { START_POSITION, formatMove, legalMoves, startPosition } from '../../../../src/games/breakthrough/rules/index.ts';
import { movesOf } from '../../../engine/board-helpers.ts';
import { boardAt, playoutPositions } from './helpers.ts';

const E = BREAKTHROUGH_ENGINE;

describe("Breakthrough's engine game", () => {
  it("is the descriptor's engine, from the start position", () => {
    expect(BREAKTHROUGH.engine).toBe(E);
    expect(E.id).toBe(BREAKTHROUGH.id);
    expect(E.startPosition).toBe(START_POSITION);
    const board = E.load(E.startPosition, []);
    expect(board.ok && board.value.turn()).toBe('white');
  });

  it('loads a position after moves, each played by the rules core', () => {
    const board = boardAt(startPosition(), ['b2-b3', 'e5-e4', 'b3-c4', 'e4-e3', 'c4xd5']);
    expect(E.position(board)).toBe('bbbbbb/bbbw1b/6/4b1/w1wwww/wwwwww b');
  });

  it('writes the board back in the position notation as it stands after moves made in the search', () => {
    const board = boardAt(startPosition());
    const moves = movesOf(board);
    board.make(moves[3]!);
    const again = E.load(E.position(board), []);
    expect(again.ok && [again.value.hashLow(), again.value.hashHigh(), again.value.turn()]).toEqual([
      board.hashLow(),
      board.hashHigh(),
      board.turn(),
    ]);
    board.unmake(moves[3]!);
    expect(E.position(board)).toBe(E.startPosition);
  });

  it('refuses a bad position, a bad move, an illegal move and a move after the end, naming the move', () => {
    expect(E.load('bbbbbb/bbbbbb/6/6/wwwwww/wwwwww x', [])).toMatchObject({ ok: false, error: { code: 'BadPosition' } });
    const bad = E.load(START_POSITION, ['b2-b3', 'e5e4']);
    expect(bad).toMatchObject({ ok: false, error: { code: 'BadMove' } });
    expect(!bad.ok && bad.error.message).toMatch(/^move 2 \(e5e4\): /);
    expect(E.load(START_POSITION, ['b2-b4'])).toEqual({
      ok: false,
      error: { code: 'IllegalMove', message: 'move 1 (b2-b4): b2 to b4 is not one square forward, straight or diagonally' },
    });
    expect(E.load(START_POSITION, ['b5-b4'])).toMatchObject({ ok: false, error: { code: 'IllegalMove', message: /not white's/ } });
    // d5-d6 reaches the far rank: the game is over, and nothing can follow.
    const last = '6/3w2/6/b5/6/6 w';
    expect(E.load(last, ['d5-d6'])).toEqual({
      ok: false,
      error: { code: 'GameOver', message: 'the game is over: white won (breakthrough)' },
    });
    expect(E.load(last, ['d5-d6', 'a4-a3'])).toMatchObject({
      ok: false,
      error: { code: 'GameOver', message: /^move 2 \(a4-a3\): the game is over/ },
    });
    expect(E.load('6/6/6/6/1w4/6 b', [])).toMatchObject({ ok: false, error: { code: 'GameOver', message: /all-captured/ } });
  });

  it("formats every legal move as the rules core does, and parses it back to the board's code", () => {
    let checked = 0;
    for (const p of playoutPositions(3, 4)) {
      const board = boardAt(p);
      const texts = movesOf(board).map((m) => E.formatMove(board, m));
      expect(texts).toEqual(legalMoves(p).map(formatMove));
      for (const m of movesOf(board)) expect(E.parseMove(board, E.formatMove(board, m))).toEqual({ ok: true, value: m });
      checked += texts.length;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('parseMove refuses text that is not a move, and a move that is not legal here, with the rule it breaks', () => {
    const board = boardAt(startPosition());
    expect(E.parseMove(board, 'b2b3')).toMatchObject({ ok: false, error: { code: 'BadMove' } });
    expect(E.parseMove(board, 'b2-g3')).toMatchObject({ ok: false, error: { code: 'BadMove' } });
    expect(E.parseMove(board, '--')).toMatchObject({ ok: false, error: { code: 'BadMove' } });
    expect(E.parseMove(board, 'b2xc3')).toMatchObject({ ok: false, error: { code: 'IllegalMove', message: /c3 holds no enemy piece/ } });
    expect(E.parseMove(board, 'b1-b2')).toMatchObject({ ok: false, error: { code: 'IllegalMove', message: /b2 holds white's own piece/ } });
  });

  it("parseMove takes only the board this engine made (another's is a programmer's error)", () => {
    const foreign = { ...boardAt(startPosition()) } as unknown as SearchBoard;
    expect(() => E.parseMove(foreign, 'b2-b3')).toThrow(TypeError);
  });
});
