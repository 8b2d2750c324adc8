/** Properties on seeded random positions: the fast generator against the plain walker, and symmetries. */
import { describe, expect, it } from 'vitest';
import { checkMove, formatMove, legalMoves, perft, type Move } from '../../../../src/games/surakarta/rules/index.ts';
import { SYMMETRIES, mapPoint, randomPositions, referenceMoves, swapSides, transform } from './helpers.ts';

const triples = (moves: readonly Move[]) => moves.map((m) => `${m.from},${m.to},${m.capture ? 'capture' : 'step'}`).sort();

describe('move generation properties', () => {
  it('the fast generator gives the same (from, to, kind) set as the path-walking one (1000 positions)', () => {
    let captures = 0;
    for (const pos of randomPositions(1, 1000)) {
      const fast = legalMoves(pos);
      expect(triples(fast)).toEqual(triples(referenceMoves(pos)));
      expect(new Set(fast.map(formatMove)).size).toBe(fast.length);
      captures += fast.filter((m) => m.capture).length;
    }
    // The positions must exercise captures, not just steps.
    expect(captures).toBeGreaterThan(1000);
  });

  it('every generated move passes checkMove', () => {
    for (const pos of randomPositions(2, 200)) for (const m of legalMoves(pos)) expect(checkMove(pos, m).ok).toBe(true);
  });

  it('the 8 symmetries of the square map the moves onto the moves (the circuits are symmetric)', () => {
    for (const pos of randomPositions(3, 300))
      for (const sym of SYMMETRIES) {
        const mapped = legalMoves(pos).map((m) => ({ from: mapPoint(sym, m.from), to: mapPoint(sym, m.to), capture: m.capture }));
        const moves = legalMoves(transform(pos, sym));
        expect(moves.length).toBe(mapped.length);
        expect(triples(moves)).toEqual(triples(mapped));
      }
  });

  it('swapping colours (ranks mirrored, Light and Dark exchanged) leaves the move count and perft unchanged', () => {
    for (const pos of randomPositions(4, 300)) expect(legalMoves(swapSides(pos)).length).toBe(legalMoves(pos).length);
    for (const pos of randomPositions(5, 50)) expect(perft(swapSides(pos), 3)).toBe(perft(pos, 3));
  });

  it('perft(3) is the same under every symmetry', () => {
    for (const pos of randomPositions(6, 20)) {
      const n = perft(pos, 3);
      for (const sym of SYMMETRIES) expect(perft(transform(pos, sym), 3)).toBe(n);
    }
  });
});
