import { describe, expect, it } from 'vitest';
import { Searcher, search } from '../../src/engine/search.ts';
import type { Level, MoveEnd, SearchBoard, SearchInfo, SearchOptions } from '../../src/engine/types.ts';
import { GraphBoard, NimBoard, TicTacToeBoard, toyGame } from './toy-boards.ts';

const nim = toyGame((heap) => new NimBoard(Number(heap)));
const ticTacToe = toyGame((cells) => new TicTacToeBoard(cells || undefined));

/** A clock that moves on 1 ms each time it is read: time passes only as the search reads it. */
const steppingClock = (): (() => number) => {
  let t = 0;
  return () => t++;
};
/** Eight moves everywhere, never an end, a pseudo-random leaf value from the path: no position comes twice. */
class EndlessTree implements SearchBoard {
  readonly maxMoves = 8;
  private readonly path: number[] = [];
  private hash = 0x811c9dc5;
  private readonly hashes: number[] = [];
  generate(out: Int32Array): number {
    for (let m = 0; m < 8; m++) out[m] = m;
    return 8;
  }
  isNoisy(): boolean {
    return false;
  }
  make(move: number): MoveEnd {
    this.hashes.push(this.hash);
    this.path.push(move);
    this.hash = Math.imul(this.hash ^ (move + 1), 0x01000193) >>> 0;
    return 'continues';
  }
  unmake(): void {
    this.path.pop();
    this.hash = this.hashes.pop()!;
  }
  evaluate(): number {
    return (this.hash % 201) - 100;
  }
  hashLow(): number {
    return this.hash | 0;
  }
  hashHigh(): number {
    return this.path.length;
  }
  turn(): string {
    return this.path.length % 2 === 0 ? 'a' : 'b';
  }
}
const endlessTree = toyGame(() => new EndlessTree());
const options = (over: Partial<SearchOptions> = {}): SearchOptions => ({ level: 10, seed: 1, now: steppingClock(), ...over });

describe('search on games whose best play is known', () => {
  it('takes the last objects of a Nim heap of 3 at once', () => {
    const out = search(nim, new NimBoard(3), { depth: 4 }, options());
    expect(out.bestMove).toBe('3');
    expect(out.info.score).toEqual({ kind: 'mate', moves: 1 });
  });

  it('leaves a multiple of 4 in Nim and sees the win two moves ahead', () => {
    for (const heap of [5, 6, 7, 9, 10, 11]) {
      const out = search(nim, new NimBoard(heap), { depth: 12 }, options());
      expect(Number(out.bestMove), `heap ${heap}`).toBe(heap % 4);
      expect(out.info.score.kind).toBe('mate');
    }
    expect(search(nim, new NimBoard(5), { depth: 12 }, options()).info.score).toEqual({ kind: 'mate', moves: 2 });
  });

  it('knows a Nim heap that is a multiple of 4 is lost', () => {
    const out = search(nim, new NimBoard(8), { depth: 12 }, options());
    expect(out.info.score).toEqual({ kind: 'mate', moves: -2 }); // it moves twice, the opponent wins with its second
  });

  it('scores tic-tac-toe a draw with best play from the empty board', () => {
    const out = search(ticTacToe, new TicTacToeBoard(), { depth: 9 }, options());
    expect(out.info.score).toEqual({ kind: 'cp', value: 0 });
    expect(out.info.depth).toBe(9);
  });

  it('completes a line and blocks one', () => {
    expect(search(ticTacToe, new TicTacToeBoard('XX.OO....'), { depth: 5 }, options()).bestMove).toBe('2');
    const block = search(ticTacToe, new TicTacToeBoard('X.X.O....'), { depth: 5 }, options());
    expect(block.bestMove).toBe('1');
    expect(block.info.pv[0]).toBe('1');
  });

  it('leaves the board as it found it', () => {
    const board = new TicTacToeBoard('X...O....');
    search(ticTacToe, board, { depth: 7 }, options());
    expect(Array.from(board.cells)).toEqual([1, 0, 0, 0, 2, 0, 0, 0, 0]);
    expect(board.side).toBe(1);
  });

  it('has no move to give when the side to move has none', () => {
    const out = search(nim, new NimBoard(0), { depth: 3 }, options());
    expect(out.bestMove).toBeUndefined();
  });
});

