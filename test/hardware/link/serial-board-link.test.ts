import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sinon from 'sinon';
import { formatHello, type Frame, type Hello } from '../../../src/protocol/index.ts';
import {
  SerialBoardLink,
  type GapNotice,
  type LinkError,
  type LinkStateChange,
  type RebootNotice,
} from '../../../src/hardware/link/index.ts';
import { MockBinding, ScriptedBoard, type ScriptedBoardOptions } from './scripted-board.ts';

let clock: sinon.SinonFakeTimers;
let link: SerialBoardLink | undefined;

beforeEach(() => {
  MockBinding.reset();
  // setImmediate stays real: the stream machinery under SerialPortStream needs it to move
  // data (faking it stalls every read); the link itself only uses timeouts and intervals.
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});

afterEach(async () => {
  await link?.stop();
  link = undefined;
  clock.restore();
});

interface Seen {
  states: LinkStateChange[];
  frames: Frame[];
  errors: LinkError[];
  gaps: GapNotice[];
  reboots: RebootNotice[];
  reconnected: Hello[];
}

function setUp(boardOptions: ScriptedBoardOptions = {}, path = '/dev/ttyMOCK0') {
  const board = new ScriptedBoard(path, boardOptions);
  const l = new SerialBoardLink({ open: board.opener() });
  link = l;
  const seen: Seen = { states: [], frames: [], errors: [], gaps: [], reboots: [], reconnected: [] };
  l.on('state', (s) => seen.states.push(s));
  l.on('frame', (f) => seen.frames.push(f));
  l.on('error', (e) => seen.errors.push(e));
  l.on('gap', (g) => seen.gaps.push(g));
  l.on('reboot', (r) => seen.reboots.push(r));
  l.on('reconnected', (h) => seen.reconnected.push(h));
  return { board, link: l, seen };
}

const stateNames = (seen: Seen) => seen.states.map((s) => s.state);

