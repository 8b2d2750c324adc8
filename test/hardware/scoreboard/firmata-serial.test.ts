/**
 * The LED board on the real io path: firmata-io's `Firmata` over a serialport 13 stream
 * (the default io factory, with a serialport mock port in place of the tty), talking to a
 * fake StandardFirmata Uno (fake-standard-firmata.ts) whose output pins drive three
 * emulated MAX7219s. What the MockFirmata tests (led-scoreboard.test.ts) check on the io,
 * this checks through the Firmata protocol bytes: the same register writes must latch.
 *
 * setTimeout/setInterval/Date are sinon fake timers (the animator, the backoff, firmata-io's
 * version timeout); nextTick, setImmediate and promises stay real, so the serial streams run.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import five from 'johnny-five';
import type sinon from 'sinon';
import { SerialPortMock } from 'serialport';
import { EventBus } from '../../../src/app/event-bus.ts';
import { createScoreboardService, type ScoreboardService } from '../../../src/app/scoreboard/index.ts';
import { firmataOver } from '../../../src/hardware/scoreboard/index.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { FakeStandardFirmata, FIRMATA, PIN_MODE } from './fake-standard-firmata.ts';
import { fakeClock, fakeUno, flush, V } from './harness.ts';
import { Max7219Emulator } from './max7219-emulator.ts';
import { CAPTURE_WIN } from './sequences.ts';

const PATH = '/dev/ttyACM0';
const TIMING = { stepMs: 100, blinkMs: 500 };
let clock: sinon.SinonFakeTimers;
let bus: EventBus;
let notices: { level: string; message: string }[];
let services: ScoreboardService[];

beforeEach(() => {
  clock = fakeClock();
  bus = new EventBus();
  notices = [];
  services = [];
  bus.on('notice', {}, (n) => notices.push(n));
  SerialPortMock.binding.reset();
});

afterEach(async () => {
  for (const s of services) await s.stop();
  clock.restore();
  SerialPortMock.binding.reset();
});

/** A fake Uno whose output pins feed a fresh set of MAX7219s; `replug` swaps in a new set (power cycle). */
function serialUno(options: ConstructorParameters<typeof FakeStandardFirmata>[1] = {}) {
  const board = new FakeStandardFirmata(PATH, options);
  const uno = {
    board,
    chips: new Max7219Emulator(),
    plugIn() {
      const chips = new Max7219Emulator();
      uno.chips = chips;
      board.onPinChange = (pin, level) => chips.digitalWrite(pin, level);
      board.plugIn();
    },
  };
  uno.plugIn();
  return uno;
}

/** The service as the referee builds it, with the default io construction on the mock port. */
function serialService(board: FakeStandardFirmata, readyTimeoutMs?: number): ScoreboardService {
  const service = createScoreboardService({
    bus,
    trackLength: 6,
    port: PATH,
    timing: TIMING,
    backoff: { initialMs: 1_000, maxMs: 8_000 },
    createIo: firmataOver(board.open),
    ...(readyTimeoutMs !== undefined ? { readyTimeoutMs } : {}),
  });
  services.push(service);
  return service;
}

/** Runs real immediates until `done()` has held for a few rounds in a row (bounded). */
async function until(done: () => boolean, what: string): Promise<void> {
  let held = 0;
  for (let i = 0; i < 20_000; i++) {
    await new Promise<void>((r) => setImmediate(r));
    held = done() ? held + 1 : 0;
    if (held >= 5) return;
  }
  throw new Error(`never happened: ${what}`);
}

/** Waits until every byte the host queued has been written and decoded by the board. */
const settle = (board: FakeStandardFirmata) => until(() => board.idle, 'the serial line goes quiet');

async function startConnected(service: ScoreboardService, board: FakeStandardFirmata): Promise<void> {
  await service.start();
  await until(() => service.display.connected && board.idle, 'the board is connected and drawn');
}

const feed = (vs: readonly Verdict[]) => vs.forEach((v) => bus.emit('verdict', v));
/** johnny-five's module-wide list of every Board made and not forgotten. */
const boardCache = () => (five.Board as unknown as { readonly cache: unknown[] }).cache;

/** What johnny-five writes when it sets a MAX7219 up, then a blank frame (led-scoreboard.test.ts). */
const init = (chip: string) => [
  ...(chip === 'U3' ? [`${chip} DECODE=0x00`] : []),
  `${chip} INTENSITY=0x03`,
  `${chip} SCANLIMIT=0x07`,
  `${chip} SHUTDOWN=0x01`,
  `${chip} TEST=0x00`,
  ...Array.from({ length: 8 }, (_, i) => `${chip} DIG${i}=0x00`),
  `${chip} SHUTDOWN=0x01`,
];
const START_OF_MATCH = [
  ...init('U1'),
  ...init('U2'),
  ...init('U3'),
  'U3 DIG0=0x40',
  'U3 DIG6=0x20',
  ...['U1', 'U2'].flatMap((u) => [`${u} DIG7=0x67`, `${u} DIG4=0x7E`, `${u} DIG3=0x5E`, `${u} DIG0=0x7E`]),
];

