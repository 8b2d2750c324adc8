/**
 * The one narrow interface every scoring-board output sits behind: the LED board, the
 * text picture for the terminal and web view, and the recording double for tests.
 */
import type { ScoreboardFrame } from './picture.ts';

export interface ScoreboardDisplay {
  /** Short name for notices ("scoring board on /dev/ttyACM0"). */
  readonly label: string;
  /** True between a successful open() and the display being lost or closed. */
  readonly connected: boolean;
  /** Connects; resolves once frames can be shown, rejects with the reason they cannot. */
  open(): Promise<void>;
  /** Shows a frame. A display that is not connected ignores it (the service redraws on reconnect). */
  show(frame: ScoreboardFrame): void;
  /** Calls `fn` once each time a connected display drops (unplugged, port closed, error). */
  onLost(fn: (reason: string) => void): () => void;
  /** Releases the port and every timer; safe to call twice. */
  close(): Promise<void>;
}

/** A small listener set, so displays need no EventEmitter typing. */
export class Listeners<T> {
  private readonly fns = new Set<(value: T) => void>();
  add(fn: (value: T) => void): () => void {
    this.fns.add(fn);
    return () => this.fns.delete(fn);
  }
  emit(value: T): void {
    for (const fn of [...this.fns]) fn(value);
  }
}
