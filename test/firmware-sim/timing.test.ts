// The firmware's timing on simulated time: 60 s of streaming at 80 frames/s with every
// cell loaded and the LEDs updated, then the frame period and its jitter, the HX711 bank
// keeping up with 44 chips at 80 SPS, the burst's length, and RAM never touched by the
// stack (painted RAM). The figures are printed for README "Measured" (npm run bench:firmware).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirmwareBoard } from '../../src/hardware/avr/index.ts';
import { describeTiming, measureFirmwareTiming } from '../../bench/support/measure-timing.ts';
import { buildFirmwareSim, skipFirmwareSim, startFastBoard } from './artifacts.ts';
import { RawPort } from './raw-port.ts';

const skip = skipFirmwareSim();
const SIMULATED_S = 60;
let board: FirmwareBoard;
let port: RawPort;

beforeAll(async () => {
  if (skip) return;
  await buildFirmwareSim();
  board = await startFastBoard();
  port = await RawPort.open(board.ptyPath);
  await port.handshake();
}, 120_000);

afterAll(async () => {
  await port?.close();
  await board?.stop();
});

// 60 simulated s take 12–30 s of wall time on an idle machine (--fast); the timeout only guards a hung simulator on a loaded one.
describe.skipIf(skip)(`the firmware over ${SIMULATED_S} simulated seconds`, () => {
  it('sends a frame every 12.5 ms, reads every HX711 conversion of 44 cells, and keeps RAM headroom', { timeout: 240_000 }, async () => {
    // Loaded cells: every bit of the 24 toggles somewhere, so the read is a full one.
    for (let cell = 0; cell < 44; cell++) board.setCell(cell, (cell % 2 ? -1 : 1) * (cell * 190_000 + 12_345));
    port.command('START');
    await port.waitLine((l) => l.startsWith('FRAME '));
    // The LEDs change once a second, as a referee's would, so their 1.3 ms of bit-banging
    // (interrupts off per LED) is in the timing.
    const t = await measureFirmwareTiming(board, SIMULATED_S, (s) => port.command('LEDALL', s % 2 ? '203040' : '000000'));
    console.log(`firmware-sim:\n${describeTiming(t)}`);
    const frames = port.lines.filter((l) => l.startsWith('FRAME '));
    const stale = frames.filter((l) => !/ 0{11} /.test(l));
    const overruns = port.lines.filter((l) => l.startsWith('ERR ') && l.includes('OVERRUN'));

    const sampling = t.samplingPeriodMs;
    const period = t.wirePeriodMs;
    expect(period.count).toBeGreaterThan(SIMULATED_S * 80 - 10);
    expect(period.mean).toBeCloseTo(12.5, 1);
    // Sampling keeps the HX711s' 12.5 ms, except when a command's LED update and its ACK
    // (waiting for room behind a frame in the UART ring) hold one loop pass up to ~2.7 ms:
    // here once a second, the LEDALL. Frames leave on the same rhythm.
    expect(t.samplingOff).toBeLessThanOrEqual(2 * SIMULATED_S + 2);
    expect(sampling.min).toBeGreaterThan(12.5 - 3);
    expect(sampling.max).toBeLessThan(12.5 + 3);
    expect(period.min).toBeGreaterThan(12.5 - 3);
    expect(period.max).toBeLessThan(12.5 + 3);
    expect(period.sd).toBeLessThan(0.3);
    // Every conversion of every chip is read: none missed, no stale cell, no overrun.
    expect(t.missed).toBe(0);
    expect(Math.abs(t.conversions - t.reads)).toBeLessThanOrEqual(1);
    expect(stale).toEqual([]);
    expect(overruns).toEqual([]);
    // A burst (25 SCK pulses for 44 cells) stays well inside the 60 µs-per-pulse limit and the period.
    expect(t.readUs.max).toBeLessThan(500);
    // RAM headroom at run time: at least 4 KiB never touched by the stack.
    expect(t.neverUsedBytes).toBeGreaterThan(4096);
  });
});
