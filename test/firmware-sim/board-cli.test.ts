// `senryaku board` against the real firmware's pty: what a builder types at bring-up
// (hardware/BRING-UP.md) works on a board, with no CRC computed by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirmwareBoard } from '../../src/hardware/avr/index.ts';
import { runMain } from '../cli/run-main.ts';
import { buildFirmwareSim, skipFirmwareSim, startFastBoard } from './artifacts.ts';

const skip = skipFirmwareSim();
let board: FirmwareBoard;

beforeAll(async () => {
  if (skip) return;
  await buildFirmwareSim();
  board = await startFastBoard();
}, 120_000);

afterAll(async () => {
  await board?.stop();
});

describe.skipIf(skip)('senryaku board on the firmware in simavr', () => {
  it('info prints the HELLO field by field', async () => {
    const r = await runMain(['board', 'info', '--port', board.ptyPath]);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out).toContain('cells 42 wells + 2 pivots, 80 frames/s');
    expect(r.out).toContain('LEDs 42');
    expect(r.out.join('\n')).toMatch(/board id [0-9A-F]{8}, boot id [0-9A-F]{8}/);
  });

  it('send adds the sequence number and CRC; a refused command exits 1 with the NAK shown', async () => {
    const leds = board.next('leds', (e) => e.bytes[9] === 0x00 && e.bytes[10] === 0xff);
    const ok = await runMain(['board', 'send', 'led', '3', 'FF0000', '--port', board.ptyPath]);
    expect(ok.code).toBe(0);
    expect(ok.out.at(-1)).toMatch(/^ACK /);
    expect(Array.from((await leds).bytes.slice(9, 12))).toEqual([0x00, 0xff, 0x00]);
    const bad = await runMain(['board', 'send', 'RATE', '33', '--port', board.ptyPath]);
    expect(bad.code).toBe(1);
    expect(bad.out.at(-1)).toMatch(/^NAK [0-9A-F]{4} [0-9A-F]{4} BADARG\*/);
  });

  it('leds sets every LED; cells prints every cell with its mean reading', async () => {
    board.setCell(5, 123_456);
    const lit = board.next('leds', (e) => e.bytes.length === 126 && e.bytes.every((b, i) => b === [0x20, 0x10, 0x30][i % 3]));
    expect((await runMain(['board', 'leds', '102030', '--port', board.ptyPath])).code).toBe(0);
    await lit;
    const r = await runMain(['board', 'cells', '--frames', '20', '--port', board.ptyPath]);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.out).toHaveLength(1 + 44 + 1);
    expect(r.out.at(-1)).toBe('tilt switches: White side level, Black side level');
    const cell5 = Number(r.out[6]?.trim().split(/\s+/)[1]);
    expect(Math.abs(cell5 - 123_456)).toBeLessThan(10);
    expect(r.out[44]).toMatch(/^43 \(pivot\)/);
  });
});
