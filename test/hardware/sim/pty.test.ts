// The sim on a socat pty, with a real SerialPort on the other end; and `senryaku sim --pty`.
import { skipWithout } from '../../system-tools.ts';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ReadlineParser } from '@serialport/parser-readline';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { formatHostCommand, parseBoardLine, type BoardMessage } from '../../../src/protocol/index.ts';
import { SimPty } from '../../../src/hardware/sim/index.ts';
import { runSim } from '../../../src/cli/commands/sim.ts';
import { main } from '../../../src/cli/main.ts';
import { startedBoard } from './helpers.ts';
import { until } from '../../wait.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** Opens the host end; every message is kept, next() resolves with the first unclaimed match. */
async function hostOn(path: string) {
  const port = new SerialPort({ path, baudRate: 500_000, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
  cleanups.push(() => new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve())));
  const seen: BoardMessage[] = [];
  const waiters: { match: (m: BoardMessage) => boolean; resolve: (m: BoardMessage) => void }[] = [];
  port.pipe(new ReadlineParser({ delimiter: '\r\n', encoding: 'latin1' })).on('data', (line: string) => {
    const parsed = parseBoardLine(line, { cellCount: 44 });
    if (!parsed.ok) return;
    const waiter = waiters.find((w) => w.match(parsed.value));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(parsed.value);
    } else seen.push(parsed.value);
  });
  const next = (match: (m: BoardMessage) => boolean): Promise<BoardMessage> => {
    const already = seen.find(match);
    if (already) {
      seen.splice(seen.indexOf(already), 1);
      return Promise.resolve(already);
    }
    return new Promise((resolve) => waiters.push({ match, resolve }));
  };
  return { port, next, send: (text: string) => port.write(`${text}\r\n`) };
}

const noSocat = skipWithout('socat', 'socat');

/** A booting sim board on a fresh pty, both stopped after the test. */
async function startedPty() {
  const board = startedBoard({ clock: 'timers', bootDelayMs: 50 });
  const pty = new SimPty(board);
  cleanups.push(() => board.stop());
  cleanups.push(() => pty.stop());
  const started = await pty.start();
  if (!started.ok) throw new Error(started.error.message);
  return { pty, started };
}

describe('SimPty', () => {
  it.skipIf(noSocat)('a real SerialPort on the host end gets HELLO, ACKs and frames; stop() ends socat and removes the links', async () => {
    const { pty, started } = await startedPty();
    expect(existsSync(started.value)).toBe(true);
    const host = await hostOn(started.value);
    // The boot HELLO waited in the pty for us; commands sent while the board boots would be lost.
    expect(await host.next((m) => m.type === 'hello')).toMatchObject({ seq: 0 });
    const hello = host.next((m) => m.type === 'hello'); // the answer to our HELLO
    host.send(formatHostCommand({ type: 'hello', seq: 1 }));
    expect(await hello).toMatchObject({ wellCells: 42, pivotCells: 2 });
    const frame = host.next((m) => m.type === 'frame');
    host.send(formatHostCommand({ type: 'start', seq: 2 }));
    expect(await frame).toMatchObject({ type: 'frame' });
    await pty.stop();
    expect(existsSync(dirname(started.value))).toBe(false);
  });

  it.skipIf(noSocat)(
    'a HELLO the board sent before the host opened the port still reaches the host (the native open flushes what is already in a pty)',
    async () => {
      const { started } = await startedPty();
      await new Promise((resolve) => setTimeout(resolve, 400)); // the board has booted and said HELLO
      const host = await hostOn(started.value);
      const hello = await Promise.race([
        host.next((m) => m.type === 'hello'),
        new Promise((resolve) => setTimeout(() => resolve('nothing within 3 s'), 3000)),
      ]);
      expect(hello).toMatchObject({ type: 'hello', seq: 0 });
    },
  );

  it.skipIf(noSocat)(
    'a pty whose next pair cannot be made ends, and `ended` says why (rather than a board left with no port)',
    async () => {
      // A socat that runs once: the second pair fails.
      const dir = mkdtempSync(join(tmpdir(), 'senryaku-socat-once-'));
      const once = join(dir, 'socat');
      writeFileSync(
        once,
        `#!/bin/sh\nif [ -e "${dir}/ran" ]; then echo 'no more ptys' >&2; exit 3; fi\ntouch "${dir}/ran"\nexec socat "$@"\n`,
        {
          mode: 0o755,
        },
      );
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const board = startedBoard({ clock: 'timers', bootDelayMs: 50 });
      const pty = new SimPty(board, { socatPath: once });
      cleanups.push(() => board.stop());
      cleanups.push(() => pty.stop());
      const started = await pty.start();
      if (!started.ok) throw new Error(started.error.message);
      const host = await hostOn(started.value);
      await host.next((m) => m.type === 'hello');
      await new Promise<void>((resolve) => host.port.close(() => resolve()));
      expect(await pty.ended).toMatchObject({ why: 'failed', error: { code: 'SocatFailed', message: /no more ptys/ } });
      expect(pty.path).toBeUndefined();
      expect(existsSync(dirname(started.value))).toBe(false);
    },
  );

  it('a missing socat is a SocatMissing error, and nothing is left behind', async () => {
    const board = startedBoard();
    cleanups.push(() => board.stop());
    const pty = new SimPty(board, { socatPath: '/nonexistent/socat' });
    const started = await pty.start();
    expect(started.ok ? 'ok' : started.error.code).toBe('SocatMissing');
    expect(pty.path).toBeUndefined();
  });
});

