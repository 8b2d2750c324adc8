// Fault injection, and the same seed + script giving the same bytes.
import { describe, expect, it } from 'vitest';
import { CELL_MAX, SequenceTracker, parseBoardLine } from '../../../src/protocol/index.ts';
import { simScript } from '../../../src/hardware/sim/index.ts';
import { bootedBoardWithHost } from './helpers.ts';

describe('sim faults', () => {
  it('stuck cell: identical readings, still fresh', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'start', seq: 1 });
    board.advance(100);
    board.setCellFault(5, { kind: 'stuck' });
    const from = host.of('frame').length;
    board.advance(300);
    const values = host
      .of('frame')
      .slice(from)
      .map((f) => f.cells[5]);
    expect(new Set(values).size).toBe(1);
    expect(
      new Set(
        host
          .of('frame')
          .slice(from)
          .map((f) => f.cells[6]),
      ).size,
    ).toBeGreaterThan(1);
    expect(
      host
        .of('frame')
        .slice(from)
        .every((f) => !f.stale.includes(5)),
    ).toBe(true);
  });

  it('saturated cell: reads the rail', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'start', seq: 1 });
    board.setCellFault(43, { kind: 'saturated' });
    board.advance(100);
    expect(host.of('frame').at(-1)?.cells[43]).toBe(CELL_MAX);
  });

  it('dead cell: reads 0 ± noise whatever its load, still fresh', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'start', seq: 1 });
    board.advance(100);
    board.setCellFault(5, { kind: 'dead' });
    const from = host.of('frame').length;
    board.advance(300);
    const frames = host.of('frame').slice(from);
    expect(frames.every((f) => Math.abs(f.cells[5] ?? NaN) < 100 && !f.stale.includes(5))).toBe(true);
    expect(new Set(frames.map((f) => f.cells[5])).size).toBeGreaterThan(1);
  });

  it('silent cell: stale bit with its last value, one ERR SENSOR after 8 stale periods, recovers on CELLRST if it can', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'start', seq: 1 });
    board.advance(100);
    const last = host.of('frame').at(-1)?.cells[17];
    board.setCellFault(17, { kind: 'silent', recoversOnReset: true });
    board.advance(500);
    const frame = host.of('frame').at(-1);
    expect(frame?.stale).toEqual([17]);
    expect(frame?.cells[17]).toBe(last);
    expect(host.of('error').filter((e) => e.code === 'SENSOR')).toMatchObject([{ arg: 17 }]);
    host.send({ type: 'cellrst', seq: 2 });
    board.advance(200);
    expect(host.of('frame').at(-1)?.stale).toEqual([]);
  });

  it('dropped lines leave a sequence gap; corrupted lines fail their CRC', () => {
    const { board, host } = bootedBoardWithHost();
    host.send({ type: 'start', seq: 1 });
    board.advance(100);
    board.setLinkFaults({ dropNext: 2, corruptNext: 1 });
    board.advance(100);
    const tracker = new SequenceTracker();
    let lost = 0;
    const codes: string[] = [];
    for (const line of host.lines) {
      const parsed = parseBoardLine(line, { cellCount: 44 });
      if (parsed.ok) lost += tracker.accept(parsed.value.seq);
      else codes.push(parsed.error.code);
    }
    expect(codes).toEqual(['BADCRC']);
    expect(lost).toBe(3);
  });
});

describe('sim determinism', () => {
  const run = async (seed: number, chunkMs: number): Promise<Buffer> => {
    const { board, host } = bootedBoardWithHost({ seed, position: 'bbbBbbb/7/7/7/7/wwwWwww' });
    host.send({ type: 'start', seq: 1 });
    const done = board.play(
      simScript()
        .wait(100)
        .lift('c1')
        .wait(200)
        .place('c2')
        .roll('b1', 'b2', { durationMs: 180 })
        .press('e4', 90, { durationMs: 150 })
        .holdBoard(200, { durationMs: 100 })
        .lift('d6')
        .lift('e6')
        .lift('f6'),
    );
    for (let t = 0; t < 2000; t += chunkMs) board.advance(chunkMs);
    await done;
    return Buffer.concat(host.bytes);
  };

  it('the same seed and script give the same bytes, however the clock is stepped', async () => {
    const a = await run(42, 1);
    const b = await run(42, 250);
    expect(a.length).toBeGreaterThan(30_000);
    expect(b.equals(a)).toBe(true);
    expect((await run(43, 250)).equals(a)).toBe(false);
  });
});
