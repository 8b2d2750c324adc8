/**
 * The virtual scoring board in the terminal: its picture is printed when a game starts and
 * once the markers have finished moving after a game ends (the picture also blinks, so
 * printing every change would flood the terminal).
 */
import type { TextOutput } from '../../util/text-output.ts';
import type { VirtualScoreboard } from '../../hardware/scoreboard/index.ts';
import type { EventBus } from '../event-bus.ts';
import type { Service } from '../service.ts';
import { realScheduler, type Scheduler, type TimerHandle } from '../../util/scheduler.ts';

const SETTLE_MS = 2500;

export class ScoreboardView implements Service {
  readonly name = 'scoreboard-view';
  private readonly timers = new Set<TimerHandle>();

  constructor(
    private readonly bus: EventBus,
    private readonly board: VirtualScoreboard,
    private readonly io: TextOutput,
    private readonly scheduler: Scheduler = realScheduler,
  ) {}

  async start(): Promise<void> {
    this.bus.on('verdict', this, (v) => {
      if (v.type === 'game-started') this.print();
      if (v.type === 'game-over' || v.type === 'match-over' || v.type === 'attributed') {
        const t = this.scheduler.setTimeout(() => {
          this.timers.delete(t);
          this.print();
        }, SETTLE_MS);
        this.timers.add(t);
      }
    });
  }

  async stop(): Promise<void> {
    this.bus.removeListeners(this);
    for (const t of this.timers) this.scheduler.clear(t);
    this.timers.clear();
  }

  private print(): void {
    for (const line of this.board.lines) this.io.out(`  scoring board | ${line}`);
  }
}
