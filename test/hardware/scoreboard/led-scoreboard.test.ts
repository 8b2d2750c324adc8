/**
 * The LED board through johnny-five on a MockFirmata Uno. Assertions are on the io: every
 * digitalWrite is fed to three emulated MAX7219s, and the tests check the exact register
 * writes they latch (U1/U2 = A/B digits, U3 = track and lamps; DIGn = register n+1).
 * Digit codes: P 0x67, G 0x5E, 0 0x7E, 1 0x30, 2 0x6D, 6 0x5F, 3 0x79.
 * U3 bits: 0x40 = SEG A (A's red / White lamp), 0x20 = SEG B (B's green / Black lamp),
 * 0x10 = SEG C (foul), 0x08 = SEG D (crash); lamps on DIG7.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type sinon from 'sinon';
import { EventBus } from '../../../src/app/event-bus.ts';
import { createScoreboardService, type ScoreboardService } from '../../../src/app/scoreboard/index.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { fakeClock, fakeUno, flush, V } from './harness.ts';
import { CAPTURE_WIN, CRASH, MATCH_BEFORE_LAST_GAME, MATCH_LAST_GAME } from './sequences.ts';

const TIMING = { stepMs: 100, blinkMs: 500 };
let clock: sinon.SinonFakeTimers;
let bus: EventBus;
let service: ScoreboardService | undefined;
let notices: { level: string; message: string }[];

beforeEach(() => {
  clock = fakeClock();
  bus = new EventBus();
  notices = [];
  bus.on('notice', {}, (n) => notices.push(n));
});

afterEach(async () => {
  await service?.stop();
  service = undefined;
  clock.restore();
});

/** Starts the service on one fake Uno per connection attempt and waits until it is drawn. */
async function startOn(unos: ReturnType<typeof fakeUno>[], trackLength = 6) {
  const queue = [...unos];
  service = createScoreboardService({
    bus,
    trackLength,
    port: '/dev/ttyACM0',
    timing: TIMING,
    backoff: { initialMs: 1_000, maxMs: 8_000 },
    createIo: () => {
      const next = queue.shift();
      if (!next) throw new Error('no more fake Unos');
      return next.io;
    },
  });
  await service.start();
  await flush();
  unos[0]!.answer();
  await flush();
}

const feed = (vs: readonly Verdict[]) => vs.forEach((v) => bus.emit('verdict', v));