describe('limits', () => {
  it('reports each completed depth, deeper each time', () => {
    const infos: SearchInfo[] = [];
    search(ticTacToe, new TicTacToeBoard(), { depth: 6 }, options({ onInfo: (i) => infos.push(i) }));
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(infos.every((i, k) => k === 0 || i.nodes >= infos[k - 1]!.nodes)).toBe(true);
    expect(infos.every((i) => i.pv.length >= 1)).toBe(true);
  });

  it('keeps to a node budget, and still gives a move', () => {
    const out = search(ticTacToe, new TicTacToeBoard(), { nodes: 3000 }, options());
    expect(out.bestMove).toBeDefined();
    expect(out.info.nodes).toBeLessThan(3000 + 2048);
  });

  it('keeps to a small node budget exactly, not to the next clock check', () => {
    const out = search(ticTacToe, new TicTacToeBoard(), { nodes: 100 }, options());
    expect(out.bestMove).toBeDefined();
    expect(out.info.nodes).toBeGreaterThanOrEqual(100);
    expect(out.info.nodes).toBeLessThan(110);
  });

  it('keeps to its budget inside the first depth too, choosing among the moves it scored', () => {
    // Every move noisy, eight of them everywhere, every position scored apart: depth 1's quiescence
    // alone runs to millions of nodes.
    class Thicket implements SearchBoard {
      readonly maxMoves = 8;
      private readonly path: number[] = [];
      generate(out: Int32Array): number {
        for (let m = 0; m < 8; m++) out[m] = m;
        return 8;
      }
      isNoisy(): boolean {
        return true;
      }
      make(move: number): MoveEnd {
        this.path.push(move);
        return 'continues';
      }
      unmake(): void {
        this.path.pop();
      }
      evaluate(): number {
        return ((Math.imul(this.hashLow(), 0x9e3779b1) >>> 0) % 201) - 100;
      }
      hashLow(): number {
        return this.path.reduce((h, m) => Math.imul(h ^ (m + 1), 0x01000193), 0x811c9dc5);
      }
      hashHigh(): number {
        return this.path.length;
      }
      turn(): string {
        return this.path.length % 2 === 0 ? 'first' : 'second';
      }
    }
    const game = toyGame(() => new Thicket());
    expect(search(game, new Thicket(), { nodes: 20_000 }, options()).info.depth).toBe(0); // depth 1 not done in 20,000
    for (const level of [1, 10] as const) {
      const cut = search(game, new Thicket(), { nodes: 500 }, options({ level }));
      expect(cut.info.nodes).toBeLessThan(510);
      expect(cut.info.depth).toBe(0);
      expect(cut.bestMove).toBe('0'); // the one root move scored before the budget ran out
    }
  });

  it('plays the better move a depth cut short found, when it beat the previous best there', () => {
    // Depth 1 prefers 1 (30) to 2 (10); depth 2 sees 1 lead to -40 and 2 to 20, then runs out of
    // nodes in 3's two hundred replies (each worth 100 to the root: none cuts the others off).
    const fan = Array.from({ length: 200 }, (_, i) => 6 + i);
    const edges = [[1, 2, 3], [4], [5], fan, [4], [5], ...fan.map((n) => [n])];
    const values = [0, 30, 10, 0, -40, 20, ...fan.map(() => 100)];
    const graph = toyGame(() => new GraphBoard(edges, values));
    expect(search(graph, new GraphBoard(edges, values), { depth: 1 }, options()).bestMove).toBe('1');
    const cut = search(graph, new GraphBoard(edges, values), { nodes: 100 }, options());
    expect(cut.info.depth).toBe(1);
    expect(cut.info.nodes).toBeLessThan(110);
    expect(cut.bestMove).toBe('2');
    expect(cut.info.score).toEqual({ kind: 'cp', value: 20 });
    expect(cut.info.pv).toEqual(['2', '5']);
    // A level choosing among moves keeps the complete depth's scores (they must be of one depth).
    for (let seed = 0; seed < 20; seed++) {
      const chooser = search(graph, new GraphBoard(edges, values), { nodes: 100 }, options({ level: 3, seed }));
      const depth1 = { '1': 30, '2': 10, '3': 0 }[chooser.bestMove!];
      expect(chooser.info.score).toEqual({ kind: 'cp', value: depth1 });
    }
  });

  it('keeps to a movetime read on the clock handed in', () => {
    const now = steppingClock();
    const out = search(ticTacToe, new TicTacToeBoard(), { movetimeMs: 40 }, options({ now }));
    expect(out.bestMove).toBeDefined();
    expect(out.info.timeMs).toBeLessThanOrEqual(60);
  });

  it('keeps a move overhead back from a long movetime: stops by 950 ms of 1,000', () => {
    // A tree without end or transpositions: every depth costs more than the last, so the one
    // under way at half time is cut by the deadline, not finished.
    const out = search(endlessTree, new EndlessTree(), { movetimeMs: 1000 }, options());
    expect(out.bestMove).toBeDefined();
    expect(out.info.timeMs).toBeGreaterThan(900);
    expect(out.info.timeMs).toBeLessThanOrEqual(952);
  });

  it('finishes depth 1 even when told to stop at once', () => {
    const out = search(ticTacToe, new TicTacToeBoard(), {}, options({ shouldStop: () => true }));
    expect(out.bestMove).toBeDefined();
    expect(out.info.depth).toBe(1);
  });

  it('searches the same way twice with a depth limit (no clock, no chance involved)', () => {
    const a = search(ticTacToe, new TicTacToeBoard('X........'), { depth: 6 }, options({ level: 3, seed: 7 }));
    const b = search(ticTacToe, new TicTacToeBoard('X........'), { depth: 6 }, options({ level: 3, seed: 7 }));
    expect(b).toEqual({ ...a, info: { ...a.info, timeMs: b.info.timeMs } });
  });

  it('reuses what its table learnt in the next search of the same game', () => {
    const searcher = new Searcher(12);
    const first = searcher.search(ticTacToe, new TicTacToeBoard(), { depth: 8 }, options());
    const second = searcher.search(ticTacToe, new TicTacToeBoard(), { depth: 8 }, options());
    expect(second.info.nodes).toBeLessThan(first.info.nodes);
    searcher.newGame();
    expect(searcher.search(ticTacToe, new TicTacToeBoard(), { depth: 8 }, options()).info.nodes).toBe(first.info.nodes);
  });
});

