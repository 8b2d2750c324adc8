/**
 * A test double for the display: records every frame, and can be told to refuse to open
 * or to drop the connection, as an unplugged board would.
 */
import { Listeners, type ScoreboardDisplay } from '../../src/hardware/scoreboard/display.ts';
import type { ScoreboardFrame } from '../../src/hardware/scoreboard/picture.ts';

export class RecordingScoreboard implements ScoreboardDisplay {
  readonly label = 'recording scoring board';
  readonly frames: ScoreboardFrame[] = [];
  openAttempts = 0;
  /** While set, open() rejects with this reason (no board attached). */
  refuseWith: string | undefined;
  private isOpen = false;
  private readonly lost = new Listeners<string>();

  get connected(): boolean {
    return this.isOpen;
  }

  onLost(fn: (reason: string) => void): () => void {
    return this.lost.add(fn);
  }

  async open(): Promise<void> {
    this.openAttempts += 1;
    if (this.refuseWith !== undefined) throw new Error(this.refuseWith);
    this.isOpen = true;
  }

  show(frame: ScoreboardFrame): void {
    if (this.isOpen) this.frames.push(frame);
  }

  /** Simulates an unplugged cable. */
  unplug(reason = 'unplugged'): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.lost.emit(reason);
  }

  async close(): Promise<void> {
    this.isOpen = false;
  }
}