describe('LED scoring board: exact register writes', () => {
  test('connecting initialises the three chips and draws the start of the match', async () => {
    const uno = fakeUno();
    await startOn([uno]);
    const init = (chip: string) => [
      ...(chip === 'U3' ? [`${chip} DECODE=0x00`] : []),
      `${chip} INTENSITY=0x03`,
      `${chip} SCANLIMIT=0x07`,
      `${chip} SHUTDOWN=0x01`,
      `${chip} TEST=0x00`,
      ...Array.from({ length: 8 }, (_, i) => `${chip} DIG${i}=0x00`),
      `${chip} SHUTDOWN=0x01`,
    ];
    expect(uno.chips.writes).toEqual([
      ...init('U1'),
      ...init('U2'),
      ...init('U3'),
      'U3 DIG0=0x40', // hole 0: A's marker (red)
      'U3 DIG6=0x20', // hole 6: B's marker (green)
      ...['U1', 'U2'].flatMap((u) => [`${u} DIG7=0x67`, `${u} DIG4=0x7E`, `${u} DIG3=0x5E`, `${u} DIG0=0x7E`]), // "P  0G  0"
    ]);
    expect(notices).toEqual([{ level: 'info', message: 'scoring board on /dev/ttyACM0 connected' }]);
  });

  test('one register write is exactly CS low, 16 bits MSB first on D12 clocked by D11, CS high', async () => {
    const uno = fakeUno();
    await startOn([uno]);
    uno.digitalWrite.resetHistory();
    feed([V.gameStarted(1)]); // White's lamp: U3 DIG7 (opcode 0x08) = 0x40
    const bits = [...(0x0840).toString(2).padStart(16, '0')].map(Number);
    expect(uno.digitalWrite.args).toEqual([
      [9, 0],
      ...bits.flatMap((b) => [
        [11, 0],
        [12, b],
        [11, 1],
      ]),
      [9, 1],
    ]);
  });

  test('a capture win: turn lamps, 2 points and a game for A, the marker steps 0 → 1 → 2, then blinks', async () => {
    const uno = fakeUno();
    await startOn([uno]);
    uno.chips.clearLog();
    feed(CAPTURE_WIN);
    expect(uno.chips.writes).toEqual([
      'U3 DIG7=0x40', // game started: White to move
      'U3 DIG7=0x20', // White moved: Black to move
      'U3 DIG7=0x40', // Black moved
      'U3 DIG7=0x00', // game over: no turn
      'U1 DIG4=0x6D', // A: "P  2"
      'U1 DIG0=0x30', // A: "G  1"
    ]);
    uno.chips.clearLog();
    clock.tick(100);
    expect(uno.chips.writes).toEqual(['U3 DIG0=0x00', 'U3 DIG1=0x40']);
    clock.tick(100);
    expect(uno.chips.writes).toEqual(['U3 DIG0=0x00', 'U3 DIG1=0x40', 'U3 DIG1=0x00', 'U3 DIG2=0x40']);
    uno.chips.clearLog();
    clock.tick(300); // 500 ms after game over: the winner's marker blinks off, then on
    expect(uno.chips.writes).toEqual(['U3 DIG2=0x00']);
    clock.tick(500);
    expect(uno.chips.writes).toEqual(['U3 DIG2=0x00', 'U3 DIG2=0x40']);
    uno.chips.clearLog();
    clock.tick(250);
    feed([V.gameStarted(2, 'B')]); // blink ends with the marker lit; White to move
    expect(uno.chips.writes).toEqual(['U3 DIG7=0x40']);
    uno.chips.clearLog();
    clock.tick(5_000);
    expect(uno.chips.writes).toEqual([]);
    expect(uno.chips.trackRows()).toEqual([0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x20, 0x40]);
  });

  test('a crash: crash lamp, 1 point to the other player (A), one step', async () => {
    const uno = fakeUno();
    await startOn([uno]);
    uno.chips.clearLog();
    feed(CRASH);
    expect(uno.chips.writes).toEqual([
      'U3 DIG7=0x40', // White to move
      'U3 DIG7=0x20', // Black to move
      'U3 DIG7=0x08', // crash: crash lamp on, turn lamps off
      'U1 DIG4=0x30', // A: "P  1"
      'U1 DIG0=0x30', // A: "G  1"
    ]);
    uno.chips.clearLog();
    clock.tick(100);
    expect(uno.chips.writes).toEqual(['U3 DIG0=0x00', 'U3 DIG1=0x40']);
    clock.tick(400);
    expect(uno.chips.writes).toEqual(['U3 DIG0=0x00', 'U3 DIG1=0x40', 'U3 DIG1=0x00']); // winner's marker blinks
    expect(uno.chips.registers.U3[8]).toBe(0x08); // the crash lamp stays lit
    expect(uno.chips.registers.U2.slice(1, 9)).toEqual([0x7e, 0, 0, 0x5e, 0x7e, 0, 0, 0x67]); // B: "P  0G  0"
  });

  test('a foul: the foul lamp blinks until the board is restored, then goes off and stays off', async () => {
    const uno = fakeUno();
    await startOn([uno]);
    feed([V.gameStarted(1)]);
    uno.chips.clearLog();
    feed([V.foul('white')]);
    expect(uno.chips.writes).toEqual(['U3 DIG7=0x50']); // White's turn + foul
    clock.tick(500);
    clock.tick(500);
    clock.tick(500);
    expect(uno.chips.writes).toEqual(['U3 DIG7=0x50', 'U3 DIG7=0x40', 'U3 DIG7=0x50', 'U3 DIG7=0x40']);
    uno.chips.clearLog();
    feed([V.restored('white')]);
    expect(uno.chips.writes).toEqual([]); // the lamp happened to be in its off phase already
    clock.tick(3_000);
    expect(uno.chips.writes).toEqual([]);
    expect(uno.chips.registers.U3[8]).toBe(0x40);

    feed([V.foul('white')]);
    clock.tick(200);
    feed([V.restored('white')]); // restored while lit: the lamp goes off at once
    expect(uno.chips.writes).toEqual(['U3 DIG7=0x50', 'U3 DIG7=0x40']);
  });

  test('a match won at the end of the track: A reaches hole 6 (amber with B), then the track flashes red', async () => {
    const uno = fakeUno();
    await startOn([uno]);
    feed(MATCH_BEFORE_LAST_GAME);
    clock.tick(2_000);
    expect(uno.chips.trackRows()).toEqual([0, 0, 0, 0, 0x40, 0, 0x20, 0x40]);
    uno.chips.clearLog();
    feed(MATCH_LAST_GAME);
    expect(uno.chips.writes).toEqual(['U3 DIG7=0x00', 'U1 DIG4=0x5F', 'U1 DIG0=0x79']); // A: "P  6G  3"
    uno.chips.clearLog();
    clock.tick(100);
    expect(uno.chips.writes).toEqual(['U3 DIG4=0x00', 'U3 DIG5=0x40']);
    uno.chips.clearLog();
    clock.tick(100); // arrived in B's start: both colours there, and the whole track lights red
    expect(uno.chips.writes).toEqual(['U3 DIG0=0x40', 'U3 DIG1=0x40', 'U3 DIG2=0x40', 'U3 DIG3=0x40', 'U3 DIG4=0x40', 'U3 DIG6=0x60']);
    uno.chips.clearLog();
    clock.tick(300);
    expect(uno.chips.writes).toEqual([
      ...[0, 1, 2, 3, 4, 5].map((r) => `U3 DIG${r}=0x00`),
      'U3 DIG6=0x20', // B's marker stays
    ]);
    uno.chips.clearLog();
    clock.tick(500);
    expect(uno.chips.trackRows()).toEqual([0x40, 0x40, 0x40, 0x40, 0x40, 0x40, 0x60, 0x00]);
  });
});

