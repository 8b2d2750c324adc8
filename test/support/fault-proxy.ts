/**
 * A byte-level fault proxy: a USB cable that misbehaves on command. It opens the board's
 * serial port (a SimPty path, or a real board's /dev/ttyACM0) and gives the host a
 * pseudo-terminal of its own, forwarding bytes both ways:
 *
 *   board port (upstreamPath) ⇄ FaultProxy ⇄ socat pty pair ⇄ the host opens hostPath
 *
 * On command it drops or corrupts the next N bytes of one direction, stalls the link for
 * a while, or pulls the cable; the host side is the real native serialport on a real pty,
 * so the host sees exactly what it would see on hardware.
 *
 * - **Stall** (`pause(ms)`): modelled where a USB stall happens on an Arduino Mega, at its
 *   USB-serial bridge (ATmega16U2) when the host stops polling it. The board's UART keeps
 *   sending into the bridge's 128-byte ring buffer; what does not fit is lost (there is no
 *   flow control from the board). Host → board bytes wait in the host's tty buffer and go
 *   out when the stall ends. So: to the host, the first `stallBufferBytes` are delivered
 *   late and the rest are dropped; to the board, everything is delivered late.
 * - **Unplug** (`unplug()`): ends socat, so the host's open port hangs up (EIO) and its
 *   path disappears; `plugIn()` brings the path back. Bytes the board sends meanwhile are
 *   lost.
 * - **Host opens** (a DTR edge on a Mega): socat is started with `wait-slave`, so it logs
 *   the moment the host opens its end (it polls once a second, so up to ~1 s late);
 *   `onHostOpen` is called then, every time: for a simulated board, `sim.reboot()`. Until a
 *   host has the port open, board bytes are discarded (nobody is listening), so the host
 *   never reads a stale backlog. When the host closes, socat ends and is started again at
 *   the same path, as a device that stays plugged in.
 *
 * Corruption flips bits (`corruptMask`, default bit 0) of each byte: a line with such a
 * byte fails its CRC-16 (which catches every error of up to 16 bits). No randomness and
 * no timers except the stall's own timeout.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { err, ok, type Result } from '../../src/util/result.ts';
import { BOARD_BAUD_RATE } from '../../src/hardware/sim/binding.ts';
import { linksMade, ptysMade, startSocat, type SocatError, type SocatProcess } from '../../src/hardware/sim/socat.ts';

export const FAULT_DIRECTIONS = ['to-host', 'to-board'] as const;
export type FaultDirection = (typeof FAULT_DIRECTIONS)[number];
export type ByDirection<T> = { [D in FaultDirection]: T };

export const FAULT_PROXY_ERROR_CODES = [
  'SocatMissing',
  'SocatFailed',
  'SocatTimeout',
  'OpenFailed',
  'AlreadyStarted',
  'NotStarted',
] as const;
export type FaultProxyErrorCode = (typeof FAULT_PROXY_ERROR_CODES)[number];
export interface FaultProxyError {
  readonly code: FaultProxyErrorCode;
  readonly message: string;
}

export interface FaultProxyOptions {
  /** The board's serial port: a SimPty path, or real hardware. */
  readonly upstreamPath: string;
  /** Called each time a host opens its end (where a Mega's DTR would reset it). */
  readonly onHostOpen?: () => void;
  /** socat's executable (default `socat` on the PATH). */
  readonly socatPath?: string;
  /** Where the links go (default: a fresh `senryaku-proxy-XXXXXX` in the OS temp dir). */
  readonly parentDir?: string;
  /** Board → host bytes kept through a stall (default 128: the 16U2's ring buffer). */
  readonly stallBufferBytes?: number;
  /** Bits flipped in a corrupted byte (default 0x01). */
  readonly corruptMask?: number;
}

export interface FaultProxyCounters {
  /** Bytes written on, per direction. */
  readonly forwarded: ByDirection<number>;
  /** Bytes dropped by drop() and by stalls. */
  readonly dropped: ByDirection<number>;
  readonly corrupted: ByDirection<number>;
  /** Board bytes sent while no host had the port open (or the cable was out). */
  readonly unheard: number;
  /** Times a host opened its end. */
  readonly hostOpens: number;
}

/** The host side of one plug-in: the socat pair and the proxy's own end of it. */
interface HostSide {
  readonly socat: SocatProcess;
  readonly port: SerialPort;
  /** A host has the other end open (socat entered its transfer loop). */
  connected: boolean;
}

interface Stall {
  readonly timer: ReturnType<typeof setTimeout>;
  readonly done: () => void;
  readonly toHost: Buffer[];
  keptToHost: number;
  readonly toBoard: Buffer[];
}

