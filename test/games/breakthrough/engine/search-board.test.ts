/**
 * Breakthrough's search board against the rules core: the same perft, the same moves and game
 * ends along seeded random playouts, make/unmake that restore board and key exactly, and an
 * incremental key that always equals the key computed from nothing.
 */
import { describe, expect, it } from 'vitest';
import { BreakthroughSearchBoard } from '../../../../src/games/breakthrough/engine/search-board.ts';
import {
  CAPTURE_BIT,
  decodeMove,
  formatMove,
  gameStatus,
  legalMoves,
  perft,
  positionAfter,
  startPosition,
  type Position,
} from '../../../../src/games/breakthrough/rules/index.ts';
import { Rng } from '../../../../src/util/rng.ts';
import { movesOf, searchPerft } from '../../../engine/board-helpers.ts';
import { boardAt, playoutPositions, pos } from './helpers.ts';

const same = (a: Position, b: Position): boolean => a.turn === b.turn && a.board.every((c, i) => c === b.board[i]);

describe("Breakthrough's search board", () => {
  it('perft from the start through make/unmake: 16, 256, 4308, 71478, 1248290 (as the rules core)', () => {
    const board = boardAt(startPosition());
    expect([1, 2, 3, 4].map((d) => searchPerft(board, d))).toEqual([16, 256, 4308, 71478]);
    expect(searchPerft(board, 5)).toBe(1248290);
    expect(perft(startPosition(), 5)).toBe(1248290);
  });

  it('perft(4) equals the rules core on positions along seeded games', () => {
    const positions = playoutPositions(5, 4).filter((_, i) => i % 3 === 0);
    expect(positions.length).toBeGreaterThan(20);
    for (const p of positions) expect(searchPerft(boardAt(p), 4)).toBe(perft(p, 4));
  });

  it('reaching the far rank wins, and so does taking the last piece; both are noisy', () => {
    const through = boardAt(pos('6/3w2/6/b5/6/6 w'));
    const [step] = movesOf(through).filter((m) => formatMove(decodeMove(m)) === 'd5-d6');
    expect(through.isNoisy(step!)).toBe(true);
    expect(through.make(step!)).toBe('mover-wins');
    through.unmake(step!);
    expect(formatMove(decodeMove(movesOf(through)[0]!))).toBe('d5-c6');
    const last = boardAt(pos('6/1b4/2w3/6/6/6 w'));
    const [take] = movesOf(last).filter((m) => formatMove(decodeMove(m)) === 'c4xb5');
    expect(last.isNoisy(take!)).toBe(true);
    expect(last.make(take!)).toBe('mover-wins');
    expect(movesOf(last)).toEqual([]);
    last.unmake(take!);
    expect(same(last.position(), pos('6/1b4/2w3/6/6/6 w'))).toBe(true);
    const [quiet] = movesOf(last).filter((m) => formatMove(decodeMove(m)) === 'c4-c5');
    expect(last.isNoisy(quiet!)).toBe(false);
    expect(last.make(quiet!)).toBe('continues');
  });

  it('along seeded playouts: the same moves and game ends as the rules core; make/unmake restore board and key exactly; the key is always the key from nothing', () => {
    const rng = new Rng(77);
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok && failures.length < 10) failures.push(what);
    };
    // A board loaded afresh computes its key from nothing.
    const keyIs = (board: BreakthroughSearchBoard, p: Position) => {
      const fresh = new BreakthroughSearchBoard(p);
      return board.hashLow() === fresh.hashLow() && board.hashHigh() === fresh.hashHigh();
    };
    let checkedMoves = 0;
    const reasons = { breakthrough: 0, 'all-captured': 0 };
    // From the start most games end on the far rank; from a few pieces face to face, by capture.
    const starts = [startPosition(), pos('6/6/1bbb2/1www2/6/6 w'), pos('6/1b4/2b3/2w3/1w4/6 b')];
    for (let g = 0; g < 60; g++) {
      let p = starts[g % starts.length]!;
      const board = boardAt(p);
      for (let ply = 0; ; ply++) {
        const at = `game ${g} ply ${ply}`;
        check(board.turn() === p.turn && same(board.position(), p), `${at}: board differs`);
        check(keyIs(board, p), `${at}: key differs from the key from nothing`);
        const moves = movesOf(board);
        expect(moves.map(decodeMove)).toEqual(legalMoves(p));
        const low = board.hashLow();
        const high = board.hashHigh();
        for (const m of moves) {
          const move = decodeMove(m);
          const after = positionAfter(p, move);
          const status = gameStatus(after);
          const name = `${at} ${formatMove(move)}`;
          check(board.isNoisy(m) === (move.capture || status.kind === 'over'), `${name}: noisy is not 'a capture or a win'`);
          const end = board.make(m);
          check(end === (status.kind === 'over' ? 'mover-wins' : 'continues'), `${name}: make says ${end}`);
          if (status.kind === 'over') check(status.winner === p.turn, `${name}: the core says the mover lost`);
          check(same(board.position(), after), `${name}: the board after make differs`);
          check(keyIs(board, after), `${name}: the key after make differs from the key from nothing`);
          board.unmake(m);
          check(
            same(board.position(), p) && board.hashLow() === low && board.hashHigh() === high,
            `${name}: unmake left another board or key`,
          );
          checkedMoves++;
        }
        const captures = moves.filter((m) => (m & CAPTURE_BIT) !== 0);
        const pool = captures.length > 0 && rng.chance(0.6) ? captures : moves;
        const pick = pool[rng.int(0, pool.length - 1)]!;
        const end = board.make(pick);
        p = positionAfter(p, decodeMove(pick));
        const status = gameStatus(p);
        if (status.kind === 'over') {
          check(end === 'mover-wins', `${at}: the game ended but make says ${end}`);
          reasons[status.reason]++;
          break;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checkedMoves).toBeGreaterThan(10000);
    // Both ways a game ends must come up.
    expect(reasons.breakthrough).toBeGreaterThan(10);
    expect(reasons['all-captured']).toBeGreaterThan(0);
  });

  it('the same position reached by different move orders has the same key; the side to move changes it', () => {
    const a = boardAt(startPosition(), ['b2-b3', 'b5-b4', 'c2-c3', 'c5-c4']);
    const b = boardAt(startPosition(), ['c2-c3', 'c5-c4', 'b2-b3', 'b5-b4']);
    expect([a.hashLow(), a.hashHigh()]).toEqual([b.hashLow(), b.hashHigh()]);
    const white = boardAt(pos('6/1b4/6/6/2w3/6 w'));
    const black = boardAt(pos('6/1b4/6/6/2w3/6 b'));
    expect(white.hashLow() === black.hashLow() && white.hashHigh() === black.hashHigh()).toBe(false);
  });
});
