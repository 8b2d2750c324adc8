// The stateful line decoder: frames are sized by the last HELLO (or the size it was given).
import { describe, expect, it } from 'vitest';
import { BoardLineDecoder, formatFrame, formatHello, type Hello } from '../../src/protocol/index.ts';

const hello = (wellCells: number, pivotCells: number): Hello => ({
  type: 'hello',
  seq: 0,
  protocolVersion: 1,
  firmwareVersion: '1.0.0',
  boardId: 1,
  bootId: 2,
  wellCells,
  pivotCells,
  sampleRateHz: 80,
  tiltFitted: { white: false, black: false },
  ledCount: 0,
});
const frame = (cells: number): string =>
  formatFrame({ type: 'frame', seq: 1, ms: 10, tilt: { white: false, black: false }, stale: [], cells: new Int32Array(cells) });

describe('board line decoder', () => {
  it('sizes frames by the last HELLO it decoded', () => {
    const d = new BoardLineDecoder();
    expect(d.cellCount).toBeUndefined();
    expect(d.decode(formatHello(hello(36, 0)))).toMatchObject({ ok: true, value: { type: 'hello' } });
    expect(d.cellCount).toBe(36);
    expect(d.decode(frame(36))).toMatchObject({ ok: true, value: { type: 'frame' } });
    expect(d.decode(frame(44))).toMatchObject({ ok: false });
  });

  it('before any HELLO, by the size it was given; a HELLO seen elsewhere resizes it', () => {
    const d = new BoardLineDecoder(44);
    expect(d.decode(frame(44))).toMatchObject({ ok: true });
    d.noteHello(hello(36, 0));
    expect(d.decode(frame(36))).toMatchObject({ ok: true });
  });
});
