import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMove,
  formatMove,
  legalMoves,
  movableSpheres,
  movesFrom,
  parseLegalMove,
  parseMoveNotation,
  parseWell,
  playMove,
  rankOf,
  startPosition,
  type Move,
  type Position,
} from '../../../../src/games/senryaku/rules/index.ts';
import { arbitraryPosition, spn } from './helpers.ts';

const W = (name: string) => parseWell(name)!;
const names = (pos: Position) => legalMoves(pos).map(formatMove).sort();
const play = (pos: Position, text: string): Position => {
  const m = parseLegalMove(pos, text);
  if (!m.ok) throw new Error(m.error.message);
  const r = playMove(pos, m.value);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
};

describe('moves', () => {
  it('a sphere moves forward, left, right or diagonally forward, never backward', () => {
    // White plain on d3 alone with the coloured spheres far away.
    const pos = spn('B6/7/7/3w3/7/6W w - -');
    expect(movesFrom(pos, W('d3')).map(formatMove).sort()).toEqual(['d3-c3', 'd3-c4', 'd3-d4', 'd3-e3', 'd3-e4']);
    const black = spn('B6/7/7/3b3/7/6W b - -');
    expect(movesFrom(black, W('d3')).map(formatMove).sort()).toEqual(['d3-c2', 'd3-c3', 'd3-d2', 'd3-e2', 'd3-e3']);
  });

  it('no legal move ever goes backward (any position)', () => {
    fc.assert(
      fc.property(arbitraryPosition, (pos) => {
        const forward = pos.turn === 'white' ? 1 : -1;
        for (const m of legalMoves(pos)) expect((rankOf(m.to) - rankOf(m.from)) * forward).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('the start position has 19 moves: 3 per sphere, 2 at each edge', () => {
    expect(legalMoves(startPosition())).toHaveLength(19);
  });

  it('a destination must be empty unless it holds the enemy coloured sphere', () => {
    const pos = spn('B6/7/7/2wb3/3w3/6W w - -');
    // d2 cannot go to d3 (own plain), c3-d3? c3 cannot go right onto the black plain d3.
    expect(names(pos)).not.toContain('d2-d3');
    expect(names(pos)).not.toContain('c3-d3');
    expect(checkMove(pos, { from: W('c3'), to: W('d3'), capture: false })).toMatchObject({ ok: false, error: { code: 'Occupied' } });
  });

  describe('the lock', () => {
    it('the plain sphere moved last may not move; moving another plain sphere frees it', () => {
      let pos = play(startPosition(), 'a1-a2');
      pos = play(pos, 'g6-g5');
      expect(pos.locked.white).toBe(W('a2'));
      expect(movesFrom(pos, W('a2'))).toEqual([]);
      expect(checkMove(pos, { from: W('a2'), to: W('a3'), capture: false })).toMatchObject({ ok: false, error: { code: 'Locked' } });
      pos = play(pos, 'b1-b2');
      expect(pos.locked.white).toBe(W('b2'));
      pos = play(pos, 'f6-f5');
      expect(names(pos)).toContain('a2-a3');
      expect(movesFrom(pos, W('b2'))).toEqual([]);
    });

    it('moving the coloured sphere frees the lock too, and the coloured sphere is never locked', () => {
      let pos = play(startPosition(), 'a1-a2');
      pos = play(pos, 'g6-g5');
      pos = play(pos, 'd1-d2');
      expect(pos.locked.white).toBeUndefined();
      pos = play(pos, 'f6-f5');
      expect(names(pos)).toContain('a2-a3');
      expect(names(pos)).toContain('d2-d3');
    });

    it('a locked sphere cannot capture', () => {
      const unlocked = spn('7/2B4/2w4/7/7/3W3 w - -');
      expect(names(unlocked)).toContain('c4xc5');
      const locked = spn('7/2B4/2w4/7/7/3W3 w c4 -');
      expect(names(locked)).not.toContain('c4xc5');
      expect(movesFrom(locked, W('c4'))).toEqual([]);
    });

    it('a lock binds only its own side', () => {
      const pos = spn('B5b/7/7/7/7/w5W w - g6');
      expect(names(pos)).toEqual(['a1-a2', 'a1-b1', 'a1-b2', 'g1-f1', 'g1-f2', 'g1-g2']);
      const after = play(pos, 'a1-a2');
      expect(movesFrom(after, W('g6'))).toEqual([]);
      expect(movesFrom(after, W('a6')).length).toBe(3);
    });
  });

  describe('captures', () => {
    it('the coloured sphere captures the enemy coloured sphere', () => {
      const pos = spn('7/2B4/2W4/7/7/7 w - -');
      const r = playMove(pos, { from: W('c4'), to: W('c5'), capture: true });
      expect(r.ok && r.value.outcome).toEqual({ kind: 'capture', winner: 'white' });
    });

    it('any sphere next to the enemy coloured sphere, in a direction it could move, captures it', () => {
      // B on d4; white plains on c3 (diagonal forward), d3 (forward), e4 (from the right), c5 and d5 (behind).
      const pos = spn('7/2ww3/3Bw2/2ww3/7/6W w - -');
      const captures = names(pos).filter((m) => m.includes('x'));
      expect(captures).toEqual(['c3xd4', 'd3xd4', 'e4xd4']);
    });

    it('a capture is only in a legal direction: never backward or diagonally backward', () => {
      const pos = spn('7/2www2/3B3/7/7/6W w - -');
      const captures = names(pos).filter((m) => m.includes('x'));
      expect(captures).toEqual([]);
      expect(checkMove(pos, { from: W('d5'), to: W('d4'), capture: true })).toMatchObject({ ok: false, error: { code: 'NotADirection' } });
    });

    it('black captures toward rank 1', () => {
      const pos = spn('7/7/7/3b3/3W3/B6 b - -');
      expect(names(pos).filter((m) => m.includes('x'))).toEqual(['d3xd2']);
    });

    it('plain spheres are never captured', () => {
      const pos = spn('B6/7/7/3b3/3w3/6W w - -');
      expect(names(pos).some((m) => m.includes('x'))).toBe(false);
    });

    it('notation must say capture for a capture and step for a step', () => {
      const pos = spn('7/2B4/2W4/7/7/7 w - -');
      expect(checkMove(pos, { from: W('c4'), to: W('c5'), capture: false })).toMatchObject({
        ok: false,
        error: { code: 'CaptureNotMarked' },
      });
      expect(checkMove(pos, { from: W('c4'), to: W('d5'), capture: true })).toMatchObject({
        ok: false,
        error: { code: 'NothingToCapture' },
      });
    });
  });

  describe('touch move queries', () => {
    it('lists the spheres that can move and the destinations of one sphere', () => {
      // W on a6 is boxed in by the black plain on b6; the white plain on a1 is locked.
      const pos = spn('Wb5/7/7/7/7/w5B w a1 -');
      expect(movableSpheres(pos)).toEqual([]);
      const free = spn('Wb5/7/7/7/7/w5B w - -');
      expect(movableSpheres(free)).toEqual([W('a1')]);
      expect(movesFrom(free, W('a6'))).toEqual([]);
      expect(movesFrom(free, W('a1')).map(formatMove).sort()).toEqual(['a1-a2', 'a1-b1', 'a1-b2']);
      expect(movesFrom(free, W('g1'))).toEqual([]);
    });
  });

  describe('notation', () => {
    it('formats and parses steps and captures', () => {
      const step: Move = { from: W('d1'), to: W('d2'), capture: false };
      const cap: Move = { from: W('c5'), to: W('d4'), capture: true };
      expect(formatMove(step)).toBe('d1-d2');
      expect(formatMove(cap)).toBe('c5xd4');
      expect(parseMoveNotation('d1-d2')).toEqual({ ok: true, value: step });
      expect(parseMoveNotation('c5xd4')).toEqual({ ok: true, value: cap });
    });

    it('rejects bad notation with a code', () => {
      expect(parseMoveNotation('d1d2')).toMatchObject({ ok: false, error: { code: 'BadSyntax' } });
      expect(parseMoveNotation('h1-h2')).toMatchObject({ ok: false, error: { code: 'BadWell' } });
      expect(parseMoveNotation('d7-d8')).toMatchObject({ ok: false, error: { code: 'BadWell' } });
      const r = parseLegalMove(startPosition(), 'd1-d3');
      expect(r).toMatchObject({ ok: false, error: { code: 'NotLegal' } });
      if (!r.ok) expect(r.error.message).toMatch(/not one well/);
    });
  });
});
