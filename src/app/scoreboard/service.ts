/**
 * The scoring board as a referee service: verdicts in, pictures out. The referee never
 * waits for the board: start() returns at once, a missing board is reported once (a warn
 * notice) and then retried quietly with backoff, and a board that comes back (plugged in
 * again, port reopened) is redrawn with the current picture.
 */
import type { EventBus } from '../event-bus.ts';
import type { Service } from '../service.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import { realScheduler, type Scheduler, type TimerHandle } from '../../util/scheduler.ts';
import { DEFAULT_TIMING, ScoreboardAnimator, type AnimationTiming } from './animator.ts';
import type { ScoreboardDisplay } from '../../hardware/scoreboard/display.ts';
import {
  initialScoreboard,
  reduceScoreboard,
  withJournalFault,
  type PiecesInPlay,
  type ScoreboardState,
} from '../../presentation/scoreboard-model.ts';

export interface Backoff {
  /** Wait before the first retry; doubled after each failed attempt. */
  readonly initialMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { initialMs: 1_000, maxMs: 30_000 };

export const retryDelayMs = (failures: number, b: Backoff): number =>
  Math.min(b.maxMs, b.initialMs * 2 ** Math.max(0, Math.min(30, failures - 1)));

export interface ScoreboardServiceOptions {
  readonly bus: EventBus;
  /** N of the match settings: holes 0..N. */
  readonly trackLength: number;
  /** The game's count of pieces in play, when its digits show them (Surakarta). */
  readonly piecesInPlay?: PiecesInPlay;
  readonly display: ScoreboardDisplay;
  readonly timing?: AnimationTiming;
  readonly backoff?: Backoff;
  /** Verdicts announced before this run (a resumed match): the board starts from the picture they made. */
  readonly history?: readonly Verdict[];
  /** Animation and reconnection timers (default the real clock). */
  readonly scheduler?: Scheduler;
}

export class ScoreboardService implements Service {
  readonly name = 'scoreboard';
  private state: ScoreboardState | undefined;
  private animator: ScoreboardAnimator | undefined;
  private retryTimer: TimerHandle | undefined;
  private failures = 0;
  /** The "no board" notice is said once per outage, not once per retry. */
  private outageReported = false;
  private running = false;
  private unlistenLost: (() => void) | undefined;

  constructor(private readonly options: ScoreboardServiceOptions) {}

  private get scheduler(): Scheduler {
    return this.options.scheduler ?? realScheduler;
  }

  get display(): ScoreboardDisplay {
    return this.options.display;
  }

  /** The board state as the verdicts so far made it (undefined before start). */
  get current(): ScoreboardState | undefined {
    return this.state;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const { bus, display, trackLength } = this.options;
    this.running = true;
    const { piecesInPlay } = this.options;
    this.state = (this.options.history ?? []).reduce((s, v) => reduceScoreboard(s, v, piecesInPlay), initialScoreboard(trackLength));
    this.animator = new ScoreboardAnimator((frame) => display.show(frame), this.options.timing ?? DEFAULT_TIMING, this.scheduler);
    this.animator.update(this.state);
    bus.on('verdict', this, (v) => this.onVerdict(v));
    bus.on('storage', this, (e) => {
      if (!this.state || !this.animator) return;
      // A re-created file holds everything again at once; a failed write or a loss lasts until 'recovered'.
      if (e.kind === 'file-removed') return;
      this.state = withJournalFault(this.state, e.kind !== 'recovered');
      this.animator.update(this.state);
    });
    this.unlistenLost = display.onLost((reason) => this.onLost(reason));
    void this.connect();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.options.bus.removeListeners(this);
    this.unlistenLost?.();
    this.unlistenLost = undefined;
    this.scheduler.clear(this.retryTimer);
    this.retryTimer = undefined;
    this.animator?.stop();
    await this.options.display.close();
  }

  private onVerdict(v: Verdict): void {
    if (!this.state || !this.animator) return;
    this.state = reduceScoreboard(this.state, v, this.options.piecesInPlay);
    this.animator.update(this.state);
  }

  private async connect(): Promise<void> {
    this.retryTimer = undefined;
    const { display, bus } = this.options;
    try {
      await display.open();
    } catch (e) {
      if (!this.running) return;
      this.failures += 1;
      if (!this.outageReported) {
        this.outageReported = true;
        bus.emit('notice', {
          level: 'warn',
          message: `no ${display.label} (${(e as Error).message}); the referee runs on without it and keeps looking`,
        });
      }
      this.retryTimer = this.scheduler.setTimeout(
        () => void this.connect(),
        retryDelayMs(this.failures, this.options.backoff ?? DEFAULT_BACKOFF),
      );
      return;
    }
    if (!this.running) return void (await display.close());
    this.failures = 0;
    this.outageReported = false;
    bus.emit('notice', { level: 'info', message: `${display.label} connected` });
    // Redraw: whatever happened while it was away, the board shows the match as it is now.
    const frame = this.animator?.frame;
    if (frame) display.show(frame);
  }

  private onLost(reason: string): void {
    if (!this.running) return;
    this.outageReported = true;
    this.options.bus.emit('notice', { level: 'warn', message: `${this.options.display.label} lost (${reason}); reconnecting quietly` });
    this.failures = 1;
    this.retryTimer = this.scheduler.setTimeout(
      () => void this.connect(),
      retryDelayMs(this.failures, this.options.backoff ?? DEFAULT_BACKOFF),
    );
  }
}
