/**
 * The io a LedScoreboard drives: a firmata-io `Firmata` on a real port, a mock-firmata
 * `MockFirmata` in tests. Made by an injected factory, one per connection attempt.
 */
import type { EventEmitter } from 'node:events';
import firmataIo from 'firmata-io';
import { SerialPort } from 'serialport';

/** What a closable transport (a serialport SerialPort) offers; absent on test doubles. */
interface ClosableTransport {
  readonly isOpen?: boolean;
  close?(callback?: (error?: Error | null) => void): void;
  drain?(callback?: (error?: Error | null) => void): void;
  write?(chunk: Buffer, callback?: (error?: Error | null) => void): boolean;
  once?(event: 'close', listener: () => void): unknown;
  removeListener?(event: 'close', listener: () => void): unknown;
}

export type ScoreboardIo = EventEmitter & {
  readonly isReady: boolean;
  readonly transport?: unknown;
  /** firmata-io's timer for asking the version again; cleared when an attempt is dropped. */
  readonly reportVersionTimeoutId?: ReturnType<typeof setTimeout>;
};

export type IoFactory = (path: string) => ScoreboardIo;

/** StandardFirmata's speed. */
export const FIRMATA_BAUD_RATE = 57_600;

/**
 * Opens the serial port a Firmata io talks through; it must open by itself (serialport's
 * `autoOpen`). Tests hand in a serialport `SerialPortMock` with a fake board behind it.
 */
export type PortOpener = (options: { readonly path: string; readonly baudRate: number }) => object;

/** serialport 13 on the real device. */
export const openSerialPort: PortOpener = ({ path, baudRate }) => new SerialPort({ path, baudRate });

/** firmata-io's Firmata over whatever port `openPort` makes, at StandardFirmata's speed. */
export const firmataOver =
  (openPort: PortOpener): IoFactory =>
  (path) =>
    new firmataIo.Firmata(openPort({ path, baudRate: FIRMATA_BAUD_RATE }));

/** The real io: firmata-io's Firmata over a serialport 13 port (which opens by itself). */
export const firmataOverSerial: IoFactory = firmataOver(openSerialPort);

function transportOf(io: ScoreboardIo): ClosableTransport | undefined {
  const t = io.transport;
  return typeof t === 'object' && t !== null ? t : undefined;
}

/**
 * Waits for queued writes to reach the wire (a display blanked on stop must see it).
 * serialport's drain() only waits for the one write its binding has in hand, not for the
 * writes still queued in the stream (firmata-io sends a message per pin write), so an empty
 * write goes first: its callback runs once every write before it has been handed over.
 * A port that closes meanwhile ends the wait (a closed serialport stream holds writes back).
 */
export function drainIo(io: ScoreboardIo): Promise<void> {
  const t = transportOf(io);
  if (!t?.drain || !t.isOpen) return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      t.removeListener?.('close', finish);
      resolve();
    };
    t.once?.('close', finish);
    const drain = () => (t.isOpen && t.drain ? t.drain(finish) : finish());
    if (t.write) t.write(Buffer.alloc(0), drain);
    else drain();
  });
}

/** Drops an io for good: its timers, its port; later errors from it are swallowed. */
export function disposeIo(io: ScoreboardIo): void {
  io.on('error', () => {});
  if (io.reportVersionTimeoutId !== undefined) clearTimeout(io.reportVersionTimeoutId);
  const t = transportOf(io);
  if (t?.close && t.isOpen !== false) t.close(() => {});
}
