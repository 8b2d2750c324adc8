import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAPTURE_BIT, hashOf, type SenryakuSearchBoard } from '../../../../src/games/senryaku/engine/search-board.ts';
import {
  DEFAULT_MODEL,
  decodeMove,
  formatSpn,
  moveOutcome,
  perft,
  positionAfter,
  startPosition,
  type BalanceModel,
  type MoveOutcome,
  type Position,
} from '../../../../src/games/senryaku/rules/index.ts';
import { arbitraryPosition, spn } from '../rules/helpers.ts';
import { searchPerft } from '../../../engine/board-helpers.ts';
import { MIDGAME_SPNS, TIPPY, newBoard, seeded } from './helpers.ts';

const keyFromNothing = (pos: Position): number[] => [hashOf(pos).lo, hashOf(pos).hi];

/** Everything the board keeps, to compare before and after. */
const state = (b: SenryakuSearchBoard) => ({
  spn: formatSpn(b.position()),
  load: b.load(),
  hash: [b.hashLow(), b.hashHigh()],
});

const verdictOf = (o: MoveOutcome): string => (o.kind === 'none' ? 'continues' : o.kind === 'capture' ? 'mover-wins' : 'mover-loses');

/**
 * A seeded playout on the board: at every node, every legal move is made and unmade (checked
 * against the rules core by `check`), then one that continues is played; `plies` deep at most.
 */
function playout(
  pos: Position,
  model: BalanceModel,
  seed: number,
  plies: number,
  check: (b: SenryakuSearchBoard, move: number, before: Position) => void,
): number {
  const rand = seeded(seed);
  const b = newBoard(pos, model);
  const moves = new Int32Array(b.maxMoves);
  const played: number[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const n = b.generate(moves);
    const before = b.position();
    const going: number[] = [];
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      check(b, m, before);
      if (b.make(m) === 'continues') going.push(m);
      b.unmake(m);
    }
    if (going.length === 0) break;
    const m = going[Math.floor(rand() * going.length)]!;
    b.make(m);
    played.push(m);
  }
  // Unwinding the whole playout returns the board to where it started.
  for (let i = played.length - 1; i >= 0; i--) b.unmake(played[i]!);
  expect(formatSpn(b.position())).toBe(formatSpn(pos));
  expect(b.load()).toEqual(model.loadOf(pos.board));
  expect([b.hashLow(), b.hashHigh()]).toEqual(keyFromNothing(pos));
  return played.length;
}

