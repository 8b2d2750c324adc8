import { describe, expect, it } from 'vitest';
import {
  checkMove,
  formatMove,
  formatPosition,
  legalMoves,
  movesFrom,
  parseLegalMove,
  parseMoveNotation,
  parsePoint,
  startPosition,
  type IllegalMoveCode,
  type Move,
  type Position,
} from '../../../../src/games/surakarta/rules/index.ts';
import { moveKeys, referenceMoves, setup } from './helpers.ts';

const P = (name: string) => parsePoint(name)!;
const capturesFrom = (pos: Position, from: string) => moveKeys(movesFrom(pos, P(from)).filter((m) => m.capture));

describe('steps', () => {
  it('a piece steps one point in any of the 8 directions, to an empty point', () => {
    const pos = setup(['c3'], ['f6']);
    expect(moveKeys(movesFrom(pos, P('c3')))).toEqual(['c3-b2', 'c3-b3', 'c3-b4', 'c3-c2', 'c3-c4', 'c3-d2', 'c3-d3', 'c3-d4']);
    const boxed = setup(['c3', 'b2', 'c4'], ['d3']);
    expect(moveKeys(movesFrom(boxed, P('c3')).filter((m) => !m.capture))).toEqual(['c3-b3', 'c3-b4', 'c3-c2', 'c3-d2', 'c3-d4']);
  });

  it('the start has 16 moves: the rank 2 pieces step onto rank 3', () => {
    expect(moveKeys(legalMoves(startPosition())).filter((m) => !m.startsWith('a2') && !m.startsWith('f2'))).toHaveLength(12);
    expect(legalMoves(startPosition())).toHaveLength(16);
    expect(legalMoves(startPosition()).every((m) => !m.capture && m.to >= 12 && m.to < 18)).toBe(true);
  });
});

describe('captures along a circuit', () => {
  it('through one loop: a2 round the small loop to b1, then up file b', () => {
    // The other way, along rank 2, is blocked by Light's own c2.
    expect(capturesFrom(setup(['a2', 'c2'], ['b3']), 'a2')).toEqual(['a2xb3']);
  });

  it('through two loops', () => {
    // a2, loop, b1…b6, loop, a5…e5.
    expect(capturesFrom(setup(['a2', 'c2'], ['e5']), 'a2')).toEqual(['a2xe5']);
  });

  it('through three loops, passing b5 and e5 twice', () => {
    // a2, loop, b1…b6, loop, a5…f5, loop, e6…e2.
    expect(capturesFrom(setup(['a2', 'c2'], ['e2']), 'a2')).toEqual(['a2xe2']);
  });

  it('through all four loops, back onto its own line, to the neighbour it could not take directly', () => {
    // d2 east: e2, f2, loop, e1…e6, loop, f5…a5, loop, b6…b1, loop, a2, b2, c2. File d is blocked by d3.
    const pos = setup(['d2', 'd3'], ['c2']);
    expect(capturesFrom(pos, 'd2')).toEqual(['d2xc2']);
    expect(moveKeys(movesFrom(pos, P('d2')))).not.toContain('d2-c2');
  });

  it('passes over its own starting point, which is empty once it has left', () => {
    // b2 west: a2, loop, b1, b2 (its own point), b3, b4. Every other way is blocked or has no loop.
    expect(capturesFrom(setup(['b2', 'e1'], ['b4']), 'b2')).toEqual(['b2xb4']);
  });

  it('a piece on a crossing sets off along either of its lines, either way', () => {
    // b2 is on file b and rank 2 of the small-loop circuit: it reaches e5 up file b (round the loop b6-a5)
    // or east along rank 2 (round the loop f2-e1); here its own pieces close each way in turn.
    expect(capturesFrom(setup(['b2', 'b4', 'b1', 'c2'], ['e5']), 'b2')).toEqual([]);
    expect(capturesFrom(setup(['b2', 'b1', 'c2'], ['e5']), 'b2')).toEqual(['b2xe5']); // north
    expect(capturesFrom(setup(['b2', 'b3', 'b1'], ['e5']), 'b2')).toEqual(['b2xe5']); // east
  });

  it('the first occupied point met ends the path: its own piece blocks, an enemy behind another is safe', () => {
    expect(capturesFrom(setup(['a2', 'f2'], ['b4']), 'a2')).toEqual(['a2xb4']);
    expect(capturesFrom(setup(['a2', 'f2', 'b3'], ['b4']), 'a2')).toEqual([]);
    expect(capturesFrom(setup(['a2', 'f2'], ['b3', 'b4']), 'a2')).toEqual(['a2xb3']);
  });

  it('goes straight on at a crossing: never turns onto the other line there', () => {
    // Turning east at b2 after the loop would reach c2; going straight on meets Light's own b4.
    expect(capturesFrom(setup(['a2', 'b4'], ['c2']), 'a2')).toEqual([]);
  });

  it('never changes circuit: the small-loop track from a2 does not reach c4 on the large-loop circuit', () => {
    // Turning east onto rank 4 at b4 would reach c4 after a loop.
    expect(capturesFrom(setup(['a2'], ['c4']), 'a2')).toEqual([]);
  });

  it('no capture without a loop', () => {
    // b3 up file b meets b5 with no loop; down file b meets its own b1; rank 3 (large-loop) is empty.
    const pos = setup(['b3', 'b1'], ['b5']);
    expect(capturesFrom(pos, 'b3')).toEqual([]);
    expect(checkMove(pos, { from: P('b3'), to: P('b5'), capture: true })).toMatchObject({ ok: false, error: { code: 'NoCapturePath' } });
  });

  it('travelling round a loop to an empty point is not a move', () => {
    // a3, round the large loop, is on c1: not a step, and nothing to take there.
    const pos = setup(['a3'], ['f6']);
    expect(moveKeys(legalMoves(pos))).toEqual(['a3-a2', 'a3-a4', 'a3-b2', 'a3-b3', 'a3-b4']);
    expect(checkMove(pos, { from: P('a3'), to: P('c1'), capture: true })).toMatchObject({ ok: false, error: { code: 'NothingToCapture' } });
    expect(checkMove(pos, { from: P('a3'), to: P('c1'), capture: false })).toMatchObject({ ok: false, error: { code: 'NotAStep' } });
  });

  it('two paths to the same capture are one move', () => {
    // a2 reaches e5 west (two loops) and east (one loop): e2 … f2, loop, e1 … e5.
    const pos = setup(['a2'], ['e5']);
    const captures = legalMoves(pos).filter((m) => m.capture);
    expect(captures.map(formatMove)).toEqual(['a2xe5']);
    expect(
      referenceMoves(pos)
        .filter((m) => m.capture)
        .map(formatMove),
    ).toEqual(['a2xe5']);
  });

  it('Dark captures the same way', () => {
    const pos = setup(['b3'], ['a2', 'c2'], 'dark');
    expect(capturesFrom(pos, 'a2')).toEqual(['a2xb3']);
    expect(formatPosition(pos)).toBe('6/6/6/1x4/o1o3/6 o');
  });
});

