/**
 * A sim board on a pseudo-terminal, for another process (or the real host) to open as it
 * would open /dev/ttyACM0. socat makes a linked pair of ptys:
 *
 *   socat -d -d pty,raw,echo=0,link=<dir>/sim pty,raw,echo=0,wait-slave,link=<dir>/board
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
 * host should send HELLO anyway, as PROTOCOL.md section 1 says.
 *
 * One socat serves one host: when the host closes its end, socat ends. The pty then serves
 * the next host at the same path (bring-up is `board info`, then `referee --port`): it
 * makes the pair again and opens the port to the board again (which reboots it, as a
 * Mega's port does when a host opens it). A pair that cannot be made again ends the pty:
 * `ended` says why. unplug() on the board ends socat, so the host's port fails as a pulled
 * cable would; start() again makes a new pty.
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

/** Why a started pty stopped serving by itself: the board was unplugged, or the next host's pair could not be made. */
export type PtyEnd = { readonly why: 'unplugged' } | { readonly why: 'failed'; readonly error: PtyError };

export interface SimPtyOptions {
  /** socat's executable (default `socat` on the PATH). */
  readonly socatPath?: string;
  /** Where the links go (default: a fresh `senryaku-sim-XXXXXX` in the OS temp dir). */
  readonly parentDir?: string;
  /** How long socat may take to make the ptys, ms (default 5000). */
  readonly startTimeoutMs?: number;
  /** Bytes the sim may queue toward a host that does not read before it drops lines (default 64 KiB), like a full USB buffer. */
  readonly maxQueuedBytes?: number;
  /** A host closed its end and the pty serves the next one at the same path again. */
  readonly onHostClosed?: (path: string) => void;
}

const ptyError = (code: PtyErrorCode, message: string): Result<never, PtyError> => err({ code, message });

/** One host's connection: its socat, the sim end's port and the board's link. */
interface Connection {
  readonly socat: SocatProcess;
  port?: SerialPort;
  link?: SimLink;
}

export class SimPty {
  #dir: string | undefined = undefined;
  #connection: Connection | undefined = undefined;
  #path: string | undefined = undefined;
  #end: ((end: PtyEnd) => void) | undefined = undefined;
  #ended: Promise<PtyEnd> = new Promise(() => undefined);

  constructor(
    readonly board: SimBoard,
    readonly options: SimPtyOptions = {},
  ) {}

  /** The pty the host opens, once started. */
  get path(): string | undefined {
    return this.#path;
  }

  /** Resolves when the started pty stops serving by itself (never after stop()). */
  get ended(): Promise<PtyEnd> {
    return this.#ended;
  }

  /** Makes the pty pair, opens the sim end and attaches the (started) board; resolves with the host's path. */
  async start(): Promise<Result<string, PtyError>> {
    if (this.#dir) return ptyError('AlreadyStarted', 'the pty is already started');
    const dir = await mkdtemp(join(this.options.parentDir ?? tmpdir(), 'senryaku-sim-'));
    this.#dir = dir;
    this.#ended = new Promise((resolve) => (this.#end = resolve));
    const connected = await this.#connect(dir);
    if (!connected.ok) {
      await this.#teardown();
      return connected;
    }
    this.#path = join(dir, 'board');
    return ok(this.#path);
  }

  /** Detaches the board, closes the sim end, ends socat, removes the directory. Safe to call twice. */
  async stop(): Promise<void> {
    this.#end = undefined; // stopped on purpose: `ended` stays pending
    await this.#teardown();
  }

  async #teardown(): Promise<void> {
    const dir = this.#dir;
    this.#dir = undefined;
    this.#path = undefined;
    await this.#disconnect();
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  /** Ends the pty by itself, saying why on `ended`. */
  async #endWith(end: PtyEnd): Promise<void> {
    const said = this.#end;
    this.#end = undefined;
    await this.#teardown();
    said?.(end);
  }

  /** socat for one host, the sim end opened and the board attached to it. */
  async #connect(dir: string): Promise<Result<void, PtyError>> {
    const simEnd = join(dir, 'sim');
    const hostEnd = join(dir, 'board');
    const started = await startSocat([`pty,raw,echo=0,link=${simEnd}`, `pty,raw,echo=0,wait-slave,link=${hostEnd}`], {
      ...(this.options.socatPath === undefined ? {} : { socatPath: this.options.socatPath }),
      ...(this.options.startTimeoutMs === undefined ? {} : { startTimeoutMs: this.options.startTimeoutMs }),
      ready: (log) => ptysMade(log) >= 2,
    });
    if (!started.ok) return started;
    const connection: Connection = { socat: started.value };
    this.#connection = connection;
    if (!(await linksMade([simEnd, hostEnd]))) return ptyError('SocatFailed', `socat made no links at ${simEnd} and ${hostEnd}`);
    const port = new SerialPort({ path: simEnd, baudRate: BOARD_BAUD_RATE, autoOpen: false });
    const opened = await new Promise<Error | null>((resolve) => port.open(resolve));
    if (opened) return ptyError('OpenFailed', `cannot open ${simEnd}: ${opened.message}`);
    connection.port = port;
    const limit = this.options.maxQueuedBytes ?? 64 * 1024;
    const attached = this.board.attach({
      // A host that is not reading fills the pty; past the limit lines are lost, as a board's would be.
      data: (bytes) => {
        if (port.isOpen && port.writableLength < limit) port.write(bytes);
      },
      unplugged: () => void this.#endWith({ why: 'unplugged' }),
    });
    if (!attached.ok) return ptyError('AttachFailed', attached.error.message);
    connection.link = attached.value;
    port.on('data', (bytes: Buffer) => connection.link?.write(bytes));
    port.on('error', () => undefined); // socat ending (the host closed) is seen below
    // The host closed its end, so socat ended: the next host is served at the same path.
    void connection.socat.exited.then(() => {
      if (this.#connection === connection) void this.#serveNext(dir);
    });
    return ok(undefined);
  }

  async #serveNext(dir: string): Promise<void> {
    await this.#disconnect();
    if (this.#dir !== dir) return; // stopped meanwhile
    const connected = await this.#connect(dir);
    if (this.#dir !== dir) return void (await this.#disconnect());
    if (!connected.ok) return this.#endWith({ why: 'failed', error: connected.error });
    this.options.onHostClosed?.(join(dir, 'board'));
  }

  /** Closes the current connection: the board's link, the sim end, socat. */
  async #disconnect(): Promise<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    if (!connection) return;
    connection.link?.close();
    const port = connection.port;
    if (port) {
      port.removeAllListeners('data');
      port.removeAllListeners('error');
      port.on('error', () => undefined); // a late error from a closing port is of no interest now
      if (port.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    }
    await connection.socat.stop();
  }
}
