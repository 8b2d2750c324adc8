import { describe, expect, it } from 'vitest';
import { playGame, randomOpening, type GamePlayer } from '../../bench/support/play-game.ts';
import type { EngineGame, SearchBoard } from '../../src/engine/types.ts';
import { GraphBoard, NimBoard, TicTacToeBoard, toyGame } from '../engine/toy-boards.ts';

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

  describe('the resign rule', () => {
    const nim = toyGame((heap) => new NimBoard(Number(heap)));
    const nimFrom = (heap: number): EngineGame => ({
      ...nim,
      startPosition: String(heap),
      load: (position, moves) => {
        const board = new NimBoard(Number(position));
        for (const m of moves) board.make(Number(m));
        return { ok: true, value: board };
      },
    });

    it('ends the game once both engines have seen the same side win for as many searches as asked', () => {
      // Nim from 10: the first player's search sees its forced win, the second's its forced loss.
      const once = playGame(nimFrom(10), [full, full], { seed: 1, now: clock(), maxPlies: 40, resign: { score: 500, moves: 1 } });
      expect(once.ok && once.value.end).toBe('resigned');
      expect(once.ok && once.value.winner).toBe(0);
      expect(once.ok && once.value.moves).toHaveLength(2);
      const twice = playGame(nimFrom(10), [full, full], { seed: 1, now: clock(), maxPlies: 40, resign: { score: 500, moves: 2 } });
      expect(twice.ok && twice.value.moves).toHaveLength(4);
      expect(twice.ok && twice.value.winner).toBe(0);
    });

    it('needs both players to be engines, and a score past the threshold', () => {
      const withRandom = playGame(nimFrom(10), [full, randomSafe], {
        seed: 1,
        now: clock(),
        maxPlies: 40,
        resign: { score: 500, moves: 1 },
      });
      expect(withRandom.ok && withRandom.value.end).toBe('move');
      // Tic-tac-toe between full searches scores 0 throughout: nobody resigns, the game is a draw.
      const even = playGame(ticTacToeWithMoves, [full, full], { seed: 1, now: clock(), maxPlies: 20, resign: { score: 1, moves: 1 } });
      expect(even.ok && even.value.end).toBe('draw');
    });
  });

  it('refuses a move the rules do not allow', () => {
    const liar: EngineGame = { ...ticTacToeWithMoves, formatMove: () => '9' };
    const out = playGame(liar, [randomSafe, randomSafe], { seed: 1, now: clock(), maxPlies: 20 });
    expect(out.ok).toBe(false);
    expect(!out.ok && out.error.code).toBe('IllegalMove');
  });

  it('plays an opening first, the same for the same seed, and the players on from there', () => {
    const a = randomOpening(ticTacToeWithMoves, 4, 9);
    const b = randomOpening(ticTacToeWithMoves, 4, 9);
    expect(a.ok && a.value).toHaveLength(4);
    expect(b).toEqual(a);
    const seeds = Array.from({ length: 20 }, (_, seed) => randomOpening(ticTacToeWithMoves, 4, seed));
    expect(new Set(seeds.map((o) => (o.ok ? o.value.join(' ') : 'bad'))).size).toBeGreaterThan(5);
    if (!a.ok) return;
    const out = playGame(ticTacToeWithMoves, [full, full], { seed: 1, now: clock(), maxPlies: 20, opening: a.value });
    expect(out.ok && out.value.moves.slice(0, 4)).toEqual(a.value);
    expect(out.ok && out.value.stats[0].moves + out.value.stats[1].moves).toBe(out.ok ? out.value.moves.length - 4 : -1);
  });

  it('never ends the game in its opening (no move that wins, loses or draws)', () => {
    // From X.X.O.O.. every move ends the game but one: X or O completing a line, or the last cell.
    for (let seed = 0; seed < 20; seed++) {
      const opening = randomOpening(ticTacToeWithMoves, 9, seed);
      expect(opening.ok).toBe(true);
      if (!opening.ok) continue;
      const out = playGame(ticTacToeWithMoves, [randomSafe, randomSafe], { seed, now: clock(), maxPlies: 20, opening: opening.value });
      expect(out.ok).toBe(true);
      expect(opening.value.length).toBeLessThan(9);
    }
  });

  describe('repetitions', () => {
    /** A graph game whose load plays the moves given. */
    const graphGame = (edges: number[][], values: number[]): EngineGame => {
      const base = toyGame(() => new GraphBoard(edges, values));
      return {
        ...base,
        startPosition: '0',
        position: (board) => String((board as GraphBoard).node),
        load: (_position, moves) => {
          const board = new GraphBoard(edges, values);
          for (const m of moves) {
            const move = base.parseMove(board, m);
            if (!move.ok) return move;
            board.make(move.value);
          }
          return { ok: true, value: board };
        },
      };
    };

    it('stops a game whose position comes back the third time, and asks who is ahead', () => {
      const circle = graphGame([[1], [0]], [0, 0]);
      const positions: string[] = [];
      const out = playGame(circle, [randomSafe, randomSafe], {
        seed: 1,
        now: clock(),
        maxPlies: 20,
        repetitions: 3,
        adjudicate: (position) => (positions.push(position), 'side-to-move'),
      });
      expect(out.ok && out.value.end).toBe('repetition');
      expect(out.ok && out.value.moves).toEqual(['1', '0', '1', '0']);
      expect(positions).toEqual(['0']);
      expect(out.ok && out.value.winner).toBe(0);
    });

    it("tells the engine the game's earlier positions, so the side ahead does not go round again", () => {
      // From 0 the first side may go round the circle 0-1-4-5 (at 4: worth 40) or to 2 and 3 (10).
      // A depth-2 search (not seeing the circle close) goes round the first time; the second time,
      // going to 1 again is going back to a position of the game: a draw, worse than 10.
      const game = graphGame([[1, 2], [4], [3], [3], [5], [0]], [0, 0, 0, 10, 40, 0]);
      const depth2: GamePlayer = { kind: 'engine', level: 10, limits: { depth: 2 } };
      const out = playGame(game, [depth2, randomSafe], { seed: 1, now: clock(), maxPlies: 8, repetitions: 3 });
      expect(out.ok && out.value.moves).toEqual(['1', '4', '5', '0', '2', '3', '3', '3']);
      expect(out.ok && out.value.end).toBe('adjudicated');
    });
  });
});
