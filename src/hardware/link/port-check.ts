/**
 * Before a command opens a serial port: is the device there, may this user open it, and,
 * for `auto`, is there a port with a matching USB id at all? Each answer comes at once and
 * names the serial ports that do exist, where otherwise a link would retry until a
 * timeout. The ports and the file system are reached through `SerialDevices`, so tests can
 * stand in for either.
 */
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { err, ok, type CodedError, type Result } from '../../util/result.ts';
import { describePort, type PortInfo } from './usb-ids.ts';

/** What is at a device path. */
export type PathProbe =
  | { readonly kind: 'device' }
  | { readonly kind: 'missing' }
  | { readonly kind: 'no-permission'; readonly code: string }
  | { readonly kind: 'not-a-device'; readonly what: string }
  | { readonly kind: 'unusable'; readonly code: string };

export interface SerialDevices {
  /** The serial ports on this machine. */
  list(): Promise<readonly PortInfo[]>;
  probe(path: string): PathProbe;
}

export const PORT_CHECK_ERROR_CODES = ['NoDevice', 'NoPermission', 'NotADevice', 'NoMatchingPort'] as const;
export type PortCheckErrorCode = (typeof PORT_CHECK_ERROR_CODES)[number];
export type PortCheckError = CodedError<PortCheckErrorCode>;

/** Which ports `auto` may pick, and how to name them in "none found". */
export interface AutoPort {
  readonly matches: (port: PortInfo) => boolean;
  /** e.g. "Arduino-like port (USB ids 2341:*, …)". */
  readonly what: string;
}

export const DIALOUT_HINT = 'add yourself to the dialout group (sudo usermod -aG dialout $USER), then log in again';

/** serialport's SerialPort.list(); without udev (containers, minimal systems) the usual Linux device names, without USB ids. */
export async function listSerialPorts(): Promise<readonly PortInfo[]> {
  try {
    // Loaded only here, so commands that never touch hardware do not load the native addon.
    const { SerialPort } = await import('serialport');
    return await SerialPort.list();
  } catch (e) {
    if (process.platform !== 'linux') throw e;
    return readdirSync('/dev')
      .filter((name) => /^tty(ACM|USB|AMA)\d+$/.test(name))
      .sort()
      .map((name) => ({ path: `/dev/${name}` }));
  }
}

/** stat, then access for reading and writing: the checks that need no open(). */
export function probeDevicePath(path: string): PathProbe {
  const codeOf = (e: unknown): string => (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  let stats;
  try {
    stats = statSync(path);
  } catch (e) {
    const code = codeOf(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    return code === 'EACCES' || code === 'EPERM' ? { kind: 'no-permission', code } : { kind: 'unusable', code };
  }
  if (!stats.isCharacterDevice())
    return {
      kind: 'not-a-device',
      what: stats.isDirectory() ? 'a directory' : stats.isFile() ? 'a regular file' : 'not a character device',
    };
  try {
    accessSync(path, constants.R_OK | constants.W_OK);
  } catch (e) {
    const code = codeOf(e);
    return code === 'EACCES' || code === 'EPERM' ? { kind: 'no-permission', code } : { kind: 'unusable', code };
  }
  return { kind: 'device' };
}

export const defaultSerialDevices: SerialDevices = { list: listSerialPorts, probe: probeDevicePath };

/** "serial ports on this machine: …" for the messages below. */
async function portsHere(devices: SerialDevices): Promise<string> {
  try {
    const ports = await devices.list();
    return `serial ports on this machine: ${ports.length === 0 ? 'none found' : ports.map(describePort).join('; ')}`;
  } catch (e) {
    return `the serial ports could not be listed (${(e as Error).message})`;
  }
}

/**
 * Checks `port` (a device path, or 'auto') without opening it. On Windows a COM name is no
 * file path, so only `auto` is checked there.
 */
export async function checkPort(port: string, auto: AutoPort, devices: Partial<SerialDevices> = {}): Promise<Result<void, PortCheckError>> {
  const d: SerialDevices = { ...defaultSerialDevices, ...devices };
  if (port === 'auto') {
    let ports: readonly PortInfo[];
    try {
      ports = await d.list();
    } catch (e) {
      return err({
        code: 'NoMatchingPort',
        message: `--port auto: the serial ports could not be listed (${(e as Error).message}); give --port PATH`,
      });
    }
    if (ports.some(auto.matches)) return ok(undefined);
    return err({ code: 'NoMatchingPort', message: `--port auto: no ${auto.what} found; ${await portsHere(d)}` });
  }
  if (process.platform === 'win32' && devices.probe === undefined) return ok(undefined);
  const probe = d.probe(port);
  switch (probe.kind) {
    case 'device':
      return ok(undefined);
    case 'missing':
      return err({ code: 'NoDevice', message: `${port} does not exist (is the board plugged in?); ${await portsHere(d)}` });
    case 'no-permission':
      return err({ code: 'NoPermission', message: `permission denied on ${port} (${probe.code}): ${DIALOUT_HINT}` });
    case 'not-a-device':
      return err({ code: 'NotADevice', message: `--port ${port} is not a serial device (it is ${probe.what})` });
    case 'unusable':
      return err({ code: 'NoDevice', message: `cannot use ${port} (${probe.code}); ${await portsHere(d)}` });
  }
}
