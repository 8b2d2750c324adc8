/**
 * The LED scoring board: an Uno with StandardFirmata, driven through johnny-five
 * (hardware/scoreboard/README.md). One open() is one connection attempt; the service
 * retries. Every MAX7219 register write is bit-banged Firmata traffic at 57 600 baud: about
 * 30 ms on the track chip, 57 ms on the digits' two-chip chain (npm run bench:scoreboard),
 * so show() writes only the registers that changed since the last frame.
 */
import five from 'johnny-five';
import { SerialPort } from 'serialport';
import { Listeners, type ScoreboardDisplay } from './display.ts';
import { findUno, type SerialPortListing } from './find-uno.ts';
import type { ScoreboardFrame } from './picture.ts';
import { ledImage, type LedImage } from './max7219-layout.ts';
import { disposeIo, drainIo, firmataOverSerial, type IoFactory, type ScoreboardIo } from './scoreboard-io.ts';

/** Pins of the README's Uno pin map. */
export const SCOREBOARD_PINS = { data: 12, clock: 11, digitsCs: 10, trackCs: 9 } as const;
const DIGIT_DEVICE = { A: 0, B: 1 } as const;
/** What the chips hold right after johnny-five initialises them: every register 0. */
const BLANK: LedImage = { trackRows: Array.from({ length: 8 }, () => 0), digits: { A: ' '.repeat(8), B: ' '.repeat(8) } };

export interface LedScoreboardOptions {
  /** A serial port path, or 'auto' to look for an Uno by USB id at each attempt. */
  readonly port: string;
  readonly createIo?: IoFactory;
  readonly listPorts?: () => Promise<readonly SerialPortListing[]>;
  /** How long a port may take to answer like StandardFirmata (the Uno resets on open: ~2 s). */
  readonly readyTimeoutMs?: number;
}

interface Connection {
  readonly io: ScoreboardIo;
  board?: five.Board;
  digits?: five.Led.Digits;
  track?: five.Led.Matrix;
  /** Ends this connection: rejects a pending open(), or reports a connected board as lost. */
  readonly fail: (reason: string) => void;
  readonly unlisten: () => void;
}

export class LedScoreboard implements ScoreboardDisplay {
  private conn: Connection | undefined;
  private isConnected = false;
  private written: LedImage = BLANK;
  private path: string | undefined;
  private readonly lost = new Listeners<string>();

  constructor(private readonly options: LedScoreboardOptions) {}

  get connected(): boolean {
    return this.isConnected;
  }

  get label(): string {
    const where = this.path ?? (this.options.port === 'auto' ? undefined : this.options.port);
    return where ? `scoring board on ${where}` : 'scoring board';
  }

  onLost(fn: (reason: string) => void): () => void {
    return this.lost.add(fn);
  }

  async open(): Promise<void> {
    if (this.conn) throw new Error('LedScoreboard.open: already open');
    const path = await this.resolvePath();
    this.path = path;
    const io = (this.options.createIo ?? firmataOverSerial)(path);
    const timeoutMs = this.options.readyTimeoutMs ?? 10_000;
    await new Promise<void>((resolve, reject) => {
      const fail = (reason: string) => {
        const wasConnected = this.isConnected;
        this.drop();
        if (wasConnected) this.lost.emit(reason);
        else reject(new Error(reason));
      };
      const timer = setTimeout(() => fail(`no StandardFirmata answer on ${path} within ${timeoutMs} ms`), timeoutMs);
      const onError = (e: unknown) => fail(e instanceof Error ? e.message : String(e));
      const onClose = () => fail(`${path} closed`);
      const onReady = () =>
        this.attachBoard(conn, () => {
          clearTimeout(timer);
          this.isConnected = true;
          resolve();
        });
      io.on('error', onError);
      io.on('close', onClose);
      io.on('disconnect', onClose);
      const conn: Connection = {
        io,
        fail,
        unlisten: () => {
          clearTimeout(timer);
          io.removeListener('error', onError);
          io.removeListener('close', onClose);
          io.removeListener('disconnect', onClose);
          io.removeListener('ready', onReady);
        },
      };
      this.conn = conn;
      if (io.isReady) onReady();
      else io.once('ready', onReady);
    });
  }

