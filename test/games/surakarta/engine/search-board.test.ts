/**
 * Surakarta's search board against the rules core: the same perft, the same moves and game
 * ends along seeded random playouts, make/unmake that restore board and key exactly, and an
 * incremental key that always equals the key computed from nothing.
 */
import { describe, expect, it } from 'vitest';
import { PASS, SurakartaSearchBoard } from '../../../../src/games/surakarta/engine/search-board.ts';
import {
  CAPTURE_BIT,
  DARK,
  applyGameMove,
  applyGamePass,
  decodeMove,
  encodeMove,
  gameStatus,
  formatMove,
  legalMoves,
  parsePoint,
  positionAfter,
  samePosition,
  perft,
  startPosition,
  type Game,
  type Position,
} from '../../../../src/games/surakarta/rules/index.ts';
import { prng, randomPositions, setup } from '../rules/helpers.ts';
import { movesOf } from '../../../engine/board-helpers.ts';
import { boardAt, searchPerft } from './helpers.ts';

/** Positions from seeded playouts from the start: captures preferred, so that games thin out and end. */
function playoutPositions(seed: number, games: number, every: number): Position[] {
  const rand = prng(seed);
  const out: Position[] = [];
  for (let g = 0; g < games; g++) {
    let game: Game = { position: startPosition() };
    for (let ply = 0; ply < 300; ply++) {
      const status = gameStatus(game);
      if (status.kind === 'over') break;
      if (ply % every === every - 1) out.push(game.position);
      if (status.kind === 'must-pass') {
        const passed = applyGamePass(game);
        if (!passed.ok) throw new Error(passed.error.message);
        game = passed.value;
        continue;
      }
      const moves = legalMoves(game.position);
      const captures = moves.filter((m) => m.capture);
      const pool = captures.length > 0 && rand() < 0.7 ? captures : moves;
      const played = applyGameMove(game, pool[Math.floor(rand() * pool.length)]!);
      if (!played.ok) throw new Error(played.error.message);
      game = played.value.game;
    }
  }
  return out;
}

const hasPieces = (pos: Position): boolean => gameStatus({ position: pos }).kind !== 'over';