describe('LED scoring board: unplugged and plugged back in', () => {
  test('the port closes, one attempt fails, the next one redraws the board as the match is now', async () => {
    const first = fakeUno();
    const absent = fakeUno();
    const second = fakeUno();
    await startOn([first, absent, second]);
    feed([...CAPTURE_WIN, V.gameStarted(2, 'B')]);
    clock.tick(2_000);
    const before = structuredClone(first.chips.registers);
    expect(before.U3.slice(1, 9)).toEqual([0, 0, 0x40, 0, 0, 0, 0x20, 0x40]);

    first.raw.emit('close');
    expect(service!.display.connected).toBe(false);
    feed([V.move('white')]); // while unplugged: Black to move
    clock.tick(1_000); // retry 1: the port is not there
    await flush();
    absent.raw.emit('error', new Error('Error: No such file or directory, cannot open /dev/ttyACM0'));
    await flush();
    clock.tick(1_000); // backoff doubled: nothing yet
    await flush();
    expect(second.chips.writes).toEqual([]);
    clock.tick(1_000); // retry 2
    await flush();
    second.answer();
    await flush();

    expect(service!.display.connected).toBe(true);
    expect(second.chips.registers).toEqual({ ...before, U3: before.U3.map((r, i) => (i === 8 ? 0x20 : r)) });
    expect(notices.map((n) => n.level)).toEqual(['info', 'warn', 'info']);
    expect(notices[1]!.message).toBe('scoring board on /dev/ttyACM0 lost (/dev/ttyACM0 closed); reconnecting quietly');
    // The dropped io gets no more writes.
    const firstCount = first.digitalWrite.callCount;
    feed([V.move('black')]);
    expect(first.digitalWrite.callCount).toBe(firstCount);
    expect(second.chips.registers.U3[8]).toBe(0x40);
  });

  test('stop blanks the board and leaves no timer and no listener behind', async () => {
    const uno = fakeUno();
    await startOn([uno]);
    feed([V.gameStarted(1), V.foul('white')]);
    uno.chips.clearLog();
    await service!.stop();
    expect(uno.chips.writes).toEqual(['U1 SHUTDOWN=0x00', 'U2 SHUTDOWN=0x00', 'U3 SHUTDOWN=0x00']);
    expect(clock.countTimers()).toBe(0);
    expect(bus.listenerCount('verdict')).toBe(0);
    service = undefined;
  });
});
