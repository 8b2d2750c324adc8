/** The check before a serial port is opened: a missing device, no permission, no board for `auto`, said at once. */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ARDUINO_USB_ID_LIST,
  checkPort,
  matchUsbId,
  probeDevicePath,
  type AutoPort,
  type SerialDevices,
} from '../../../src/hardware/link/index.ts';

const ports = (...list: Awaited<ReturnType<SerialDevices['list']>>): Partial<SerialDevices> => ({ list: async () => list });
const anyPort: AutoPort = { matches: () => true, what: 'port' };
const BOARD_AUTO_PORT: AutoPort = {
  matches: (p) => matchUsbId(p) !== undefined,
  what: `Arduino-like port (USB ids ${ARDUINO_USB_ID_LIST})`,
};

describe('checkPort', () => {
  it('a path that does not exist: NoDevice, naming the ports there are (or "none found")', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'senryaku-port-')), 'ttyACM9');
    const none = await checkPort(path, anyPort, ports());
    expect(none).toEqual({
      ok: false,
      error: { code: 'NoDevice', message: `${path} does not exist (is the board plugged in?); serial ports on this machine: none found` },
    });
    const some = await checkPort(
      path,
      anyPort,
      ports({ path: '/dev/ttyS0' }, { path: '/dev/ttyUSB0', vendorId: '1a86', productId: '7523', manufacturer: 'QinHeng' }),
    );
    expect(!some.ok && some.error.message).toMatch(
      /serial ports on this machine: \/dev\/ttyS0 \(no USB id\); \/dev\/ttyUSB0 1A86:7523 QinHeng$/,
    );
  });

  it('a lister that fails is said, not thrown', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'senryaku-port-')), 'ttyACM9');
    const r = await checkPort(path, anyPort, { list: () => Promise.reject(new Error('spawn udevadm ENOENT')) });
    expect(!r.ok && r.error.message).toMatch(/does not exist .*; the serial ports could not be listed \(spawn udevadm ENOENT\)$/);
  });

  it('a regular file or a directory: NotADevice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-port-'));
    const file = join(dir, 'f');
    writeFileSync(file, '');
    expect(await checkPort(file, anyPort, ports())).toEqual({
      ok: false,
      error: { code: 'NotADevice', message: `--port ${file} is not a serial device (it is a regular file)` },
    });
    expect(await checkPort(dir, anyPort, ports())).toMatchObject({
      ok: false,
      error: { code: 'NotADevice', message: expect.stringMatching(/it is a directory/) },
    });
  });

  it('no permission: names the dialout group and the command that adds you to it', async () => {
    const r = await checkPort('/dev/ttyACM0', anyPort, { probe: () => ({ kind: 'no-permission', code: 'EACCES' }), list: async () => [] });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'NoPermission',
        message:
          'permission denied on /dev/ttyACM0 (EACCES): add yourself to the dialout group (sudo usermod -aG dialout $USER), then log in again',
      },
    });
  });

  it('a character device passes', async () => {
    if (!existsSync('/dev/null')) return;
    expect(probeDevicePath('/dev/null')).toEqual({ kind: 'device' });
    expect(await checkPort('/dev/null', anyPort, ports())).toEqual({ ok: true, value: undefined });
  });

  it('auto: ok when a port matches; otherwise NoMatchingPort with what it looked for and what there is', async () => {
    expect((await checkPort('auto', BOARD_AUTO_PORT, ports({ path: '/dev/ttyACM0', vendorId: '2341', productId: '0042' }))).ok).toBe(true);
    const none = await checkPort('auto', BOARD_AUTO_PORT, ports());
    expect(none).toMatchObject({ ok: false, error: { code: 'NoMatchingPort' } });
    expect(!none.ok && none.error.message).toBe(
      '--port auto: no Arduino-like port (USB ids 2341:*, 2A03:*, 1A86:7523, 0403:6001, 10C4:EA60) found; serial ports on this machine: none found',
    );
    const other = await checkPort('auto', BOARD_AUTO_PORT, ports({ path: '/dev/ttyS0', manufacturer: 'Intel' }));
    expect(!other.ok && other.error.message).toMatch(/found; serial ports on this machine: \/dev\/ttyS0 \(no USB id\) Intel$/);
    const failing = await checkPort('auto', BOARD_AUTO_PORT, { list: () => Promise.reject(new Error('no udev')) });
    expect(!failing.ok && failing.error.message).toBe('--port auto: the serial ports could not be listed (no udev); give --port PATH');
  });
});
