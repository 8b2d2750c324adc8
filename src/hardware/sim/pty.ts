/**
 * A sim board on a pseudo-terminal, for another process (or the real host) to open as it
 * would open /dev/ttyACM0. socat makes a linked pair of ptys:
 *
 *   socat -d -d pty,raw,echo=0,link=<dir>/sim pty,raw,echo=0,link=<dir>/board
 *
 * The simulator opens `<dir>/sim` with the real SerialPort; the host opens `<dir>/board`
 * (`path`). socat is a Debian package (`apt-get install socat`); a missing socat is a
 * `SocatMissing` error, not a crash. stop() closes the port, ends socat and removes the
 * directory.
 *
 * A pty carries no DTR, so the host's open cannot reset the board: it boots when the pty
 * starts, and its HELLO waits for the host. Opening a port with the native serialport
 * binding throws away whatever already waits in it (tcflush), so the host's end is made
 * with socat's `wait-slave`: socat moves no byte until the host has opened its end
 * (it checks once a second), and the HELLO waits on the simulator's side meanwhile. A
 * host should send HELLO anyway, as PROTOCOL.md section 1 says. unplug() on the board
 * ends socat, so the host's port fails as a pulled cable would; start() again makes a
 * new pty.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { err, ok, type Result } from '../../util/result.ts';
import { BOARD_BAUD_RATE } from './binding.ts';
import { linksMade, ptysMade, startSocat, type SocatProcess } from './socat.ts';
import type { SimBoard, SimLink } from './sim-board.ts';

export const PTY_ERROR_CODES = ['SocatMissing', 'SocatFailed', 'SocatTimeout', 'OpenFailed', 'AttachFailed', 'AlreadyStarted'] as const;
export type PtyErrorCode = (typeof PTY_ERROR_CODES)[number];
export interface PtyError {
  readonly code: PtyErrorCode;
  readonly message: string;
}

export interface SimPtyOptions {
  /** socat's executable (default `socat` on the PATH). */
  readonly socatPath?: string;
  /** Where the links go (default: a fresh `senryaku-sim-XXXXXX` in the OS temp dir). */
  readonly parentDir?: string;
  /** How long socat may take to make the ptys, ms (default 5000). */
  readonly startTimeoutMs?: number;
  /** Bytes the sim may queue toward a host that does not read before it drops lines (default 64 KiB), like a full USB buffer. */
  readonly maxQueuedBytes?: number;
}

const ptyError = (code: PtyErrorCode, message: string): Result<never, PtyError> => err({ code, message });

export class SimPty {
  #dir: string | undefined = undefined;
  #socat: SocatProcess | undefined = undefined;
  #port: SerialPort | undefined = undefined;
  #link: SimLink | undefined = undefined;
  #path: string | undefined = undefined;

  constructor(
    readonly board: SimBoard,
    readonly options: SimPtyOptions = {},
  ) {}

  /** The pty the host opens, once started. */
  get path(): string | undefined {
    return this.#path;
  }

  /** Makes the pty pair, opens the sim end and attaches the (started) board; resolves with the host's path. */
  async start(): Promise<Result<string, PtyError>> {
    if (this.#dir) return ptyError('AlreadyStarted', 'the pty is already started');
    this.#dir = await mkdtemp(join(this.options.parentDir ?? tmpdir(), 'senryaku-sim-'));
    const simEnd = join(this.#dir, 'sim');
    const hostEnd = join(this.#dir, 'board');
    const started = await this.#startSocat(simEnd, hostEnd);
    if (!started.ok) return this.#failStart(started);
    const port = new SerialPort({ path: simEnd, baudRate: BOARD_BAUD_RATE, autoOpen: false });
    const opened = await new Promise<Error | null>((resolve) => port.open(resolve));
    if (opened) return this.#failStart(ptyError('OpenFailed', `cannot open ${simEnd}: ${opened.message}`));
    this.#port = port;
    const limit = this.options.maxQueuedBytes ?? 64 * 1024;
    const attached = this.board.attach({
      // A host that is not reading fills the pty; past the limit lines are lost, as a board's would be.
      data: (bytes) => {
        if (port.isOpen && port.writableLength < limit) port.write(bytes);
      },
      unplugged: () => void this.stop(),
    });
    if (!attached.ok) return this.#failStart(ptyError('AttachFailed', attached.error.message));
    this.#link = attached.value;
    port.on('data', (bytes: Buffer) => this.#link?.write(bytes));
    port.on('error', () => void this.stop());
    this.#path = hostEnd;
    return ok(hostEnd);
  }

  /** Detaches the board, closes the sim end, ends socat, removes the directory. Safe to call twice. */
  async stop(): Promise<void> {
    const { port, socat, dir } = { port: this.#port, socat: this.#socat, dir: this.#dir };
    this.#link?.close();
    this.#link = undefined;
    this.#port = undefined;
    this.#socat = undefined;
    this.#dir = undefined;
    this.#path = undefined;
    if (port) {
      port.removeAllListeners('data');
      port.removeAllListeners('error');
      port.on('error', () => undefined); // a late error from a closing port is of no interest now
      if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    }
    await socat?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  async #failStart(failure: Result<never, PtyError>): Promise<Result<never, PtyError>> {
    await this.stop();
    return failure;
  }

  async #startSocat(simEnd: string, hostEnd: string): Promise<Result<void, PtyError>> {
    const started = await startSocat([`pty,raw,echo=0,link=${simEnd}`, `pty,raw,echo=0,wait-slave,link=${hostEnd}`], {
      ...(this.options.socatPath === undefined ? {} : { socatPath: this.options.socatPath }),
      ...(this.options.startTimeoutMs === undefined ? {} : { startTimeoutMs: this.options.startTimeoutMs }),
      ready: (log) => ptysMade(log) >= 2,
    });
    if (!started.ok) return started;
    this.#socat = started.value;
    if (!(await linksMade([simEnd, hostEnd]))) return ptyError('SocatFailed', `socat made no links at ${simEnd} and ${hostEnd}`);
    return ok(undefined);
  }
}
