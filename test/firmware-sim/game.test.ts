// One whole refereed game with the real firmware in the loop: two simulated players
// (autoplay) on the simulated physics, the firmware in simavr reading the load cells and
// tilt switches, the host's link, sensing and referee; and the same game, same seeds, on
// the TypeScript simulated board. Both must give the same verdicts (types, moves, result).
import { SerialPort } from 'serialport';
import { describe, expect, it } from 'vitest';
import { FirmwareBoard } from '../../src/hardware/avr/index.ts';
import { createSimBoard } from '../../src/hardware/sim/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { START_SPN } from '../../src/games/senryaku/rules/index.ts';
import { SEED, Session, calibrationForSeed, fakeTimers, referenceBoard, simBoard } from '../e2e/harness.ts';
import { FIRMWARE_ELF, buildFirmwareSim, skipFirmwareSim } from './artifacts.ts';

const skip = skipFirmwareSim();
// A short game (21.5 simulated s, 22 verdicts, won by a capture): the suite runs on 2 busy cores.
const AUTOPLAY_SEED = 2;
const FIRST = process.env.FW_GAME_POSITION ?? START_SPN;

/** What must agree: each verdict's type and its game facts, not its times. */
const facts = (v: Verdict): string => {
  const r = v as unknown as Record<string, unknown>;
  const keep = ['type', 'move', 'winner', 'reason', 'points', 'loser', 'toward', 'during'];
  return JSON.stringify(Object.fromEntries(keep.filter((k) => r[k] !== undefined).map((k) => [k, r[k]])));
};

describe.skipIf(skip)('a whole game refereed through the real firmware', () => {
  it('gives the same verdicts as the same game on the TypeScript simulated board', { timeout: 180_000 }, async () => {
    await buildFirmwareSim();
    const calibration = await calibrationForSeed(SEED);

    // The game on the TypeScript board, on fake time.
    const clock = fakeTimers();
    const tsBoard = simBoard(FIRST, SEED);
    const ts = await Session.start({ calibration, clock, board: tsBoard, firstPosition: FIRST, autoplaySeed: AUTOPLAY_SEED });
    const t0 = tsBoard.sim.nowMs;
    await ts.until('game-over', () => true, 600_000);
    const tsMs = tsBoard.sim.nowMs - t0;
    await ts.stop();
    tsBoard.dispose();
    clock.restore();

    // The same game through the firmware in simavr, throttled to real time: the host judges the
    // board's clock by its own (a frame whose board time runs ahead of the host's receive clock
    // is refused, PROTOCOL.md section 3), so a chip run faster than real time cannot be refereed.
    const created = createSimBoard({ seed: SEED, ...referenceBoard(), position: FIRST });
    if (!created.ok) throw new Error(created.error.message);
    const sim = created.value;
    sim.start();
    const started = await FirmwareBoard.start({ physics: sim, elf: FIRMWARE_ELF, fast: false });
    if (!started.ok) throw new Error(started.error.message);
    const firmware = started.value;
    try {
      const fw = await Session.start({
        calibration,
        clock: undefined,
        board: { sim, path: firmware.ptyPath },
        binding: SerialPort.binding,
        firstPosition: FIRST,
        autoplaySeed: AUTOPLAY_SEED,
      });
      await fw.until('game-over', () => true, 170_000);
      console.log(`game: ${ts.verdicts.length} verdicts, ${tsMs} simulated ms on the TS board; ${fw.verdicts.length} through the firmware`);
      const gameOf = (vs: readonly Verdict[]): string[] => {
        const start = vs.findIndex((v) => v.type === 'game-started');
        const end = vs.findIndex((v) => v.type === 'game-over');
        return vs.slice(start, end + 1).map(facts);
      };
      expect(gameOf(fw.verdicts)).toEqual(gameOf(ts.verdicts));
      await fw.stop();
    } finally {
      await firmware.stop();
      sim.stop();
    }
  });
});
