/**
 * Two simulated players at the simulated board. They watch the referee's verdicts as
 * players watch the scoring board, and act on the board only with their hands (the
 * simulator's scripted actions): the referee sees nothing but load cells and tilt
 * switches. After a game they set up the start position again; when the referee and the
 * board disagree for too long they put the board back as the referee last saw it.
 */
import type { SimBoard } from '../../hardware/sim/sim-board.ts';
import { Rng } from '../../hardware/sim/rng.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import { START_SPN, parseSpn, type BalanceModel } from '../../rules/senryaku/index.ts';
import type { EventBus } from '../event-bus.ts';
import type { Service } from '../service.ts';
import { planTurn, type PlanOdds } from './plan-turn.ts';
import { turnScript } from './turn-script.ts';

/** A start position short of one sphere: setting up is two steps, so the board visibly changes. */
const ALMOST_START = 'bbbBbbb/7/7/7/7/wwwWww1 w - -';
const SETUP_DELAY_MS = 2500;
const SETUP_STEP_MS = 1500;
/** Waiting this long for the referee to accept a move means it saw something else: tidy up. */
const STUCK_MS = 10_000;

export class Autoplayer implements Service {
  readonly name = 'autoplay';
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private expectedSpn = START_SPN;
  private turnToken = 0;
  private stopped = false;
  private rng: Rng;

  constructor(
    private readonly bus: EventBus,
    private readonly sim: SimBoard,
    private readonly model: BalanceModel,
    seed: number,
    private readonly odds?: PlanOdds,
  ) {
    this.rng = new Rng(seed).fork('autoplay');
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.bus.on('verdict', this, (v) => this.onVerdict(v));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.bus.removeListeners(this);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.stopped) fn();
    }, ms);
    this.timers.add(t);
  }

  private onVerdict(v: Verdict): void {
    switch (v.type) {
      case 'game-started':
        this.expectedSpn = v.spn;
        this.nextTurn();
        break;
      case 'move':
        this.expectedSpn = v.spn;
        this.nextTurn();
        break;
      case 'game-over':
        this.turnToken++;
        this.later(SETUP_DELAY_MS, () => this.setUpNextGame());
        break;
      case 'match-over':
        this.turnToken++;
        break;
      case 'resync-done':
        // A resumed match: the referee found the board as the journal left it. Players who
        // have not moved yet in this run take up the game from there; otherwise the turn in
        // progress (or its tidy-up) goes on as it was.
        if (this.turnToken === 0) {
          this.expectedSpn = v.spn;
          this.nextTurn();
        }
        break;
      default:
        break;
    }
  }

  private setUpNextGame(): void {
    this.sim.resetBoard(ALMOST_START);
    this.later(SETUP_STEP_MS, () => this.sim.resetBoard(START_SPN));
  }

  /** Plays the side to move; if no move is accepted in time, restores the board and tries again. */
  private nextTurn(): void {
    const token = ++this.turnToken;
    const pos = parseSpn(this.expectedSpn);
    if (!pos.ok) return;
    const plan = planTurn(pos.value, this.model, this.rng, this.odds);
    if (!plan) return; // no legal move: the referee ends the game
    void this.sim.play(turnScript(plan));
    this.later(STUCK_MS + plan.thinkMs + plan.holdMs + 4000, () => {
      if (token !== this.turnToken) return;
      this.bus.emit('notice', { level: 'info', message: 'autoplay: the board does not match the game; putting it back as the referee last saw it' });
      this.sim.resetBoard(this.expectedSpn);
      this.later(1500, () => token === this.turnToken && this.nextTurn());
    });
  }
}
