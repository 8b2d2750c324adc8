/** The service's connection behaviour, on the recording double and on 'auto' port lookup. */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type sinon from 'sinon';
import { EventBus } from '../../../src/app/event-bus.ts';
import { createScoreboardService, retryDelayMs, ScoreboardService } from '../../../src/app/scoreboard/index.ts';
import { RecordingScoreboard } from '../../support/recording-scoreboard.ts';
import type { SerialPortListing } from '../../../src/hardware/scoreboard/find-uno.ts';
import { fakeClock, fakeUno, flush, V } from '../../hardware/scoreboard/harness.ts';

let clock: sinon.SinonFakeTimers;
let bus: EventBus;
let notices: { level: string; message: string }[];

beforeEach(() => {
  clock = fakeClock();
  bus = new EventBus();
  notices = [];
  bus.on('notice', {}, (n) => notices.push(n));
});
afterEach(() => clock.restore());

/** Advances fake time in steps, letting the async reconnect run between them. */
async function run(ms: number, step = 500) {
  for (let t = 0; t < ms; t += step) {
    clock.tick(step);
    await flush(3);
  }
}

test('no scoring board: the referee runs on, says so once, then keeps trying quietly with backoff', async () => {
  const display = new RecordingScoreboard();
  display.refuseWith = 'no Arduino Uno among the serial ports';
  const service = new ScoreboardService({ bus, trackLength: 6, display, backoff: { initialMs: 1_000, maxMs: 8_000 } });
  await service.start(); // does not wait for the board
  await flush();
  expect(notices).toEqual([
    {
      level: 'warn',
      message: 'no recording scoring board (no Arduino Uno among the serial ports); the referee runs on without it and keeps looking',
    },
  ]);
  bus.emit('verdict', V.gameStarted(1)); // verdicts are taken while the board is away
  await run(60_000);
  // 1 + retries at 1, 3, 7, 15, 23, 31, 39, 47, 55 s
  expect(display.openAttempts).toBe(10);
  expect(notices).toHaveLength(1);

  display.refuseWith = undefined; // plugged in
  await run(8_000);
  expect(notices.slice(1)).toEqual([{ level: 'info', message: 'recording scoring board connected' }]);
  expect(display.frames.at(-1)?.lamps.white).toBe(true); // redrawn as the match is now
  await service.stop();
  expect(clock.countTimers()).toBe(0);
});

test('a board lost twice is reported once per loss, not once per retry', async () => {
  const display = new RecordingScoreboard();
  const service = new ScoreboardService({ bus, trackLength: 6, display });
  await service.start();
  await flush();
  for (let i = 0; i < 2; i++) {
    display.unplug();
    display.refuseWith = 'gone';
    await run(20_000);
    display.refuseWith = undefined;
    await run(20_000);
  }
  expect(notices.map((n) => n.level)).toEqual(['info', 'warn', 'info', 'warn', 'info']);
  await service.stop();
});

test("port 'auto' finds the Uno by USB id once it appears", async () => {
  let ports: SerialPortListing[] = [{ path: '/dev/ttyS0' }];
  const uno = fakeUno();
  const paths: string[] = [];
  const service = createScoreboardService({
    bus,
    trackLength: 6,
    port: 'auto',
    listPorts: async () => ports,
    createIo: (path) => (paths.push(path), uno.io),
  });
  await service.start();
  await flush();
  expect(notices[0]?.message).toBe(
    'no scoring board (no Arduino Uno among the serial ports); the referee runs on without it and keeps looking',
  );
  ports = [{ path: '/dev/ttyS0' }, { path: '/dev/ttyUSB0', vendorId: '1A86', productId: '7523' }];
  await run(1_000);
  uno.answer();
  await flush();
  expect(paths).toEqual(['/dev/ttyUSB0']);
  expect(service.display.connected).toBe(true);
  expect(notices.at(-1)).toEqual({ level: 'info', message: 'scoring board on /dev/ttyUSB0 connected' });
  await service.stop();
});

test('a port that never answers like StandardFirmata times out and is retried', async () => {
  const silent = fakeUno();
  const service = createScoreboardService({ bus, trackLength: 6, port: '/dev/ttyACM0', readyTimeoutMs: 3_000, createIo: () => silent.io });
  await service.start();
  await run(3_000);
  expect(notices).toEqual([
    {
      level: 'warn',
      message:
        'no scoring board on /dev/ttyACM0 (no StandardFirmata answer on /dev/ttyACM0 within 3000 ms); the referee runs on without it and keeps looking',
    },
  ]);
  await service.stop();
  expect(clock.countTimers()).toBe(0);
});

test('backoff doubles up to its ceiling', () => {
  const b = { initialMs: 1_000, maxMs: 30_000 };
  expect([1, 2, 3, 4, 5, 6, 7, 50].map((f) => retryDelayMs(f, b))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
});

test('a track longer than the LED board fills its 13 holes (the digits keep the points); the virtual board draws it whole', async () => {
  const uno = fakeUno();
  const led = createScoreboardService({ bus, trackLength: 30, port: '/dev/ttyACM0', readyTimeoutMs: 3_000, createIo: () => uno.io });
  await led.start();
  expect(led.current?.trackLength).toBe(13);
  await led.stop();
  const virtual = createScoreboardService({ bus, trackLength: 30, display: 'virtual' });
  await virtual.start();
  expect(virtual.current?.trackLength).toBe(30);
  await virtual.stop();
});

test('a journal that cannot write blinks the foul and crash lamps in turn until it recovers', async () => {
  const display = new RecordingScoreboard();
  const service = new ScoreboardService({ bus, trackLength: 6, display });
  await service.start();
  await flush();
  bus.emit('verdict', V.gameStarted(1));
  bus.emit('storage', { kind: 'write-failed', message: 'ENOSPC', pendingLines: 3 });
  const lit = display.frames.at(-1)!.lamps;
  expect([lit.foul, lit.crash, lit.white]).toEqual([true, false, true]);
  await run(500, 500);
  const next = display.frames.at(-1)!.lamps;
  expect([next.foul, next.crash]).toEqual([false, true]);
  bus.emit('storage', { kind: 'recovered', message: 'written', writtenLines: 3 });
  const calm = display.frames.at(-1)!.lamps;
  expect([calm.foul, calm.crash, calm.white]).toEqual([false, false, true]);
  await service.stop();
});

test('a resumed match starts from the picture its earlier verdicts made: score, games and whose turn', async () => {
  const display = new RecordingScoreboard();
  const history = [
    V.gameStarted(1),
    V.move('white'),
    V.gameOver(1, 'white', 'A', 2, { A: 2, B: 0 }),
    V.gameStarted(2, 'B'),
    V.move('white'),
  ];
  const service = new ScoreboardService({ bus, trackLength: 6, display, history });
  await service.start();
  await flush();
  expect(service.current).toMatchObject({ points: { A: 2, B: 0 }, games: { A: 1, B: 0 }, turn: 'black' });
  expect(display.frames.at(-1)?.digits).toEqual({ A: { points: 2, count: 1 }, B: { points: 0, count: 0 } });
  await service.stop();
});