describe('senryaku sim', () => {
  it.skipIf(noSocat)('--pty prints one "pty: PATH" line, serves a host there, and stops cleanly on the signal', async () => {
    const controller = new AbortController();
    const out: string[] = [];
    const printed = new Promise<string>((resolve) => {
      const io = { out: (l: string) => (out.push(l), resolve(l)), err: (l: string) => out.push(l) };
      const done = runSim(['--pty', '--seed', '7'], io, controller.signal);
      cleanups.push(async () => {
        controller.abort();
        await done;
      });
    });
    const line = await printed;
    expect(line).toMatch(/^pty: \/.*senryaku-sim-.*\/board$/);
    const host = await hostOn(line.slice('pty: '.length));
    await host.next((m) => m.type === 'hello');
    const ack = host.next((m) => m.type === 'ack');
    host.send(formatHostCommand({ type: 'ping', seq: 5 }));
    expect(await ack).toMatchObject({ commandId: 5 });
  });

  it.skipIf(noSocat)(
    '--pty serves one host after another at the same path (board info, then referee --port), each close said',
    async () => {
      const controller = new AbortController();
      const err: string[] = [];
      const printed = new Promise<string>((resolve) => {
        const io = { out: (l: string) => resolve(l), err: (l: string) => err.push(l) };
        const done = runSim(['--pty', '--seed', '7'], io, controller.signal);
        cleanups.push(async () => {
          controller.abort();
          await done;
        });
      });
      const path = (await printed).slice('pty: '.length);
      for (const seq of [1, 2, 3]) {
        // The next host may open once the pair is made again (the close is said then).
        await until(`the pty ready for host ${seq}`, () => err.length === seq - 1 && existsSync(path));
        const host = await hostOn(path);
        const ack = host.next((m) => m.type === 'ack');
        host.send(formatHostCommand({ type: 'ping', seq }));
        expect(await ack).toMatchObject({ commandId: seq });
        await new Promise<void>((resolve) => host.port.close(() => resolve()));
      }
      await until('the last close said', () => err.length === 3);
      expect(
        err.every((l) => /^senryaku sim: the host closed the port; .*\/board is ready for the next$/.test(l)),
        err.join('\n'),
      ).toBe(true);
    },
  );

  it.skipIf(noSocat)('--pty --rules surakarta serves the Surakarta board: 36 point cells, no pivots', async () => {
    const controller = new AbortController();
    const printed = new Promise<string>((resolve) => {
      const io = { out: (l: string) => resolve(l), err: () => undefined };
      const done = runSim(['--pty', '--rules', 'surakarta', '--seed', '7'], io, controller.signal);
      cleanups.push(async () => {
        controller.abort();
        await done;
      });
    });
    const host = await hostOn((await printed).slice('pty: '.length));
    await host.next((m) => m.type === 'hello');
    const hello = host.next((m) => m.type === 'hello');
    host.send(formatHostCommand({ type: 'hello', seq: 1 }));
    expect(await hello).toMatchObject({ wellCells: 36, pivotCells: 0 });
  });

  it('usage errors exit 2 with one line on stderr', async () => {
    for (const args of [
      ['sim'],
      ['sim', '--pty', '--seed', 'x'],
      ['sim', '--pty', '--spn', 'bad'],
      ['sim', '--pty', '--profile', '/nonexistent.json'],
    ]) {
      const err: string[] = [];
      const code = await main(args, { out: () => undefined, err: (l) => err.push(l) });
      expect(code).toBe(2);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^senryaku sim: /);
    }
  });
});