describe('SerialBoardLink on MockBinding', () => {
  it('handshakes: boot HELLO, then RATE and START, then ready with the HELLO info', async () => {
    const { board, link, seen } = setUp();
    link.start();
    await clock.tickAsync(1000);
    expect(link.state).toBe('ready');
    expect(stateNames(seen)).toEqual(['connecting', 'ready']);
    const ready = seen.states[1];
    expect(ready?.state === 'ready' && ready.hello.boardId).toBe(0x2a);
    expect(ready?.state === 'ready' && ready.hello.wellCells).toBe(42);
    expect(board.received.map((c) => c.type)).toEqual(['rate', 'start']);
    expect(board.hostLines()).toEqual(['RATE 0000 80*' + board.hostLines()[0]!.slice(-4), 'START 0001*' + board.hostLines()[1]!.slice(-4)]);
    expect(board.streaming).toBe(true);
  });

  it('asks for a HELLO when the boot HELLO was missed, after the bootloader time', async () => {
    const { board, link } = setUp({ bootHelloOnOpen: false });
    link.start();
    await clock.tickAsync(1900);
    expect(board.received).toEqual([]);
    expect(link.state).toBe('connecting');
    await clock.tickAsync(300);
    expect(board.received.map((c) => c.type)).toEqual(['hello', 'rate', 'start']);
    expect(link.state).toBe('ready');
  });

  it('BADVERSION: the link fails with a clear message and does not retry', async () => {
    const { board, link, seen } = setUp({ bootHelloOnOpen: false });
    link.start();
    await clock.tickAsync(10);
    const v1 = formatHello({ ...board.hello, seq: 0 });
    // Same line with protocol 2 and a fresh CRC: build via the codec's CRC.
    const { crc16 } = await import('../../../src/protocol/index.ts');
    const body = v1.slice(0, v1.indexOf('*')).replace('HELLO 0000 1 ', 'HELLO 0000 2 ');
    board.send(`${body}*${crc16(body).toString(16).toUpperCase().padStart(4, '0')}`);
    await clock.tickAsync(10);
    expect(link.state).toBe('failed');
    const failed = seen.states.at(-1);
    expect(failed?.state === 'failed' && failed.message).toMatch(/protocol 2.*host speaks 1/);
    await clock.tickAsync(30_000);
    expect(board.opens).toBe(1);
  });

  it('counts CRC errors, other parse errors by code, and sequence gaps (lines lost)', async () => {
    const { board, link, seen } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.frame(100);
    board.frame(113);
    // The next line is corrupted on the wire: one CRC error; its seq shows up as a gap of 1.
    board.lose(1);
    board.send('FRAME 0007 00000071 -- 00000000000 AAAA*0000');
    board.frame(126);
    board.send('garbage without crc'); // no seq consumed: not a gap
    board.lose(3); // three lines lost outright
    board.frame(139);
    await clock.tickAsync(10);
    const c = link.counters();
    expect(c.frames).toBe(4);
    expect(c.crcErrors).toBe(1);
    expect(c.parseErrors).toEqual({ BADCRC: 1, NOCRC: 1 });
    expect(c.linesLost).toBe(1 + 3);
    expect(seen.gaps.map((g) => g.lostLines)).toEqual([1, 3]);
    expect(seen.errors.filter((e) => e.source === 'parse').map((e) => e.code)).toEqual(['BADCRC', 'NOCRC']);
  });

  it('counts oversize lines and keeps going', async () => {
    const { board, link } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.raw('x'.repeat(5000));
    board.raw('\r\n');
    board.frame(100);
    await clock.tickAsync(10);
    expect(link.counters().oversizeLines).toBe(1);
    expect(link.counters().frames).toBe(1);
  });

  it('commands: ACK resolves, NAK comes back coded, a lost command is re-sent under a new seq', async () => {
    const { board, link } = setUp();
    link.start();
    await clock.tickAsync(1000);
    const acked = await link.command({ type: 'ledclr' });
    expect(acked.ok).toBe(true);

    board.nak.set('led', 'NOLEDS');
    const naked = await link.command({ type: 'led', well: 3, rgb: 0xff0000 });
    expect(naked).toEqual({ ok: false, error: expect.objectContaining({ code: 'NAK', boardCode: 'NOLEDS' }) });

    board.dropNext = 1;
    const retried = link.command({ type: 'ping' });
    await clock.tickAsync(250);
    const r = await retried;
    expect(r.ok && r.value.attempts).toBe(2);
    const pings = board.received.filter((c) => c.type === 'ping');
    expect(pings).toHaveLength(2);
    expect(pings[1]!.seq).not.toBe(pings[0]!.seq);
    expect(link.counters().commandRetries).toBe(1);
  });

  it('commands: time out after N tries; at most 2 in flight', async () => {
    const { board, link } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.mute = true;
    const before = board.received.length;
    const results = [link.command({ type: 'ledclr' }), link.command({ type: 'ledclr' }), link.command({ type: 'ledclr' })];
    await clock.tickAsync(1);
    expect(board.received.length - before).toBe(2);
    await clock.tickAsync(1000);
    const first = await results[0]!;
    expect(first).toEqual({ ok: false, error: expect.objectContaining({ code: 'TIMEOUT' }) });
    await clock.tickAsync(1000);
    for (const r of await Promise.all(results)) expect(r.ok).toBe(false);
    expect(link.counters().commandFailures).toBeGreaterThanOrEqual(3);
  });

  it('watchdog: pings an idle board; no line for 2 s → stalled; a line → ready again', async () => {
    const { board, link, seen } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.streaming = false;
    const before = board.received.length;
    await clock.tickAsync(1300);
    expect(board.received.slice(before).map((c) => c.type)).toContain('ping');
    expect(link.state).toBe('ready'); // the pings are answered: alive
    board.mute = true;
    await clock.tickAsync(2500);
    expect(link.state).toBe('stalled');
    board.mute = false;
    board.frame(5000);
    await clock.tickAsync(10);
    expect(link.state).toBe('ready');
    expect(stateNames(seen)).toEqual(['connecting', 'ready', 'stalled', 'ready']);
  });

  it('port closed → lost → reconnect with exponential backoff → ready; reconnected + gap, no duplicate frames', async () => {
    const { board, link, seen } = setUp({ bootHelloOnOpen: false });
    link.start();
    await clock.tickAsync(2500);
    expect(link.state).toBe('ready');
    board.frame(1000);
    board.frame(1013);
    await clock.tickAsync(5);

    // Pulled, and the port is gone for a while: opening fails until it comes back.
    board.unplug();
    MockBinding.reset();
    await clock.tickAsync(5);
    expect(link.state).toBe('lost');
    const stateLog = seen.states.length;
    await clock.tickAsync(250 + 500 + 1000 + 10);
    const retries = seen.states.slice(stateLog).filter((s) => s.state === 'connecting').length;
    expect(retries).toBe(3); // after 250, 500 and 1000 ms

    // Back: same board, same boot (not reset). It repeats an old frame, then new ones.
    MockBinding.createPort(board.path, { echo: false, record: true });
    await clock.tickAsync(2000 + 2500);
    expect(link.state).toBe('ready');
    expect(seen.reconnected).toHaveLength(1);
    expect(seen.gaps.at(-1)).toMatchObject({ reason: 'reconnect', lastFrameMs: 1013 });
    board.frame(1013);
    board.frame(1026);
    await clock.tickAsync(5);
    expect(seen.frames.map((f) => f.ms)).toEqual([1000, 1013, 1026]);
    expect(link.counters().duplicateFrames).toBe(1);
    expect(link.counters().reconnects).toBe(1);
    expect(seen.reboots).toEqual([]);
  });

  it('the backoff is capped and reset after a success', async () => {
    const { board, link, seen } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.unplug();
    MockBinding.reset();
    await clock.tickAsync(5);
    const log: number[] = [];
    link.on('state', (s) => {
      if (s.state === 'connecting') log.push(Date.now());
    });
    await clock.tickAsync(60_000);
    const gaps = log.slice(1).map((t, i) => t - log[i]!);
    expect(gaps.slice(0, 5)).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(Math.max(...gaps)).toBe(8000);
    void seen;
  });

  it('reboot detection: a HELLO with a new boot id → reboot event, gap, configuration re-sent', async () => {
    const { board, link, seen } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.frame(50_000);
    board.reboot();
    await clock.tickAsync(50);
    expect(seen.reboots).toHaveLength(1);
    expect(seen.reboots[0]).toMatchObject({ previousBootId: 0xdeadbeef, boardChanged: false });
    expect(seen.gaps.at(-1)?.reason).toBe('reboot');
    expect(board.received.map((c) => c.type)).toEqual(['rate', 'start', 'rate', 'start']);
    expect(board.streaming).toBe(true);
    expect(link.state).toBe('ready');
    // After a reboot board time starts over: an early timestamp of the new boot is delivered.
    board.frame(300);
    await clock.tickAsync(5);
    expect(seen.frames.map((f) => f.ms)).toEqual([50_000, 300]);
    expect(link.counters().reboots).toBe(1);
    expect(link.counters().linesLost).toBe(0);
  });

  it('a reboot whose HELLO was lost: frames stop while pings are answered, so the link asks for the HELLO and configures the board again', async () => {
    const { board, link, seen } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.frame(50_000);
    board.rebootLosingHello();
    // The rebooted board answers pings but streams nothing until told.
    await clock.tickAsync(1500);
    expect(seen.reboots).toEqual([]);
    await clock.tickAsync(1500);
    expect(seen.reboots).toHaveLength(1);
    expect(seen.reboots[0]).toMatchObject({ previousBootId: 0xdeadbeef, boardChanged: false });
    expect(board.received.map((c) => c.type).filter((t) => t !== 'ping')).toEqual(['rate', 'start', 'hello', 'rate', 'start']);
    expect(board.streaming).toBe(true);
    expect(link.state).toBe('ready');
    // A board that streams on answers no HELLO request.
    for (let t = 0; t < 400; t++) {
      board.frame(1000 + t * 12);
      await clock.tickAsync(12);
    }
    expect(board.received.filter((c) => c.type === 'hello')).toHaveLength(1);
  });

  it('a Mega reset by the reopen: reconnected, reboot, and the gap says reboot', async () => {
    const { board, link, seen } = setUp({ rebootOnOpen: true });
    link.start();
    await clock.tickAsync(1000);
    board.unplug();
    await clock.tickAsync(1000);
    expect(link.state).toBe('ready');
    expect(seen.reboots).toHaveLength(1);
    expect(seen.reconnected).toHaveLength(1);
    expect(seen.gaps.at(-1)?.reason).toBe('reboot');
  });

  it('board ERR lines are counted and reported with their argument', async () => {
    const { board, link, seen } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.error('SENSOR', 17);
    await clock.tickAsync(5);
    expect(link.counters().boardErrors).toEqual({ SENSOR: 1 });
    expect(seen.errors.at(-1)).toMatchObject({ source: 'board', code: 'SENSOR', arg: 17 });
  });

  it('stop() closes the port, clears its timers and fails pending commands', async () => {
    const { board, link } = setUp();
    link.start();
    await clock.tickAsync(1000);
    board.mute = true;
    const pending = link.command({ type: 'ping' });
    await link.stop();
    expect(await pending).toEqual({ ok: false, error: expect.objectContaining({ code: 'STOPPED' }) });
    expect(link.state).toBe('stopped');
    expect(board.port?.isOpen).toBe(false);
    expect(clock.countTimers()).toBe(0);
  });

  it('finds the board by USB id and names what it found when nothing matches', async () => {
    const { findBoardPort } = await import('../../../src/hardware/link/index.ts');
    MockBinding.createPort('/dev/ttyS0', { vendorId: undefined });
    MockBinding.createPort('/dev/ttyUSB3', { vendorId: '1a86', productId: '7523' });
    const found = await findBoardPort(MockBinding);
    expect(found.ok && found.value.path).toBe('/dev/ttyUSB3');
    MockBinding.reset();
    MockBinding.createPort('/dev/ttyS0', { manufacturer: 'Intel' });
    MockBinding.createPort('/dev/ttyACM0', { vendorId: '1234', productId: '5678', manufacturer: 'Other' });
    const none = await findBoardPort(MockBinding);
    expect(none.ok).toBe(false);
    expect(!none.ok && none.error.message).toMatch(
      /no Arduino-like port.*found: only \/dev\/ttyS0 \(no USB id\) Intel; \/dev\/ttyACM0 1234:5678 Other/,
    );
  });
});
