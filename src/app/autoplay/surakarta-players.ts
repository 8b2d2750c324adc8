/**
 * Simulated Surakarta players on the simulated board: they take turns as the referee's
 * verdicts report the game, each picking a legal move at random (captures preferred, so a
 * game ends), and play it with their hands: a step is lift + place; a capture lifts the
 * enemy piece off the destination first or the mover first, by chance, as real players do.
 * Between games they set the start position up again. They hear the game only from the bus
 * and act only through the board's physics, as a person at the board would.
 */
import type { SimBoard } from '../../hardware/sim/sim-board.ts';
import { Rng } from '../../hardware/sim/rng.ts';
import { SimScript } from '../../hardware/sim/script.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import { START_POSITION, cellChar, cellOf, legalMoves, parsePosition, type Move, type Position } from '../../rules/surakarta/index.ts';
import { realScheduler, type Scheduler, type TimerHandle } from '../../util/scheduler.ts';
import type { EventBus } from '../event-bus.ts';
import type { Service } from '../service.ts';

/** Think time before a move, and the pause between a hand's actions, ms. */
const THINK_MS = { min: 400, max: 1200 } as const;
const HAND_MS = { min: 300, max: 700 } as const;
/** After a game ends: the board is cleared, then set up again. */
const SETUP_DELAY_MS = 2000;
const SETUP_STEP_MS = 1500;
/** Captures are chosen this much more often than steps (random steps alone rarely end a game). */
const CAPTURE_WEIGHT = 8;

export class SurakartaPlayers implements Service {
  readonly name = 'surakarta-players';
  private readonly rng: Rng;
  private readonly timers = new Set<TimerHandle>();
  private stopped = true;
  /** Bumped at every verdict that changes whose turn it is: a stale plan never plays. */
  private token = 0;

  constructor(
    private readonly bus: EventBus,
    private readonly sim: SimBoard,
    seed: number,
    private readonly scheduler: Scheduler = realScheduler,
  ) {
    this.rng = new Rng(seed).fork('surakarta-players');
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.bus.on('verdict', this, (v) => this.onVerdict(v));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.bus.removeListeners(this);
    for (const t of this.timers) this.scheduler.clear(t);
    this.timers.clear();
  }

  private later(ms: number, fn: () => void): void {
    const t = this.scheduler.setTimeout(() => {
      this.timers.delete(t);
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(t);
  }

  private onVerdict(v: Verdict): void {
    switch (v.type) {
      case 'game-started':
      case 'move':
      case 'resync-done':
        this.token++;
        this.planTurn(v.position);
        break;
      case 'game-over':
        this.token++;
        this.later(SETUP_DELAY_MS, () => {
          this.sim.resetBoard('6/6/6/6/6/6');
          this.later(SETUP_STEP_MS, () => this.sim.resetBoard(START_POSITION));
        });
        break;
      case 'match-over':
        this.token++;
        break;
      default:
        break;
    }
  }

  private planTurn(text: string): void {
    const pos = parsePosition(text);
    if (!pos.ok) return; // not a Surakarta position: not our game
    const move = this.choose(pos.value);
    if (!move) return; // no legal move: the referee passes the turn
    const token = this.token;
    this.later(this.rng.int(THINK_MS.min, THINK_MS.max), () => {
      if (token === this.token) void this.sim.play(this.script(pos.value, move));
    });
  }

  private choose(pos: Position): Move | undefined {
    const moves = legalMoves(pos);
    if (moves.length === 0) return undefined;
    const weighted = moves.flatMap((m) => (m.capture ? Array<Move>(CAPTURE_WEIGHT).fill(m) : [m]));
    return weighted[this.rng.int(0, weighted.length - 1)];
  }

  private script(pos: Position, move: Move): SimScript {
    const pause = (): number => this.rng.int(HAND_MS.min, HAND_MS.max);
    const kind = cellChar(cellOf(pos.turn));
    const script = new SimScript();
    if (move.capture && this.rng.chance(0.5)) script.lift(move.to).lift(move.from, { afterMs: pause() });
    else if (move.capture) script.lift(move.from).lift(move.to, { afterMs: pause() });
    else script.lift(move.from);
    return script.place(move.to, { kind, afterMs: pause() });
  }
}

/** RefereeApp's `simulatedPlayers` for a Surakarta session on the simulated board. */
export const surakartaPlayersOn =
  (sim: SimBoard, seed: number, scheduler?: Scheduler) =>
  (bus: EventBus): SurakartaPlayers =>
    new SurakartaPlayers(bus, sim, seed, scheduler);
