import { describe, expect, it } from 'vitest';
import { playGame, type GamePlayer } from '../../bench/support/play-game.ts';
import type { EngineGame, SearchBoard } from '../../src/engine/types.ts';
import { NimBoard, TicTacToeBoard, toyGame } from '../engine/toy-boards.ts';

const clock = (): (() => number) => {
  let t = 0;
  return () => t++;
};
const CELLS = '.XO';
const ticTacToe = toyGame(
  (cells) => {
    const board = new TicTacToeBoard(cells.slice(0, 9) || undefined);
    return board;
  },
  (board: SearchBoard) => Array.from((board as TicTacToeBoard).cells, (c) => CELLS[c]).join(''),
);
/** Tic-tac-toe whose load plays the moves given, as a real game's load does through its rules core. */
const ticTacToeWithMoves: EngineGame = {
  ...ticTacToe,
  startPosition: '.........',
  load: (position, moves) => {
    const board = new TicTacToeBoard(position);
    for (const m of moves) {
      const move = ticTacToe.parseMove(board, m);
      if (!move.ok) return move;
      board.make(move.value);
    }
    return { ok: true, value: board };
  },
};
const full: GamePlayer = { kind: 'engine', level: 10, limits: { depth: 9 } };
const randomSafe: GamePlayer = { kind: 'random-safe' };

describe('a game between two players', () => {
  it('never loses tic-tac-toe with the full search, against random moves, with either side', () => {
    for (let seed = 0; seed < 10; seed++) {
      const first = playGame(ticTacToeWithMoves, [full, randomSafe], { seed, now: clock(), maxPlies: 20 });
      const second = playGame(ticTacToeWithMoves, [randomSafe, full], { seed, now: clock(), maxPlies: 20 });
      expect(first.ok && first.value.winner !== 1).toBe(true);
      expect(second.ok && second.value.winner !== 0).toBe(true);
    }
  });

  it("draws tic-tac-toe between two full searches, and counts each side's moves and nodes", () => {
    const out = playGame(ticTacToeWithMoves, [full, full], { seed: 1, now: clock(), maxPlies: 20 });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.winner).toBeUndefined();
    expect(out.value.end).toBe('draw');
    expect(out.value.moves).toHaveLength(9);
    expect(out.value.stats.map((s) => s.moves)).toEqual([5, 4]);
    expect(out.value.stats.every((s) => s.nodes > 0 && s.maxMs > 0)).toBe(true);
  });

  it('stops at the ply cap and asks the game who is ahead', () => {
    const out = playGame(ticTacToeWithMoves, [randomSafe, randomSafe], {
      seed: 3,
      now: clock(),
      maxPlies: 2,
      adjudicate: (position) => (position.split('').filter((c) => c !== '.').length === 2 ? 'other' : 'draw'),
    });
    expect(out.ok && out.value.end).toBe('adjudicated');
    expect(out.ok && out.value.winner).toBe(1); // after two plies player 0 is to move, and 'other' won
  });

  it('says who won by a winning move (Nim from 10: the first player wins)', () => {
    const nim = toyGame((heap) => new NimBoard(Number(heap)));
    const nimWithMoves: EngineGame = {
      ...nim,
      startPosition: '10',
      load: (position, moves) => {
        const board = new NimBoard(Number(position));
        for (const m of moves) board.make(Number(m));
        return { ok: true, value: board };
      },
    };
    const out = playGame(nimWithMoves, [full, full], { seed: 1, now: clock(), maxPlies: 40 });
    expect(out.ok && out.value.winner).toBe(0);
    expect(out.ok && out.value.end).toBe('move');
  });

  it('refuses a move the rules do not allow', () => {
    const liar: EngineGame = { ...ticTacToeWithMoves, formatMove: () => '9' };
    const out = playGame(liar, [randomSafe, randomSafe], { seed: 1, now: clock(), maxPlies: 20 });
    expect(out.ok).toBe(false);
    expect(!out.ok && out.error.code).toBe('IllegalMove');
  });
});
