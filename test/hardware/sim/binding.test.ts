// Host code opens the sim exactly as it opens hardware: a SerialPortStream on SimBinding.
import { ReadlineParser } from '@serialport/parser-readline';
import { SerialPortStream } from '@serialport/stream';
import sinon from 'sinon';
import { afterEach, describe, expect, it } from 'vitest';
import { formatHostCommand, parseBoardLine, type BoardMessage, type HostCommand } from '../../../src/protocol/index.ts';
import { SimBinding, registerSimBoard, simPath, unregisterSimBoard, type SimBoard } from '../../../src/hardware/sim/index.ts';
import { startedBoard } from './helpers.ts';

interface OpenPort {
  readonly port: SerialPortStream;
  /** Resolves with the next message that satisfies `match` (already received ones included). */
  next(match: (m: BoardMessage) => boolean): Promise<BoardMessage>;
  send(command: HostCommand): void;
}

function openPort(name: string, baudRate = 500_000): OpenPort {
  const port = new SerialPortStream({ binding: SimBinding, path: simPath(name), baudRate });
  const parser = port.pipe(new ReadlineParser({ delimiter: '\r\n', encoding: 'latin1' }));
  const seen: BoardMessage[] = [];
  const waiters: { match: (m: BoardMessage) => boolean; resolve: (m: BoardMessage) => void }[] = [];
  parser.on('data', (line: string) => {
    const parsed = parseBoardLine(line, { cellCount: 44 });
    if (!parsed.ok) return;
    seen.push(parsed.value);
    for (const w of [...waiters])
      if (w.match(parsed.value)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(parsed.value);
      }
  });
  return {
    port,
    next: (match) => {
      const already = seen.find(match);
      if (already) {
        seen.splice(seen.indexOf(already), 1);
        return Promise.resolve(already);
      }
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    send: (c) => port.write(`${formatHostCommand(c)}\r\n`),
  };
}

const closed = (port: SerialPortStream): Promise<Error | null> => new Promise((resolve) => port.once('close', resolve));
const opened = (port: SerialPortStream): Promise<Error | undefined> =>
  new Promise((resolve) => {
    port.once('open', () => resolve(undefined));
    port.once('error', resolve);
  });

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.();
});

function registered(name: string, board: SimBoard): SimBoard {
  registerSimBoard(name, board);
  cleanups.push(() => {
    board.stop();
    unregisterSimBoard(name);
  });
  return board;
}

describe('SimBinding with SerialPortStream', () => {
  it('real timers: HELLO on open, frames after START', async () => {
    registered('real', startedBoard({ clock: 'timers', bootDelayMs: 50 }));
    const host = openPort('real');
    cleanups.push(() => host.port.isOpen && host.port.close());
    expect(await host.next((m) => m.type === 'hello')).toMatchObject({ seq: 0, wellCells: 42 });
    host.send({ type: 'start', seq: 1 });
    expect(await host.next((m) => m.type === 'ack')).toMatchObject({ commandId: 1 });
    const frame = await host.next((m) => m.type === 'frame');
    expect(frame.type === 'frame' && frame.cells.length).toBe(44);
  });

  it('sinon fake timers: the clock runs on clock.tickAsync', async () => {
    // Everything but nextTick and queueMicrotask: vitest's worker talks to the runner through
    // them, and a test that stops them can starve the runner (the sim itself runs either way).
    const clock = sinon.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'Date', 'performance'],
    });
    cleanups.push(() => clock.restore());
    registered('fake', startedBoard({ clock: 'timers' }));
    const host = openPort('fake');
    const hello = host.next((m) => m.type === 'hello');
    await clock.tickAsync(300);
    expect(await hello).toMatchObject({ seq: 0 });
    host.send({ type: 'start', seq: 1 });
    await clock.tickAsync(1000);
    const frames: BoardMessage[] = [];
    for (let i = 0; i < 70; i++) frames.push(await host.next((m) => m.type === 'frame'));
    expect(frames).toHaveLength(70);
    host.port.close();
    await clock.tickAsync(10);
  });

  it('manual clock: list() names the board; open, advance, read', async () => {
    const board = registered('manual', startedBoard());
    expect((await SimBinding.list()).map((p) => p.path)).toContain('sim:manual');
    const host = openPort('manual');
    expect(await opened(host.port)).toBeUndefined();
    board.advance(150);
    expect(await host.next((m) => m.type === 'hello')).toMatchObject({ seq: 0 });
    host.port.close();
    await closed(host.port);
  });

  it('unplug: the port closes as disconnected, opening fails until plugIn; then the board reboots (new boot id)', async () => {
    const board = registered('usb', startedBoard());
    const first = openPort('usb');
    await opened(first.port);
    board.advance(150);
    const hello1 = await first.next((m) => m.type === 'hello');
    const gone = closed(first.port);
    board.unplug();
    const error = await gone;
    expect(error).toMatchObject({ disconnected: true });

    const refused = openPort('usb');
    expect((await opened(refused.port))?.message).toMatch(/unplugged/);

    board.plugIn();
    const second = openPort('usb');
    expect(await opened(second.port)).toBeUndefined();
    board.advance(150);
    const hello2 = await second.next((m) => m.type === 'hello');
    expect(hello2.type === 'hello' && hello1.type === 'hello' && hello2.bootId !== hello1.bootId).toBe(true);
    second.port.close();
    await closed(second.port);
  });

  it('unplug without reboot and no reset on open: the board keeps its state (still streaming, seq goes on)', async () => {
    const board = registered('kept', startedBoard({ resetOnOpen: false }));
    board.advance(150);
    const first = openPort('kept');
    await opened(first.port);
    first.send({ type: 'start', seq: 1 });
    const ack = await first.next((m) => m.type === 'ack');
    board.unplug();
    await closed(first.port);
    board.advance(100);
    board.plugIn({ reboot: false });
    const second = openPort('kept');
    await opened(second.port);
    board.advance(50);
    const frame = await second.next((m) => m.type === 'frame');
    expect(frame.seq).toBeGreaterThan(ack.seq + 1); // frames sent while unplugged were lost
    expect(board.firmware.streaming).toBe(true);
    second.port.close();
    await closed(second.port);
  });

  it('at the wrong baud rate the host reads garbage', async () => {
    const board = registered('baud', startedBoard());
    const port = new SerialPortStream({ binding: SimBinding, path: simPath('baud'), baudRate: 115_200 });
    const chunks: Buffer[] = [];
    port.on('data', (c: Buffer) => chunks.push(c));
    await opened(port);
    board.advance(150);
    await new Promise((resolve) => port.once('data', resolve));
    expect(Buffer.concat(chunks).toString('latin1')).not.toContain('HELLO');
    port.close();
    await closed(port);
  });
});