const HOST_OPENED = 'starting data transfer loop';
const proxyError = (code: FaultProxyErrorCode, message: string): Result<never, FaultProxyError> => err({ code, message });

export class FaultProxy {
  #dir: string | undefined = undefined;
  #upstream: SerialPort | undefined = undefined;
  #host: HostSide | undefined = undefined;
  #plugged = true;
  #running = false;
  #stall: Stall | undefined = undefined;
  readonly #pending = { drop: { 'to-host': 0, 'to-board': 0 }, corrupt: { 'to-host': 0, 'to-board': 0 } };
  #counters = {
    forwarded: { 'to-host': 0, 'to-board': 0 },
    dropped: { 'to-host': 0, 'to-board': 0 },
    corrupted: { 'to-host': 0, 'to-board': 0 },
    unheard: 0,
    hostOpens: 0,
  };

  constructor(readonly options: FaultProxyOptions) {}

  /** The path the host opens (the same across unplug / plugIn), once started. */
  get hostPath(): string | undefined {
    return this.#dir === undefined ? undefined : join(this.#dir, 'board');
  }

  /** A host has the port open now. */
  get hostConnected(): boolean {
    return this.#host?.connected ?? false;
  }

  get plugged(): boolean {
    return this.#plugged;
  }

  counters(): FaultProxyCounters {
    const c = this.#counters;
    return { ...c, forwarded: { ...c.forwarded }, dropped: { ...c.dropped }, corrupted: { ...c.corrupted } };
  }

  /** Opens the board's port and makes the host's; resolves with the host's path. */
  async start(): Promise<Result<string, FaultProxyError>> {
    if (this.#running) return proxyError('AlreadyStarted', 'the proxy is already started');
    this.#running = true;
    this.#plugged = true;
    this.#dir = await mkdtemp(join(this.options.parentDir ?? tmpdir(), 'senryaku-proxy-'));
    const upstream = new SerialPort({ path: this.options.upstreamPath, baudRate: BOARD_BAUD_RATE, autoOpen: false });
    const opened = await new Promise<Error | null>((resolve) => upstream.open(resolve));
    if (opened) return this.#failStart(proxyError('OpenFailed', `cannot open ${this.options.upstreamPath}: ${opened.message}`));
    upstream.on('data', (bytes: Buffer) => this.#pass('to-host', bytes));
    upstream.on('error', () => undefined); // the board's port going away shows up as silence on the host side
    this.#upstream = upstream;
    const host = await this.#plugHost();
    if (!host.ok) return this.#failStart(host);
    return ok(this.hostPath as string);
  }

  /** Ends socat, closes both ports, removes the directory. Safe to call twice. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#endStall(false);
    const { upstream, dir } = { upstream: this.#upstream, dir: this.#dir };
    this.#upstream = undefined;
    this.#dir = undefined;
    await this.#unplugHost();
    if (upstream?.isOpen) await new Promise<void>((resolve) => upstream.close(() => resolve()));
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  /** Drops the next `count` bytes going `direction`. */
  drop(count: number, direction: FaultDirection = 'to-host'): void {
    this.#pending.drop[direction] += count;
  }

  /** Flips `corruptMask` in each of the next `count` bytes going `direction`. */
  corrupt(count: number, direction: FaultDirection = 'to-host'): void {
    this.#pending.corrupt[direction] += count;
  }

  /** Stalls the link for `ms` (see the module comment); resolves when bytes flow again. */
  pause(ms: number): Promise<void> {
    this.#endStall(true);
    return new Promise((done) => {
      this.#stall = { timer: setTimeout(() => this.#endStall(true), ms), done, toHost: [], keptToHost: 0, toBoard: [] };
    });
  }

  /** Pulls the cable: the host's port hangs up and its path disappears until plugIn(). */
  async unplug(): Promise<void> {
    this.#plugged = false;
    this.#endStall(false);
    await this.#unplugHost();
  }

  /** Plugs the cable back: the host's path is there again (the host's open is `onHostOpen`). */
  async plugIn(): Promise<Result<void, FaultProxyError>> {
    if (!this.#running) return proxyError('NotStarted', 'the proxy is not started');
    if (this.#plugged) return ok(undefined);
    this.#plugged = true;
    return this.#plugHost();
  }

  // ---- the bytes ------------------------------------------------------------------

  #pass(direction: FaultDirection, bytes: Buffer): void {
    if (direction === 'to-host' && !this.hostConnected) {
      this.#counters.unheard += bytes.length;
      return;
    }
    let out = bytes;
    const drop = Math.min(this.#pending.drop[direction], out.length);
    if (drop > 0) {
      this.#pending.drop[direction] -= drop;
      this.#counters.dropped[direction] += drop;
      out = out.subarray(drop);
    }
    const corrupt = Math.min(this.#pending.corrupt[direction], out.length);
    if (corrupt > 0) {
      out = Buffer.from(out); // never change the port's own buffer
      for (let i = 0; i < corrupt; i++) out[i] = (out[i] as number) ^ (this.options.corruptMask ?? 0x01);
      this.#pending.corrupt[direction] -= corrupt;
      this.#counters.corrupted[direction] += corrupt;
    }
    if (out.length === 0) return;
    const stall = this.#stall;
    if (stall && direction === 'to-board') stall.toBoard.push(out);
    else if (stall) {
      const room = Math.max(0, (this.options.stallBufferBytes ?? 128) - stall.keptToHost);
      if (room > 0) stall.toHost.push(out.subarray(0, room));
      stall.keptToHost += Math.min(room, out.length);
      this.#counters.dropped['to-host'] += Math.max(0, out.length - room);
    } else this.#write(direction, out);
  }

  #write(direction: FaultDirection, bytes: Buffer): void {
    const port = direction === 'to-host' ? (this.#host?.connected ? this.#host.port : undefined) : this.#upstream;
    if (!port?.isOpen) return;
    port.write(bytes);
    this.#counters.forwarded[direction] += bytes.length;
  }

  /** Ends a stall; `deliver`: what it held goes on (false when the cable is pulled or the proxy stops). */
  #endStall(deliver: boolean): void {
    const stall = this.#stall;
    if (!stall) return;
    this.#stall = undefined;
    clearTimeout(stall.timer);
    if (deliver) {
      for (const b of stall.toHost) this.#write('to-host', b);
      for (const b of stall.toBoard) this.#write('to-board', b);
    }
    stall.done();
  }

  // ---- the host's side ------------------------------------------------------------

  /** Starts socat for the host's pty and opens the proxy's end of it. */
  async #plugHost(): Promise<Result<void, FaultProxyError>> {
    const dir = this.#dir as string;
    const ownEnd = join(dir, 'proxy');
    const hostEnd = join(dir, 'board');
    const opened = { now: false };
    const started = await startSocat(['-t', '0.05', `pty,raw,echo=0,link=${ownEnd}`, `pty,raw,echo=0,wait-slave,link=${hostEnd}`], {
      ...(this.options.socatPath === undefined ? {} : { socatPath: this.options.socatPath }),
      ready: (log) => ptysMade(log) >= 2,
      onLogLine: (line) => {
        if (line.includes(HOST_OPENED)) {
          opened.now = true;
          this.#onHostOpened();
        }
      },
    });
    if (!started.ok) return this.#socatFailure(started.error);
    const socat = started.value;
    await linksMade([ownEnd, hostEnd]);
    const port = new SerialPort({ path: ownEnd, baudRate: BOARD_BAUD_RATE, autoOpen: false });
    const failed = await new Promise<Error | null>((resolve) => port.open(resolve));
    if (failed) {
      await socat.stop();
      return proxyError('OpenFailed', `cannot open ${ownEnd}: ${failed.message}`);
    }
    port.on('data', (bytes: Buffer) => this.#pass('to-board', bytes));
    port.on('error', () => undefined); // the pty hangs up when socat ends: handled by the exit below
    const side: HostSide = { socat, port, connected: false };
    this.#host = side;
    if (opened.now) this.#onHostOpened();
    void socat.exited.then(() => this.#onSocatExit(side));
    return ok(undefined);
  }

  #onHostOpened(): void {
    const side = this.#host;
    if (!side || side.connected) return; // before #plugHost finished: it calls again
    side.connected = true;
    this.#counters.hostOpens++;
    this.options.onHostOpen?.();
  }

  /** socat ended: the host closed its end, or the cable was pulled. A plugged cable's path comes back. */
  async #onSocatExit(side: HostSide): Promise<void> {
    if (this.#host !== side) return;
    this.#host = undefined;
    this.#endStall(false);
    await closePort(side.port);
    if (this.#running && this.#plugged) await this.#plugHost();
  }

  async #unplugHost(): Promise<void> {
    const side = this.#host;
    this.#host = undefined;
    if (!side) return;
    await side.socat.stop();
    await closePort(side.port);
  }

  #socatFailure(e: SocatError): Result<never, FaultProxyError> {
    return proxyError(e.code, e.message);
  }

  async #failStart(failure: Result<never, FaultProxyError>): Promise<Result<never, FaultProxyError>> {
    await this.stop();
    return failure;
  }
}

function closePort(port: SerialPort): Promise<void> {
  port.removeAllListeners('data');
  return port.isOpen ? new Promise((resolve) => port.close(() => resolve())) : Promise.resolve();
}
