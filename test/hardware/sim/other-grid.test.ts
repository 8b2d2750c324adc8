// The simulator on a board that is not Senryaku's: a 6×6 grid of 36 load cells, no pivots
// and no tilt switches, two kinds of piece. It never tips; its cells read the pieces.
import { describe, expect, it } from 'vitest';
import type { HardwareProfile } from '../../../src/board/profile.ts';
import type { Frame } from '../../../src/protocol/index.ts';
import { attachHost, startedBoard } from './helpers.ts';

const SIX: HardwareProfile = {
  name: 'six-by-six',
  description: 'a 36-point board without pivots or tilt switches',
  grid: { files: 6, ranks: 6 },
  cells: { points: Array.from({ length: 36 }, (_, i) => i), pivots: [] },
  tilt: { white: false, black: false },
  ledCount: 36,
  pitch: 35,
  lengthUnit: 'mm',
};
const PHYSICS = { wellPitch: 35, halfGap: 0.25, boardMass: 900, sphereMass: { r: 30, k: 45 }, massUnit: 'g' };

function booted(position: string) {
  const board = startedBoard({ seed: 5, hardware: SIX, profile: PHYSICS, pieces: 'rk', position });
  const host = attachHost(board, 36);
  board.advance(101);
  host.send({ type: 'start', seq: 1 });
  board.advance(200);
  return { board, host };
}

const lastGrams = (b: ReturnType<typeof booted>): number[] =>
  [...(b.host.of('frame').at(-1) as Frame).cells].map((c, cell) => b.board.sensors.gramsOf(cell, c));

describe('a simulated 6×6 board without pivots or tilt switches', () => {
  it('says so in its HELLO and streams 36 cells', () => {
    const b = booted('6/6/6/6/6/6');
    const hello = b.host.of('hello')[0]!;
    expect([hello.wellCells, hello.pivotCells, hello.ledCount]).toEqual([36, 0, 36]);
    expect(hello.tiltFitted).toEqual({ white: false, black: false });
    expect(b.host.of('frame').at(-1)?.cells).toHaveLength(36);
  });

  it('reads each piece on its point, and lifts and places by point name', async () => {
    const b = booted('6/6/6/6/6/r4k');
    let g = lastGrams(b);
    expect(Math.abs(g[0]! - 30)).toBeLessThan(1);
    expect(Math.abs(g[5]! - 45)).toBeLessThan(1);
    const lifted = b.board.lift('f1');
    b.board.advance(100);
    expect((await lifted).result).toEqual({ ok: true, value: undefined });
    const placed = b.board.place('c4');
    b.board.advance(300);
    expect((await placed).result.ok).toBe(true);
    g = lastGrams(b);
    expect(Math.abs(g[5]!)).toBeLessThan(1);
    expect(Math.abs(g[20]! - 45)).toBeLessThan(1);
    expect(b.board.snapshot().board).toBe('6/6/2k3/6/6/r5');
  });

  it('never tips, however the pieces stand', () => {
    const b = booted('kkkkkk/kkkkkk/6/6/6/6');
    b.board.advance(500);
    expect(b.board.physics.tipped).toBeUndefined();
    expect(b.host.of('frame').every((f) => !f.tilt.white && !f.tilt.black)).toBe(true);
  });
});
