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

/** The real io: firmata-io's Firmata over a serialport 13 port (which opens by itself). */
export const firmataOverSerial: IoFactory = (path) => new firmataIo.Firmata(new SerialPort({ path, baudRate: FIRMATA_BAUD_RATE }));

function transportOf(io: ScoreboardIo): ClosableTransport | undefined {
  const t = io.transport;
  return typeof t === 'object' && t !== null ? (t as ClosableTransport) : undefined;
}

/** Waits for queued writes to reach the wire (a display blanked on stop must see it). */
export function drainIo(io: ScoreboardIo): Promise<void> {
  const t = transportOf(io);
  return new Promise((resolve) => (t?.drain && t.isOpen ? t.drain(() => resolve()) : resolve()));
}

/** Drops an io for good: its timers, its port; later errors from it are swallowed. */
export function disposeIo(io: ScoreboardIo): void {
  io.on('error', () => {});
  if (io.reportVersionTimeoutId !== undefined) clearTimeout(io.reportVersionTimeoutId);
  const t = transportOf(io);
  if (t?.close && t.isOpen !== false) t.close(() => {});
}