describe('move notation', () => {
  it('formats and parses steps and captures', () => {
    const step: Move = { from: P('b2'), to: P('c3'), capture: false };
    const cap: Move = { from: P('b2'), to: P('e5'), capture: true };
    expect(formatMove(step)).toBe('b2-c3');
    expect(formatMove(cap)).toBe('b2xe5');
    expect(parseMoveNotation('b2-c3')).toEqual({ ok: true, value: step });
    expect(parseMoveNotation('b2xe5')).toEqual({ ok: true, value: cap });
  });

  it('every legal move formats and parses back to itself', () => {
    const pos = setup(['a2', 'c2', 'd4'], ['e5', 'b3']);
    for (const m of legalMoves(pos)) expect(parseLegalMove(pos, formatMove(m))).toEqual({ ok: true, value: m });
  });

  it.each([
    ['b2c3', 'BadSyntax', undefined],
    ['b2 - c3', 'BadSyntax', undefined],
    ['B2-c3', 'BadSyntax', undefined],
    ['', 'BadSyntax', undefined],
    ['g1-a1', 'BadPoint', 0],
    ['a0-a1', 'BadPoint', 0],
    ['a1-a7', 'BadPoint', 3],
  ])('rejects %j with %s', (text, code, index) => {
    const r = parseMoveNotation(text);
    expect(r).toMatchObject({ ok: false, error: { code } });
    if (!r.ok) expect(r.error.index).toBe(index);
  });

  const illegal: [Position, string, IllegalMoveCode][] = [
    [startPosition(), 'c3-c4', 'NoPiece'],
    [startPosition(), 'a5-a4', 'NotYourPiece'],
    [startPosition(), 'a2-a4', 'NotAStep'],
    [startPosition(), 'a1-a2', 'Occupied'],
    [setup(['a2', 'c2'], ['b3']), 'a2-b3', 'CaptureNotMarked'],
    [startPosition(), 'a2xa3', 'NothingToCapture'],
    [startPosition(), 'a1xb2', 'NothingToCapture'],
    [setup(['b3', 'b1'], ['b5']), 'b3xb5', 'NoCapturePath'],
  ];
  it.each(illegal)('%#: %s is NotLegal because of %s', (pos, text, reason) => {
    const r = parseLegalMove(pos, text);
    expect(r).toMatchObject({ ok: false, error: { code: 'NotLegal', reason } });
    if (!r.ok) expect(r.error.message).toMatch(new RegExp(`^${text} is not legal here: `));
  });
});