describe("Senryaku's search board", () => {
  it('perft through make/unmake equals the rules core from the start, depths 1-5', () => {
    const pos = startPosition();
    for (let d = 1; d <= 5; d++) expect(searchPerft(newBoard(pos), d)).toBe(perft(pos, d));
    expect([1, 2, 3].map((d) => searchPerft(newBoard(pos), d))).toEqual([19, 361, 6137]);
  });

  it('perft equals the rules core in mid-game positions with locks, depths 1-4', () => {
    for (const text of MIDGAME_SPNS) {
      const pos = spn(text);
      for (let d = 1; d <= 4; d++) expect(searchPerft(newBoard(pos), d), `${text} depth ${d}`).toBe(perft(pos, d));
    }
  });

  it('perft equals the rules core on any position, on the default board and a tippy one (depth 3)', () => {
    fc.assert(
      fc.property(arbitraryPosition, (pos) => {
        expect(searchPerft(newBoard(pos), 3)).toBe(perft(pos, 3));
        expect(searchPerft(newBoard(pos, TIPPY), 3)).toBe(perft(pos, 3, TIPPY));
      }),
      { numRuns: 200 },
    );
  });

  it("make's verdict is the rules core's moveOutcome for every move along seeded playouts", () => {
    let checked = 0;
    const verdicts = new Set<string>();
    for (const model of [DEFAULT_MODEL, TIPPY])
      for (let seed = 1; seed <= 30; seed++)
        playout(startPosition(), model, seed, 80, (b, m, before) => {
          const move = decodeMove(before.board, m & ~CAPTURE_BIT);
          expect((m & CAPTURE_BIT) !== 0).toBe(move.capture);
          expect(b.isNoisy(m)).toBe(move.capture);
          const want = verdictOf(moveOutcome(before, move, model));
          expect(b.make(m)).toBe(want);
          expect(formatSpn(b.position())).toBe(formatSpn(positionAfter(before, move)));
          b.unmake(m);
          verdicts.add(`${model === TIPPY ? 'tippy' : 'default'} ${want}`);
          checked++;
        });
    // The playouts reach every verdict on both boards, so each branch of make was compared.
    expect([...verdicts].sort()).toEqual([
      'default continues',
      'default mover-loses',
      'default mover-wins',
      'tippy continues',
      'tippy mover-loses',
      'tippy mover-wins',
    ]);
    expect(checked).toBeGreaterThan(10_000);
  });

  it('make then unmake restores the board, the balance sums and the hash exactly; the hash is the one computed from scratch', () => {
    for (const model of [DEFAULT_MODEL, TIPPY])
      for (let seed = 100; seed < 130; seed++)
        playout(startPosition(), model, seed, 80, (b, m, before) => {
          const was = state(b);
          b.make(m);
          const after = b.position();
          expect([b.hashLow(), b.hashHigh()]).toEqual(keyFromNothing(after));
          // The sums are kept incrementally; the model's are summed afresh (equal up to rounding for measured masses).
          const load = model.loadOf(after.board);
          expect(b.load().moment2).toBeCloseTo(load.moment2, 9);
          expect(b.load().mass).toBeCloseTo(load.mass, 9);
          b.unmake(m);
          expect(state(b)).toEqual(was);
          expect(formatSpn(b.position())).toBe(formatSpn(before));
        });
  });

  it('the default board keeps its sums exact (whole half-pitch moments)', () => {
    playout(startPosition(), DEFAULT_MODEL, 7, 60, (b, m) => {
      b.make(m);
      expect(b.load()).toEqual(DEFAULT_MODEL.loadOf(b.position().board));
      b.unmake(m);
    });
  });

  it('keys differ by side to move and by lock', () => {
    const keyOf = (text: string) => {
      const b = newBoard(spn(text));
      return `${b.hashLow()}:${b.hashHigh()}`;
    };
    const keys = [
      'bbbBbbb/7/7/7/1w5/w1wWwww w - -',
      'bbbBbbb/7/7/7/1w5/w1wWwww b - -',
      'bbbBbbb/7/7/7/1w5/w1wWwww b b2 -',
      'bbbBbbb/7/7/7/1w5/w1wWwww w b2 -',
      'bbbBbbb/7/7/7/1w5/w1wWwww w a1 -',
    ].map(keyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('generate gives no move to a side that has none, and the move count it writes', () => {
    const stuck = newBoard(spn('Wb5/7/7/7/7/w5B w a1 -'));
    expect(stuck.generate(new Int32Array(stuck.maxMoves))).toBe(0);
    const start = newBoard(startPosition());
    expect(start.generate(new Int32Array(start.maxMoves))).toBe(19);
    expect(start.turn()).toBe('white');
  });

  it('the stacks grow past their first size when a line goes deep', () => {
    // Two coloured spheres shuffling sideways never lock and never crash: 300 plies deep.
    const pos = spn('3B3/7/7/7/7/3W3 w - -');
    const b = newBoard(pos);
    const moves = new Int32Array(b.maxMoves);
    const line: number[] = [];
    for (let i = 0; i < 300; i++) {
      const n = b.generate(moves);
      const sideways = Array.from(moves.subarray(0, n)).filter((m) => Math.floor((m & 63) / 7) === Math.floor(((m >> 6) & 63) / 7));
      const m = sideways[i % sideways.length]!;
      expect(b.make(m)).toBe('continues');
      line.push(m);
    }
    for (let i = line.length - 1; i >= 0; i--) b.unmake(line[i]!);
    expect(state(b)).toEqual(state(newBoard(pos)));
  });
});