describe("Surakarta's search board", () => {
  it('perft from the start through make/unmake: 16, 256, 5382, 111122, 2572484 (as the rules core)', () => {
    const board = boardAt(startPosition());
    expect([1, 2, 3, 4, 5].map((d) => searchPerft(board, d))).toEqual([16, 256, 5382, 111122, 2572484]);
  });

  it('perft(3) equals the rules core on mid-game and random positions', () => {
    const positions = [...playoutPositions(7, 6, 10), ...randomPositions(21, 80).filter(hasPieces)];
    expect(positions.length).toBeGreaterThan(80);
    for (const pos of positions) expect(searchPerft(boardAt(pos), 3)).toBe(perft(pos, 3));
  });

  it('a side with pieces but no move gets exactly one move, the pass; make and unmake handle it', () => {
    // Light's a1 (on no circuit) is boxed in by Dark's a2, b1, b2 (the rules core's must-pass position).
    const pos = setup(['a1'], ['a2', 'b1', 'b2', 'f6']);
    expect(gameStatus({ position: pos }).kind).toBe('must-pass');
    const board = boardAt(pos);
    expect(movesOf(board)).toEqual([PASS]);
    expect(board.isNoisy(PASS)).toBe(false);
    const before = { pos: board.position(), low: board.hashLow(), high: board.hashHigh() };
    expect(board.make(PASS)).toBe('continues');
    expect(board.turn()).toBe('dark');
    expect(board.position().board).toEqual(pos.board);
    expect(board.hashLow() !== before.low || board.hashHigh() !== before.high).toBe(true);
    expect(movesOf(board).map(decodeMove)).toEqual(expect.arrayContaining(legalMoves({ board: pos.board, turn: 'dark' })));
    board.unmake(PASS);
    expect(board.position()).toEqual(before.pos);
    expect([board.hashLow(), board.hashHigh()]).toEqual([before.low, before.high]);
    expect(searchPerft(board, 3)).toBe(perft(pos, 3));
  });

  it('taking the last enemy piece: the mover wins, and the side left without pieces has no move', () => {
    const board = boardAt(setup(['a2', 'c2'], ['b3']));
    const take = encodeMove({ from: parsePoint('a2')!, to: parsePoint('b3')!, capture: true });
    expect(movesOf(board)).toContain(take);
    expect(board.isNoisy(take)).toBe(true);
    expect(board.make(take)).toBe('mover-wins');
    expect(movesOf(board)).toEqual([]);
    board.unmake(take);
    expect(board.position()).toEqual(setup(['a2', 'c2'], ['b3']));
  });

  it('along seeded playouts: the same moves and game ends as the rules core; make/unmake restore board and key exactly; the key is always the key from nothing', () => {
    const rand = prng(99);
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok && failures.length < 10) failures.push(what);
    };
    // A board loaded afresh computes its key from nothing.
    const keyIs = (board: SurakartaSearchBoard, pos: Position) => {
      const fresh = new SurakartaSearchBoard(pos);
      return board.hashLow() === fresh.hashLow() && board.hashHigh() === fresh.hashHigh();
    };
    let checkedMoves = 0;
    let wins = 0;
    for (let g = 0; g < 24; g++) {
      let game: Game = { position: startPosition() };
      const board = boardAt(game.position);
      for (let ply = 0; ply < 400; ply++) {
        const status = gameStatus(game);
        const at = `game ${g} ply ${ply}`;
        if (status.kind === 'over') {
          check(movesOf(board).length === 0, `${at}: moves after the end`);
          wins++;
          break;
        }
        check(board.turn() === status.turn && samePosition(board.position(), game.position), `${at}: board differs`);
        check(keyIs(board, game.position), `${at}: key differs from the key from nothing`);
        const moves = movesOf(board);
        if (status.kind === 'must-pass') {
          check(moves.length === 1 && moves[0] === PASS, `${at}: must pass but has ${moves.length} moves`);
          check(board.make(PASS) === 'continues', `${at}: the pass ends the game`);
          const passed = applyGamePass(game);
          if (!passed.ok) throw new Error(passed.error.message);
          game = passed.value;
          continue;
        }
        expect(moves.map(decodeMove)).toEqual(legalMoves(game.position));
        // Every move made and unmade gives back the same board and key, and its verdict is the core's.
        const low = board.hashLow();
        const high = board.hashHigh();
        for (const m of moves) {
          const after = positionAfter(game.position, decodeMove(m));
          const afterStatus = gameStatus({ position: after });
          const end = board.make(m);
          const name = `${at} ${formatMove(decodeMove(m))}`;
          check(end === (afterStatus.kind === 'over' ? 'mover-wins' : 'continues'), `${name}: make says ${end}`);
          if (afterStatus.kind === 'over') check(afterStatus.winner === status.turn, `${name}: the core says the mover lost`);
          check(samePosition(board.position(), after), `${name}: the board after make differs`);
          check(keyIs(board, after), `${name}: the key after make differs from the key from nothing`);
          check(board.isNoisy(m) === decodeMove(m).capture, `${name}: noisy is not capture`);
          board.unmake(m);
          check(samePosition(board.position(), game.position), `${name}: unmake left another board`);
          check(board.hashLow() === low && board.hashHigh() === high, `${name}: unmake left another key`);
          checkedMoves++;
        }
        const captures = moves.filter((m) => (m & CAPTURE_BIT) !== 0);
        const pool = captures.length > 0 && rand() < 0.6 ? captures : moves;
        const pick = pool[Math.floor(rand() * pool.length)]!;
        board.make(pick);
        const played = applyGameMove(game, decodeMove(pick));
        if (!played.ok) throw new Error(played.error.message);
        game = played.value.game;
      }
    }
    expect(failures).toEqual([]);
    // The playouts must reach the ends the board has to get right, not only quiet moves.
    expect(checkedMoves).toBeGreaterThan(10000);
    expect(wins).toBeGreaterThan(15);
  });

  it('the same position reached by different move orders has the same key; the side to move changes it', () => {
    const a = boardAt(startPosition(), ['b2-b3', 'b5-b4', 'c2-c3', 'c5-c4']);
    const b = boardAt(startPosition(), ['c2-c3', 'c5-c4', 'b2-b3', 'b5-b4']);
    expect([a.hashLow(), a.hashHigh()]).toEqual([b.hashLow(), b.hashHigh()]);
    const light = boardAt(setup(['a2'], ['f6']));
    const dark = boardAt(setup(['a2'], ['f6'], 'dark'));
    expect(light.hashLow() === dark.hashLow() && light.hashHigh() === dark.hashHigh()).toBe(false);
    expect(light.position().board[35]).toBe(DARK);
  });
});
