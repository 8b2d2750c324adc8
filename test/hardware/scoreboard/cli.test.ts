/** `senryaku scoreboard test`: usage errors, a port that is not there, and the LED walk on a fake Uno. */
import { expect, test } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { scoreboardCommand, wiringSteps } from '../../../src/cli/commands/scoreboard.ts';
import type { CliIo } from '../../../src/cli/io.ts';
import type { SerialDevices } from '../../../src/hardware/link/index.ts';
import { fakeUno } from './harness.ts';

/** The fake Uno stands in for a device at whatever path is given. */
const aDeviceEverywhere: Partial<SerialDevices> = { probe: () => ({ kind: 'device' }), list: async () => [] };

function capture(): CliIo & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { outLines, errLines, out: (l) => outLines.push(l), err: (l) => errLines.push(l) };
}

test('a missing --port is one line and exit 2', async () => {
  const io = capture();
  expect(await main(['scoreboard', 'test'], io)).toBe(2);
  expect(io.errLines).toEqual(['senryaku scoreboard: --port PATH is required (the Uno running StandardFirmata, e.g. /dev/ttyACM0)']);
});

test('a device that is not there is a runtime failure (exit 1) naming the ports there are, before anything is opened', async () => {
  const io = capture();
  let opened = false;
  const run = scoreboardCommand(['test', '--port', '/dev/nope-senryaku'], io, {
    serialDevices: { list: async () => [{ path: '/dev/ttyS0' }] },
    createIo: () => {
      opened = true;
      return fakeUno().io;
    },
  });
  await expect(run).rejects.toThrow(
    expect.objectContaining({
      name: 'CliFailure',
      message: '/dev/nope-senryaku does not exist (is the board plugged in?); serial ports on this machine: /dev/ttyS0 (no USB id)',
    }),
  );
  expect(opened).toBe(false);
});

test('a port that cannot be opened is a runtime failure (exit 1)', async () => {
  const io = capture();
  const run = scoreboardCommand(['test', '--port', '/dev/nope'], io, {
    serialDevices: aDeviceEverywhere,
    createIo: () => {
      const uno = fakeUno();
      setImmediate(() => uno.raw.emit('error', new Error('Error: No such file or directory, cannot open /dev/nope')));
      return uno.io;
    },
  });
  await expect(run).rejects.toThrow(
    expect.objectContaining({
      name: 'CliFailure',
      message: 'cannot drive a scoring board on /dev/nope: Error: No such file or directory, cannot open /dev/nope',
    }),
  );
  expect(io.errLines).toEqual([]);
});

test('the walk: digits 0–9, every hole red then green, every lamp, then dark', async () => {
  const io = capture();
  const uno = fakeUno();
  const code = await scoreboardCommand(['test', '--port', '/dev/ttyACM0', '--pause', '0'], io, {
    serialDevices: aDeviceEverywhere,
    createIo: () => (setImmediate(uno.answer), uno.io),
  });
  expect(code).toBe(0);
  expect(io.outLines.slice(1, 3)).toEqual(['  digits: both displays show 00000000', '  digits: both displays show 11111111']);
  expect(io.outLines).toContain('  hole 0: red (player A) only');
  expect(io.outLines).toContain('  hole 6: green (player B) only');
  expect(io.outLines).toContain('  lamp: crash (red LED) only');
  expect(io.outLines).toHaveLength(1 + wiringSteps(6).length + 1);
  const u3 = uno.chips.writes.filter((w) => w.startsWith('U3 DIG'));
  // After the init clears: hole 0 red, off + hole 0 green, ... every LED once.
  expect(u3.slice(8, 12)).toEqual(['U3 DIG0=0x40', 'U3 DIG0=0x20', 'U3 DIG0=0x00', 'U3 DIG1=0x40']);
  expect(u3).toContain('U3 DIG7=0x08');
  expect(uno.chips.writes.filter((w) => w.startsWith('U1 DIG7')).slice(1, 4)).toEqual(['U1 DIG7=0x7E', 'U1 DIG7=0x30', 'U1 DIG7=0x6D']);
  expect(uno.chips.writes.slice(-3)).toEqual(['U1 SHUTDOWN=0x00', 'U2 SHUTDOWN=0x00', 'U3 SHUTDOWN=0x00']);
});
