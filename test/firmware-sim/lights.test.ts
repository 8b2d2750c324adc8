// The well LEDs through the real firmware in simavr: the host's referee lights the wells of a
// foul, of a lift and of a move; the firmware's WS2812 driver sends them down its data pin,
// and the harness's strip model (hardware/simavr/ws2812.c) reports what the strip shows.
import { SerialPort } from 'serialport';
import { describe, expect, it } from 'vitest';
import { FirmwareBoard } from '../../src/hardware/avr/index.ts';
import { REFERENCE_HARDWARE } from '../../src/hardware/sim/cell-map.ts';
import { createSimBoard, simScript as act } from '../../src/hardware/sim/index.ts';
import { START_SPN } from '../../src/games/senryaku/rules/index.ts';
import { SEED, Session, calibrationForSeed, referenceBoard } from '../e2e/harness.ts';
import { isLedLine, litWells, playLedLines } from '../support/lit-wells.ts';
import { FIRMWARE_ELF, useFirmwareSim } from './artifacts.ts';

const { skip, cleanups } = useFirmwareSim();

/** What the strip shows, as the harness last reported it, and a wait for a picture (bounded: simavr is slow on a busy machine). */
function watchStrip(board: FirmwareBoard): { now: () => string[]; shows: (wanted: readonly string[]) => Promise<void> } {
  let latest: string[] = [];
  const waiting = new Set<() => void>();
  const off = board.onEvent((e) => {
    if (e.type !== 'leds') return;
    latest = litWells(e.rgb, REFERENCE_HARDWARE);
    for (const check of [...waiting]) check();
  });
  cleanups.push(async () => void off());
  const shows = (wanted: readonly string[]): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        if (JSON.stringify(latest) !== JSON.stringify(wanted)) return;
        waiting.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`the strip shows ${JSON.stringify(latest)}, not ${JSON.stringify(wanted)}`));
      }, 60_000);
      waiting.add(check);
      check();
    });
  return { now: () => latest, shows };
}

describe.skipIf(skip)('the well LEDs through the real firmware', () => {
  it(
    'a foul’s wells, dark one by one; a lift’s destinations; a move’s wells: on the WS2812 strip as the host sent them',
    { timeout: 240_000 },
    async () => {
      const calibration = await calibrationForSeed(SEED);
      const created = createSimBoard({ seed: SEED, ...referenceBoard(), position: START_SPN });
      if (!created.ok) throw new Error(created.error.message);
      const sim = created.value;
      sim.start();
      cleanups.push(async () => sim.stop());
      // Real time: the host refuses frames whose board time runs ahead of its own clock.
      const started = await FirmwareBoard.start({ physics: sim, elf: FIRMWARE_ELF, fast: false });
      if (!started.ok) throw new Error(started.error.message);
      const firmware = started.value;
      cleanups.push(() => firmware.stop());
      const strip = watchStrip(firmware);
      const s = await Session.start({
        calibration,
        clock: undefined,
        board: { sim, path: firmware.ptyPath },
        binding: SerialPort.binding,
        firstPosition: START_SPN,
        lights: { destinations: true },
      });
      cleanups.push(() => s.stop());
      const sent: string[] = [];
      s.link.on('line', (l) => (l.direction === 'out' && isLedLine(l.line) ? sent.push(l.line) : undefined));
      await s.until('game-started', () => true, 120_000);

      s.act(act().roll('g1', 'g2', { afterMs: 300 }));
      await s.until('foul', () => true, 60_000);
      await strip.shows(['g1:restore', 'g2:remove']);
      s.act(act().lift('g2', { afterMs: 300 }));
      await strip.shows(['g1:restore']);
      s.act(act().place('g1', { afterMs: 300 }));
      await s.until('restored', () => true, 60_000);
      await strip.shows([]);

      s.act(act().lift('e1', { afterMs: 300 }));
      await strip.shows(['d2:destination', 'e1:lift', 'e2:destination', 'f2:destination']);
      s.act(act().place('e2', { afterMs: 300 }));
      await s.until('move', () => true, 60_000);
      await strip.shows(['e1:last-move', 'e2:last-move']);
      // What the host sent, played on a dark strip, is what the strip shows.
      expect(litWells(playLedLines(sent, 42), REFERENCE_HARDWARE)).toEqual(strip.now());
    },
  );
});