describe('LED scoring board over firmata-io and a serial port', () => {
  test('the StandardFirmata handshake makes the board ready; it is set up and drawn through Firmata bytes', async () => {
    const uno = serialUno();
    const service = serialService(uno.board);
    await startConnected(service, uno.board);

    expect(notices).toEqual([{ level: 'info', message: 'scoring board on /dev/ttyACM0 connected' }]);
    expect(uno.board.boots).toBe(1);
    const sysexQueries = uno.board.received.flatMap((m) => (m.kind === 'sysex' ? [m.command] : []));
    expect(sysexQueries).toEqual([FIRMATA.CAPABILITY_QUERY, FIRMATA.ANALOG_MAPPING_QUERY]); // the board announced itself
    const modes = uno.board.received.flatMap((m) => (m.kind === 'pin-mode' ? [[m.pin, m.mode]] : []));
    expect(new Set(modes.map(([pin]) => pin))).toEqual(new Set([9, 10, 11, 12]));
    expect(modes.every(([, mode]) => mode === PIN_MODE.OUTPUT)).toBe(true);
    expect(uno.board.received.filter((m) => m.kind === 'stray')).toEqual([]);
    // Every pin write went out as a DIGITAL_MESSAGE for port 1 (D8–D15).
    expect(uno.board.received.filter((m) => m.kind === 'digital-port' && m.port !== 1)).toEqual([]);
    expect(uno.chips.writes).toEqual(START_OF_MATCH);
  });

  test('a board that does not announce itself is asked (REPORT_VERSION, REPORT_FIRMWARE) after firmata-io waits 5 s', async () => {
    const uno = serialUno({ announce: false });
    const service = serialService(uno.board);
    await service.start();
    await until(() => uno.board.boots === 1, 'the board boots');
    await flush(20);
    expect(service.display.connected).toBe(false);
    expect(uno.board.received).toEqual([]);
    clock.tick(5_000);
    await until(() => service.display.connected && uno.board.idle, 'the board is connected and drawn');
    expect(uno.board.received.slice(0, 4)).toEqual([
      { kind: 'report-version' },
      { kind: 'sysex', command: FIRMATA.REPORT_FIRMWARE, data: [] },
      { kind: 'sysex', command: FIRMATA.CAPABILITY_QUERY, data: [] },
      { kind: 'sysex', command: FIRMATA.ANALOG_MAPPING_QUERY, data: [] },
    ]);
    expect(uno.chips.writes).toEqual(START_OF_MATCH);
  });

  test('a port that never answers like StandardFirmata is closed on the timeout, so the retry can open it again', async () => {
    const uno = serialUno();
    uno.board.silent = true;
    const service = serialService(uno.board, 3_000);
    await service.start();
    await until(() => uno.board.boots === 1, 'the port opens');
    const firstHost = uno.board.host!;
    clock.tick(3_000);
    await until(() => !firstHost.isOpen, 'the silent port is closed');
    expect(notices).toEqual([
      {
        level: 'warn',
        message:
          'no scoring board on /dev/ttyACM0 (no StandardFirmata answer on /dev/ttyACM0 within 3000 ms); the referee runs on without it and keeps looking',
      },
    ]);
    uno.board.silent = false; // the next attempt finds it answering (an unclosed port would be locked)
    clock.tick(1_000);
    await until(() => service.display.connected && uno.board.idle, 'connected on the retry');
    expect(uno.board.boots).toBe(2);
    expect(uno.chips.writes).toEqual(START_OF_MATCH);
  });

  test('a capture win latches the same MAX7219 writes as on MockFirmata, step by step', async () => {
    const uno = serialUno();
    const twin = fakeUno(); // the MockFirmata path, fed the same verdicts on the same clock
    const service = serialService(uno.board);
    const mockService = createScoreboardService({ bus, trackLength: 6, port: '/dev/ttyMOCK', timing: TIMING, createIo: () => twin.io });
    services.push(mockService);
    await mockService.start();
    await flush();
    twin.answer();
    await startConnected(service, uno.board);
    expect(uno.chips.writes).toEqual(twin.chips.writes);

    const step = async (expected: string[], act: () => void) => {
      uno.chips.clearLog();
      twin.chips.clearLog();
      act();
      await settle(uno.board);
      expect(uno.chips.writes).toEqual(expected);
      expect(uno.chips.writes).toEqual(twin.chips.writes);
    };
    await step(['U3 DIG7=0x40', 'U3 DIG7=0x20', 'U3 DIG7=0x40', 'U3 DIG7=0x00', 'U1 DIG4=0x6D', 'U1 DIG0=0x30'], () => feed(CAPTURE_WIN));
    await step(['U3 DIG0=0x00', 'U3 DIG1=0x40'], () => clock.tick(100));
    await step(['U3 DIG1=0x00', 'U3 DIG2=0x40'], () => clock.tick(100));
    await step(['U3 DIG2=0x00'], () => clock.tick(300)); // the winner's marker blinks
    await step(['U3 DIG2=0x40'], () => clock.tick(500));
    await step(['U3 DIG7=0x40'], () => (clock.tick(250), feed([V.gameStarted(2, 'B')])));
    await step([], () => clock.tick(5_000));
    expect(uno.chips.trackRows()).toEqual([0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x20, 0x40]);
    expect(uno.chips.registers).toEqual(twin.chips.registers);
  });

  test('unplugged while idle, then plugged back in: one lost notice, a failed retry, a full redraw as the match is now', async () => {
    const uno = serialUno();
    const service = serialService(uno.board);
    await startConnected(service, uno.board);
    feed([...CAPTURE_WIN, V.gameStarted(2, 'B')]);
    clock.tick(2_000);
    await settle(uno.board);
    const before = structuredClone(uno.chips.registers);
    expect(before.U3.slice(1, 9)).toEqual([0, 0, 0x40, 0, 0, 0, 0x20, 0x40]);
    const firstHost = uno.board.host!;
    const firstChips = uno.chips;

    await uno.board.unplug('idle');
    await until(() => !service.display.connected, 'the loss is seen');
    expect(firstHost.isOpen).toBe(false);
    expect(notices.map((n) => n.level)).toEqual(['info', 'warn']);
    expect(notices[1]!.message).toBe('scoring board on /dev/ttyACM0 lost (/dev/ttyACM0 closed); reconnecting quietly');

    feed([V.move('white')]); // while unplugged: Black to move
    clock.tick(1_000); // retry 1: the port is not there
    await until(() => uno.board.opens === 2, 'retry 1');
    await flush(20);
    clock.tick(1_000); // backoff doubled: nothing yet
    await flush(20);
    expect(uno.board.opens).toBe(2);
    expect(notices).toHaveLength(2); // retries are quiet

    uno.plugIn(); // a new port at the same path, a power-cycled Uno and MAX7219s
    clock.tick(1_000); // retry 2
    await until(() => service.display.connected && uno.board.idle, 'reconnected and redrawn');
    expect(uno.board.boots).toBe(2);
    expect(boardCache().length).toBe(1); // the dead connection's Board is not kept
    expect(uno.chips.registers).toEqual({ ...before, U3: before.U3.map((r, i) => (i === 8 ? 0x20 : r)) });
    expect(notices.map((n) => n.level)).toEqual(['info', 'warn', 'info']);

    const oldWrites = firstChips.writes.length;
    feed([V.move('black')]);
    await settle(uno.board);
    expect(uno.chips.registers.U3[8]).toBe(0x40);
    expect(firstChips.writes).toHaveLength(oldWrites); // the old connection hears nothing more
  });

  test('unplugged in the middle of a write (EIO): lost, then redrawn on the next board', async () => {
    const uno = serialUno();
    const service = serialService(uno.board);
    await startConnected(service, uno.board);
    feed([V.gameStarted(1)]);
    await settle(uno.board);
    expect(uno.chips.registers.U3[8]).toBe(0x40);

    await uno.board.unplug('mid-write');
    feed([V.move('white')]); // the write of Black's lamp fails
    await until(() => !service.display.connected, 'the loss is seen');
    expect(notices.map((n) => n.level)).toEqual(['info', 'warn']);
    expect(notices[1]!.message).toMatch(/^scoring board on \/dev\/ttyACM0 lost \(.+\); reconnecting quietly$/);

    uno.plugIn();
    clock.tick(1_000);
    await until(() => service.display.connected && uno.board.idle, 'reconnected and redrawn');
    expect(uno.chips.trackRows()).toEqual([0x40, 0, 0, 0, 0, 0, 0x20, 0x20]);
    expect(uno.chips.registers.U1.slice(1, 9)).toEqual([0x7e, 0, 0, 0x5e, 0x7e, 0, 0, 0x67]);
  });

  test('stop blanks all three chips over the wire before the port closes, and leaves no timer behind', async () => {
    // A wire where each write takes a few turns: the blanking is ~100 Firmata messages, most
    // of them still queued in the stream when stop() asks for a drain.
    const uno = serialUno({ writeTurns: 3 });
    const service = serialService(uno.board);
    await startConnected(service, uno.board);
    feed([V.gameStarted(1), V.foul('white')]);
    await settle(uno.board);
    uno.chips.clearLog();
    const host = uno.board.host!;
    await service.stop();
    services = [];
    expect(uno.chips.writes).toEqual(['U1 SHUTDOWN=0x00', 'U2 SHUTDOWN=0x00', 'U3 SHUTDOWN=0x00']);
    await until(() => !host.isOpen, 'the port is closed');
    expect(clock.countTimers()).toBe(0);
    expect(boardCache().length).toBe(0);
  });
});