describe("the game's history", () => {
  // From node 0 the first side goes to 1 (and on to 3, worth 50) or to 2 (and on to 4, worth 20).
  const edges = [[1, 2], [3], [4], [3], [4]];
  const values = [0, 0, 0, 50, 20];
  const graph = toyGame(() => new GraphBoard(edges, values));

  it('scores a line back to an earlier position of the game a draw, so the side ahead avoids it', () => {
    const fresh = search(graph, new GraphBoard(edges, values), { depth: 3 }, options());
    expect(fresh.bestMove).toBe('1');
    expect(fresh.info.score).toEqual({ kind: 'cp', value: 50 });
    // Node 1 with the second side to move was met earlier in the game: going there again repeats it.
    const history = [{ low: 1 * 2 + 1, high: 0x77 + 1 }];
    const told = search(graph, new GraphBoard(edges, values), { depth: 3 }, options({ history }));
    expect(told.bestMove).toBe('2');
    expect(told.info.score).toEqual({ kind: 'cp', value: 20 });
  });

  it('takes a repetition when every other line is worse', () => {
    const losing = [0, 0, 0, -50, -20];
    const history = [{ low: 1 * 2 + 1, high: 0x77 + 1 }];
    const told = search(graph, new GraphBoard(edges, losing), { depth: 3 }, options({ history }));
    expect(told.bestMove).toBe('1');
    expect(told.info.score).toEqual({ kind: 'cp', value: 0 });
  });
});

/** A Nim heap where taking `poison` loses at once (as a crashing move loses in Senryaku). */
class PoisonedNim extends NimBoard {
  constructor(
    heap: number,
    private readonly poison: number,
  ) {
    super(heap);
  }
  override make(move: number): MoveEnd {
    const end = super.make(move);
    return move === this.poison ? 'mover-loses' : end;
  }
}

describe('levels', () => {
  const atLevel = (level: Level, seed: number) =>
    search(ticTacToe, new TicTacToeBoard('.........'), {}, { level, seed, now: steppingClock() }).bestMove;

  it("vary a beginner's moves with the seed, not the full search's", () => {
    const beginner = new Set(Array.from({ length: 40 }, (_, seed) => atLevel(1, seed)));
    const full = new Set(Array.from({ length: 10 }, (_, seed) => atLevel(10, seed)));
    expect(beginner.size).toBeGreaterThan(1);
    expect(full.size).toBe(1);
  });

  it('never has a beginner play a move that loses at once when another does not', () => {
    for (let seed = 0; seed < 200; seed++) {
      const out = search(nim, new PoisonedNim(9, 2), {}, { level: 1, seed, now: steppingClock() });
      expect(out.bestMove).not.toBe('2');
    }
  });

  it('gives the same move for the same seed at every level', () => {
    for (const level of [1, 2, 5, 8] as const) expect(atLevel(level, 42)).toBe(atLevel(level, 42));
  });
});