  show(frame: ScoreboardFrame): void {
    this.write(ledImage(frame));
  }

  /** Writes a raw image (the wiring test walks single LEDs and digits with it). */
  write(image: LedImage): void {
    const { digits, track } = this.conn ?? {};
    if (!this.isConnected || !digits || !track) return;
    image.trackRows.forEach((byte, row) => {
      if (this.written.trackRows[row] !== byte) track.row(0, row, byte);
    });
    const text = { A: image.digits.A.padEnd(8, ' ').slice(0, 8), B: image.digits.B.padEnd(8, ' ').slice(0, 8) };
    for (const p of ['A', 'B'] as const) {
      const before = this.written.digits[p];
      [...text[p]].forEach((ch, pos) => {
        if (before[pos] !== ch) digits.digit(DIGIT_DEVICE[p], pos, ch);
      });
    }
    this.written = { trackRows: [...image.trackRows], digits: text };
  }

  /**
   * Resolves once the Uno has carried out what write() and show() queued: StandardFirmata
   * answers a firmware query only after every byte before it (a frame of digits is about a
   * second of Firmata traffic, and a USB bridge or a pty buffers more than that, so a drain
   * alone returns early). The wiring walk holds each step for its pause from here. An io
   * without the query (a test double) only drains; `timeoutMs` bounds a board that does not answer.
   */
  async settle(timeoutMs = 10_000): Promise<void> {
    const conn = this.conn;
    if (!conn || !this.isConnected) return;
    const io = conn.io as ScoreboardIo & { queryFirmware?: (callback: () => void) => void };
    if (typeof io.queryFirmware !== 'function') return drainIo(conn.io);
    await new Promise<void>((resolve) => {
      const answered = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        io.removeListener('queryfirmware', answered);
        resolve();
      }, timeoutMs);
      io.queryFirmware!(answered);
    });
  }

  async close(): Promise<void> {
    const conn = this.conn;
    if (!conn) return;
    if (!this.isConnected) return conn.fail('closed while connecting');
    if (conn.digits && conn.track) {
      // Blank the board so a stopped referee leaves no stale score lit.
      conn.digits.off();
      conn.track.off();
      await drainIo(conn.io);
    }
    this.drop();
  }

  private async resolvePath(): Promise<string> {
    if (this.options.port !== 'auto') return this.options.port;
    const ports = await (this.options.listPorts ?? (() => SerialPort.list()))();
    const uno = findUno(ports);
    if (!uno) throw new Error('no Arduino Uno among the serial ports');
    return uno.path;
  }

  /** johnny-five's Board is made only once the io is ready, so a missing port leaves no Board behind. */
  private attachBoard(conn: Connection, ready: () => void): void {
    const board = new five.Board({ io: conn.io, repl: false, debug: false, sigint: false });
    // Board re-emits io errors; without a listener an EventEmitter 'error' would throw.
    board.on('error', () => {});
    conn.board = board;
    board.on('ready', () => {
      if (this.conn !== conn) return;
      const { data, clock, digitsCs, trackCs } = SCOREBOARD_PINS;
      conn.digits = new five.Led.Digits({ board, pins: { data, clock, cs: digitsCs }, devices: 2 });
      conn.track = new five.Led.Matrix({ board, pins: { data, clock, cs: trackCs }, devices: 1 });
      this.written = BLANK;
      ready();
    });
  }

  private drop(): void {
    const conn = this.conn;
    this.conn = undefined;
    this.isConnected = false;
    if (!conn) return;
    conn.unlisten();
    conn.board?.on('error', () => {});
    const boardTimer = (conn.board as { timer?: ReturnType<typeof setTimeout> } | undefined)?.timer;
    if (boardTimer) clearTimeout(boardTimer);
    forgetBoard(conn.board);
    disposeIo(conn.io);
  }
}

/**
 * johnny-five keeps every Board ever made in a module-wide cache (`Board.cache`, the live
 * array) and never lets go: each reconnect would leave its dead Board, io and port behind.
 */
function forgetBoard(board: five.Board | undefined): void {
  const cache = (five.Board as unknown as { readonly cache?: unknown[] }).cache;
  const i = board && Array.isArray(cache) ? cache.indexOf(board) : -1;
  if (i >= 0) cache!.splice(i, 1);
}
