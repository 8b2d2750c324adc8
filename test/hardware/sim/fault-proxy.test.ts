// The byte-level fault proxy between a "board" (the far end of a socat pty pair the test
// writes to) and a host on the proxy's own pty, both opened with the real SerialPort.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import { FaultProxy } from '../../support/fault-proxy.ts';
import { startSocat } from '../../../src/hardware/sim/socat.ts';
import { skipWithout } from '../../system-tools.ts';
import { until as wait } from '../../wait.ts';

const noSocat = skipWithout('socat', 'socat');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const until = (what: string, ready: () => boolean, maxMs = 5000): Promise<true> => wait(what, () => ready() || undefined, maxMs, 10);

/** A serial port that keeps every byte it reads. */
async function openPort(path: string) {
  const port = new SerialPort({ path, baudRate: 500_000, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
  let got = Buffer.alloc(0);
  let closed = false;
  port.on('data', (b: Buffer) => (got = Buffer.concat([got, b])));
  port.on('close', () => (closed = true));
  port.on('error', () => undefined);
  cleanups.push(() => new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve())));
  return {
    port,
    get text() {
      return got.toString('latin1');
    },
    get closed() {
      return closed;
    },
    close: () => new Promise<void>((resolve) => port.close(() => resolve())),
  };
}

/** The board: one end of a socat pair; the proxy opens the other. Resolves once the host has the proxy's port open. */
async function rig() {
  const dir = mkdtempSync(join(tmpdir(), 'senryaku-proxy-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const pair = await startSocat([`pty,raw,echo=0,link=${dir}/board`, `pty,raw,echo=0,link=${dir}/up`], {
    ready: (log) => log.includes('starting data transfer loop'),
  });
  if (!pair.ok) throw new Error(pair.error.message);
  cleanups.push(() => pair.value.stop());
  const board = await openPort(join(dir, 'board'));
  let opens = 0;
  const proxy = new FaultProxy({ upstreamPath: join(dir, 'up'), onHostOpen: () => opens++ });
  const started = await proxy.start();
  if (!started.ok) throw new Error(started.error.message);
  cleanups.push(() => proxy.stop());
  board.port.write('before any host\r\n'); // nobody listens yet
  await until('the board bytes to reach the proxy', () => proxy.counters().unheard > 0);
  const host = await openPort(started.value);
  await until('the proxy to see the host open', () => proxy.hostConnected);
  return { proxy, board, host, path: started.value, opens: () => opens };
}

describe('FaultProxy', () => {
  it.skipIf(noSocat)('forwards both ways once a host opens (after discarding what came before), and tells every open', async () => {
    const { proxy, board, host, path, opens } = await rig();
    expect(opens()).toBe(1);
    board.port.write('HELLO\r\n');
    host.port.write('PING\r\n');
    await until('both lines', () => host.text === 'HELLO\r\n' && board.text === 'PING\r\n');

    // The host closes: socat ends and comes back at the same path; the next open is told again.
    await host.close();
    await until('the port to come back', () => !proxy.hostConnected && existsSync(path));
    const again = await openPort(path);
    await until('the second open', () => opens() === 2);
    board.port.write('BOOT\r\n');
    await until('the line on the new connection', () => again.text === 'BOOT\r\n');
  });

  it.skipIf(noSocat)(
    "drops and corrupts exactly the bytes asked; a stall keeps 128 bytes to the host and delays the board's; unplug hangs the host up",
    async () => {
      const { proxy, board, host, path, opens } = await rig();
      proxy.drop(3);
      board.port.write('abcdef');
      await until('the rest', () => host.text === 'def');
      proxy.corrupt(2);
      board.port.write('AB');
      await until('the corrupted bytes', () => host.text === 'def@C'); // bit 0 flipped: A→@, B→C
      expect(proxy.counters()).toMatchObject({ dropped: { 'to-host': 3 }, corrupted: { 'to-host': 2 } });

      const stalled = proxy.pause(400);
      board.port.write('x'.repeat(200));
      host.port.write('late');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([host.text, board.text]).toEqual(['def@C', '']); // nothing passes during the stall
      await stalled;
      await until('the stall to end', () => board.text === 'late' && host.text.length === 5 + 128);
      expect(proxy.counters().dropped['to-host']).toBe(3 + 72);

      await proxy.unplug();
      await until('the host to hang up', () => host.closed || !existsSync(path));
      expect(existsSync(path)).toBe(false);
      board.port.write('nobody hears this');
      const plugged = await proxy.plugIn();
      expect(plugged.ok).toBe(true);
      const again = await openPort(path);
      await until('the open after the replug', () => opens() === 2);
      board.port.write('BACK');
      await until('bytes after the replug', () => again.text === 'BACK');
    },
  );
});
