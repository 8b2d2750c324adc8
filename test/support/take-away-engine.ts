/**
 * A game small enough to know by heart, as an engine sees it (`EngineGame`): take-away, a pile
 * of stones, each side in turn takes 1, 2 or 3, and who takes the last wins (so a side facing
 * a multiple of 4 loses). Position `<stones> <side>`, side `a` or `b` (the notation has a
 * space, as Senryaku's does); moves `t1`, `t2`, `t3`. For the engine protocol's tests, before
 * and besides the real games' engines.
 */
import type { EngineGame, EngineProblem, MoveEnd, SearchBoard } from '../../src/engine/types.ts';
import { err, ok, type Result } from '../../src/util/result.ts';

const problem = (code: EngineProblem['code'], message: string) => err<EngineProblem>({ code, message });

class TakeAwayBoard implements SearchBoard {
  readonly maxMoves = 3;
  constructor(
    public stones: number,
    public side: 'a' | 'b',
  ) {}
  generate(out: Int32Array): number {
    const n = Math.min(3, this.stones);
    for (let i = 0; i < n; i++) out[i] = i + 1;
    return n;
  }
  isNoisy(): boolean {
    return false;
  }
  make(move: number): MoveEnd {
    this.stones -= move;
    this.side = this.side === 'a' ? 'b' : 'a';
    return this.stones === 0 ? 'mover-wins' : 'continues';
  }
  unmake(move: number): void {
    this.stones += move;
    this.side = this.side === 'a' ? 'b' : 'a';
  }
  evaluate(): number {
    return this.stones % 4 === 0 ? -100 : 100;
  }
  hashLow(): number {
    return this.stones * 2 + (this.side === 'a' ? 0 : 1);
  }
  hashHigh(): number {
    return 0;
  }
  turn(): string {
    return this.side;
  }
}

export const TAKE_AWAY: EngineGame = {
  id: 'take-away',
  startPosition: '10 a',
  load(position: string, moves: readonly string[]): Result<SearchBoard, EngineProblem> {
    const m = /^(\d{1,3}) ([ab])$/.exec(position);
    if (!m) return problem('BadPosition', `'${position}' is not '<stones> a|b'`);
    const board = new TakeAwayBoard(Number(m[1]), m[2] as 'a' | 'b');
    for (const text of moves) {
      if (board.stones === 0) return problem('GameOver', `'${text}': the game is over`);
      const move = this.parseMove(board, text);
      if (!move.ok) return move;
      board.make(move.value);
    }
    return ok(board);
  },
  position: (board) => `${(board as TakeAwayBoard).stones} ${(board as TakeAwayBoard).side}`,
  formatMove: (_board, move) => `t${move}`,
  parseMove(board: SearchBoard, text: string): Result<number, EngineProblem> {
    const m = /^t([1-3])$/.exec(text);
    if (!m) return problem('BadMove', `'${text}' is not t1, t2 or t3`);
    const n = Number(m[1]);
    if (!(n >= 1 && n <= 3 && n <= (board as TakeAwayBoard).stones)) return problem('IllegalMove', `'${text}' takes more than there is`);
    return ok(n);
  },
};
