/** Surakarta's EngineGame: loading positions and moves (each checked by the rules core), and moves in the game's notation. */
import { describe, expect, it } from 'vitest';
import type { SearchBoard } from '../../../../src/engine/types.ts';
import { SURAKARTA } from '../../../../src/games/surakarta/index.ts';
import { PASS_NOTATION, SURAKARTA_ENGINE } from '../../../../src/games/surakarta/engine/engine-game.ts';
import { PASS } from '../../../../src/games/surakarta/engine/search-board.ts';
import { START_POSITION, formatPosition, moveLines, startPosition } from '../../../../src/games/surakarta/rules/index.ts';
import { randomPositions, setup } from '../rules/helpers.ts';
import { movesOf } from '../../../engine/board-helpers.ts';
import { boardAt } from './helpers.ts';

const E = SURAKARTA_ENGINE;
const MUST_PASS = formatPosition(setup(['a1'], ['a2', 'b1', 'b2', 'f6']));

describe("Surakarta's engine game", () => {
  it("is the descriptor's engine, from the start position", () => {
    expect(SURAKARTA.engine).toBe(E);
    expect(E.id).toBe(SURAKARTA.id);
    expect(E.startPosition).toBe(START_POSITION);
    const board = E.load(E.startPosition, []);
    expect(board.ok && board.value.turn()).toBe('light');
  });

  it('loads a position after moves, each played by the rules core', () => {
    const board = boardAt(startPosition(), ['b2-b3', 'e5-e4', 'b3-c4']);
    expect(E.position(board)).toBe('oooooo/oooo1o/2x1o1/6/x1xxxx/xxxxxx o');
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
    expect(E.load('oooooo/oooooo/6/6/xxxxxx/xxxxxx', [])).toMatchObject({ ok: false, error: { code: 'BadPosition' } });
    const bad = E.load(START_POSITION, ['b2-b3', 'e5e4']);
    expect(bad).toMatchObject({ ok: false, error: { code: 'BadMove' } });
    expect(!bad.ok && bad.error.message).toMatch(/^move 2 \(e5e4\): /);
    const illegal = E.load(START_POSITION, ['b2-b4']);
    expect(illegal).toMatchObject({ ok: false, error: { code: 'IllegalMove' } });
    expect(!illegal.ok && illegal.error.message).toBe('move 1 (b2-b4): b2 to b4 is not one point in any direction');
    expect(E.load(START_POSITION, ['b5-b4'])).toMatchObject({ ok: false, error: { code: 'IllegalMove', message: /not light's/ } });
    // a2xb3 takes Dark's last piece: the game is over, and nothing can follow.
    const last = formatPosition(setup(['a2', 'c2'], ['b3']));
    const over = E.load(last, ['a2xb3']);
    expect(over).toMatchObject({ ok: false, error: { code: 'GameOver', message: 'the game is over: light won (all-captured)' } });
    const after = E.load(last, ['a2xb3', 'b3-b4']);
    expect(after).toMatchObject({ ok: false, error: { code: 'GameOver', message: /^move 2 \(b3-b4\): the game is over/ } });
    expect(E.load(formatPosition(setup(['a1'], [], 'dark')), [])).toMatchObject({ ok: false, error: { code: 'GameOver' } });
  });

  it(`a pass (${PASS_NOTATION}) is loaded and parsed only where the side to move must pass`, () => {
    const passed = E.load(MUST_PASS, [PASS_NOTATION, 'f6-f5']);
    expect(passed.ok && passed.value.turn()).toBe('light');
    expect(E.load(START_POSITION, [PASS_NOTATION])).toMatchObject({
      ok: false,
      error: { code: 'IllegalMove', message: 'move 1 (--): light has 16 legal moves and may not pass' },
    });
    const stuck = boardAt(setup(['a1'], ['a2', 'b1', 'b2', 'f6']));
    expect(E.parseMove(stuck, PASS_NOTATION)).toEqual({ ok: true, value: PASS });
    expect(E.formatMove(stuck, PASS)).toBe(PASS_NOTATION);
    expect(E.parseMove(stuck, 'a1-b1')).toMatchObject({ ok: false, error: { code: 'IllegalMove' } });
    expect(E.parseMove(boardAt(startPosition()), PASS_NOTATION)).toMatchObject({ ok: false, error: { code: 'IllegalMove' } });
  });

  it("formats every legal move as the rules core does, and parses it back to the board's code", () => {
    let checked = 0;
    for (const pos of [startPosition(), ...randomPositions(31, 60)]) {
      const loaded = E.load(formatPosition(pos), []);
      if (!loaded.ok) continue; // a side without pieces: the game is over
      const board = loaded.value;
      const texts = movesOf(board).map((m) => E.formatMove(board, m));
      const core = moveLines(pos).map((l) => l.notation);
      expect([...texts].sort()).toEqual(core.length > 0 ? core : [PASS_NOTATION]);
      for (const m of movesOf(board)) expect(E.parseMove(board, E.formatMove(board, m))).toEqual({ ok: true, value: m });
      checked += texts.length;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('parseMove refuses text that is not a move, and a move that is not legal here, with the rule it breaks', () => {
    const board = boardAt(startPosition());
    expect(E.parseMove(board, 'b2b3')).toMatchObject({ ok: false, error: { code: 'BadMove' } });
    expect(E.parseMove(board, 'b2-g3')).toMatchObject({ ok: false, error: { code: 'BadMove' } });
    expect(E.parseMove(board, 'b2xb3')).toMatchObject({ ok: false, error: { code: 'IllegalMove', message: /b3 holds no enemy piece/ } });
    expect(E.parseMove(board, 'b1-b2')).toMatchObject({ ok: false, error: { code: 'IllegalMove', message: /b2 is occupied/ } });
  });

  it("parseMove takes only the board this engine made (another's is a programmer's error)", () => {
    const foreign = { ...boardAt(startPosition()) } as unknown as SearchBoard;
    expect(() => E.parseMove(foreign, 'b2-b3')).toThrow(TypeError);
  });
});
