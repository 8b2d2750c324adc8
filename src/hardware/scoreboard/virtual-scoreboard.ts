/** A scoring board made of text: always connected, it keeps the current picture and says when it changes. */
import { Listeners, type ScoreboardDisplay } from './display.ts';
import type { ScoreboardFrame } from './picture.ts';
import { textPicture } from './text-picture.ts';

export class VirtualScoreboard implements ScoreboardDisplay {
  readonly label = 'virtual scoring board';
  private picture: readonly string[] = [];
  private isOpen = false;
  private readonly changes = new Listeners<readonly string[]>();

  get connected(): boolean {
    return this.isOpen;
  }

  /** The current picture, one string per line (empty before the first frame). */
  get lines(): readonly string[] {
    return this.picture;
  }

  /** Calls `fn` with the new lines each time the picture changes. */
  onChange(fn: (lines: readonly string[]) => void): () => void {
    return this.changes.add(fn);
  }

  /** Never lost: a text display has no cable. */
  onLost(): () => void {
    return () => {};
  }

  async open(): Promise<void> {
    this.isOpen = true;
  }

  show(frame: ScoreboardFrame): void {
    if (!this.isOpen) return;
    const next = textPicture(frame);
    if (next.join('\n') === this.picture.join('\n')) return;
    this.picture = next;
    this.changes.emit(next);
  }

  async close(): Promise<void> {
    this.isOpen = false;
  }
}
