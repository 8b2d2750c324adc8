/**
 * The only timed part of the scoring board: walks the shown markers to their holes one hole
 * per step and runs the blink phase while something blinks. Every change of picture goes to
 * `show`. Timers run only while needed, and stop() clears them, so an idle board keeps
 * nothing alive.
 */
import type { ByPlayer } from '../../rules/match/track.ts';
import { blinks, composeFrame, framesEqual, sameHoles, stepMarkers, targetHoles, type ScoreboardFrame } from './frame.ts';
import type { ScoreboardState } from '../../presentation/scoreboard-model.ts';
import { realScheduler, type Scheduler, type TimerHandle } from '../../util/scheduler.ts';

export interface AnimationTiming {
  /** Time a moving marker rests in each hole on its way. */
  readonly stepMs: number;
  /** Half a blink period: on for this long, then off for this long. */
  readonly blinkMs: number;
}

export const DEFAULT_TIMING: AnimationTiming = { stepMs: 250, blinkMs: 500 };

export class ScoreboardAnimator {
  private state: ScoreboardState | undefined;
  private shown: ByPlayer<number> = { A: 0, B: 0 };
  private blinkOn = true;
  private stepTimer: TimerHandle | undefined;
  private blinkTimer: TimerHandle | undefined;
  private last: ScoreboardFrame | undefined;

  constructor(
    private readonly show: (frame: ScoreboardFrame) => void,
    private readonly timing: AnimationTiming = DEFAULT_TIMING,
    private readonly scheduler: Scheduler = realScheduler,
  ) {}

  /** The picture right now (what a reconnected display must be redrawn with). */
  get frame(): ScoreboardFrame | undefined {
    return this.last;
  }

  update(next: ScoreboardState): void {
    // The first state is drawn as it is: there is no earlier position to animate from.
    if (!this.state) this.shown = targetHoles(next);
    this.state = next;
    if (!sameHoles(this.shown, targetHoles(next)) && !this.stepTimer)
      this.stepTimer = this.scheduler.setInterval(() => this.step(), this.timing.stepMs);
    if (blinks(next) && !this.blinkTimer) {
      this.blinkOn = true; // a new blink starts lit, so it is seen at once
      this.blinkTimer = this.scheduler.setInterval(() => this.toggleBlink(), this.timing.blinkMs);
    } else if (!blinks(next)) this.stopBlink();
    this.draw();
  }

  stop(): void {
    this.scheduler.clear(this.stepTimer);
    this.stepTimer = undefined;
    this.stopBlink();
  }

  private step(): void {
    if (!this.state) return;
    const target = targetHoles(this.state);
    this.shown = stepMarkers(this.shown, target);
    if (sameHoles(this.shown, target)) {
      this.scheduler.clear(this.stepTimer);
      this.stepTimer = undefined;
    }
    this.draw();
  }

  private toggleBlink(): void {
    this.blinkOn = !this.blinkOn;
    this.draw();
  }

  private stopBlink(): void {
    this.scheduler.clear(this.blinkTimer);
    this.blinkTimer = undefined;
    this.blinkOn = true;
  }

  private draw(): void {
    if (!this.state) return;
    const frame = composeFrame(this.state, { markers: this.shown, blinkOn: this.blinkOn });
    if (this.last && framesEqual(this.last, frame)) return;
    this.last = frame;
    this.show(frame);
  }
}
