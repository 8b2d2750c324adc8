/**
 * Two simulated players at the simulated board. They watch the referee's verdicts as
 * players watch the scoring board, and act on the board only with their hands (the
 * simulator's scripted actions): the referee sees nothing but load cells and tilt
 * switches. After a game they set up the start position again. When the referee asks for
 * a resync (a reboot or a lost link hid part of a turn), they finish what is in their
 * hands, put the board back as the game stands and, once the referee agrees, play the turn
 * they had planned again (so a fault never changes what they choose). When the referee and
 * the board disagree for too long without a word, they put the board back as the referee
 * last saw it and think again.
 *
 * After each turn they say on the bus ('play') what they did and what a correct referee
 * must call for it (ledger.ts): the ground truth the accuracy sweep holds the verdicts to.
 */
import type { SimBoard, StepOutcome } from '../../hardware/sim/sim-board.ts';
import { Rng } from '../../hardware/sim/rng.ts';
import type { Verdict } from '../../referee/verdicts.ts';
import { BalanceModel, START_SPN, parseSpn, type BoardProfile, type Position } from '../../rules/senryaku/index.ts';
import type { EventBus } from '../event-bus.ts';
import type { Service } from '../service.ts';
import { TimerSet, realScheduler, type Scheduler } from '../../util/scheduler.ts';
import { planTurn, type PlanOdds, type TurnPlan } from './plan-turn.ts';
import { turnRecord } from './ledger.ts';
import { turnScript, type StepCall } from './turn-script.ts';

/**
 * Setting up is two steps: clear the board, then set out the start position. The simulator
 * moves every sphere of a step at once, and the referee may sense those changes in any
 * order; from a cleared board every partial view has fewer spheres than the start, so it
 * can never see the start position before it stands. (Going through "the start short of
 * one sphere" instead, a view with that sphere's removal sensed last looked like the start
 * position, and the next game began with a phantom lift.)
 */
const CLEARED = '7/7/7/7/7/7';
const SETUP_DELAY_MS = 2500;
const SETUP_STEP_MS = 1500;
/** Waiting this long for the referee to accept a move means it saw something else: tidy up. */
const STUCK_MS = 10_000;
/** From the referee's resync-done to the players taking up their turn again. */
const REDO_DELAY_MS = 800;

/** A turn being put right after the referee asked for a resync. */
interface Restoring {
  readonly token: number;
  readonly plan: TurnPlan;
  /** The board has been put back: waiting for resync-done. */
  boardBack: boolean;
}

export class Autoplayer implements Service {
  readonly name = 'autoplay';
  private readonly timers: TimerSet;
  private expectedSpn = START_SPN;
  private turnToken = 0;
  private stopped = false;
  /** The turn being played, and its hand actions until they are done. */
  private turn: { readonly plan: TurnPlan; readonly done: Promise<unknown> } | undefined;
  private restoring: Restoring | undefined;
  /** The referee's last word on a resync: it is back to play after 'done'. */
  private resyncState: 'needed' | 'done' = 'done';
  private rng: Rng;
  /** The game being played, as the referee numbered it when it started (labels the ledger). */
  private game = 0;
  /** Bumped when a setup is due and when an attribution takes the game's end back: a stale setup stands down. */
  private setup = 0;
  /** A holding was attributed to nobody: the game goes on once the referee has the board again. */
  private resuming = false;

  constructor(
    private readonly bus: EventBus,
    private readonly sim: SimBoard,
    private readonly model: BalanceModel,
    seed: number,
    private readonly odds?: PlanOdds,
    /** The players' clock: think times and pauses (default the real one). */
    private readonly scheduler: Scheduler = realScheduler,
  ) {
    this.rng = new Rng(seed).fork('autoplay');
    this.timers = new TimerSet(scheduler);
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.bus.on('verdict', this, (v) => this.onVerdict(v));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.bus.removeListeners(this);
    this.timers.clearAll();
  }

  private later(ms: number, fn: () => void): void {
    this.timers.later(ms, fn);
  }

  private onVerdict(v: Verdict): void {
    switch (v.type) {
      case 'game-started':
        this.game = v.game;
        this.expectedSpn = v.position;
        this.nextTurn();
        break;
      case 'move':
        this.expectedSpn = v.position;
        this.nextTurn();
        break;
      case 'game-over': {
        this.turnToken++;
        this.turn = undefined;
        const setup = ++this.setup;
        this.later(SETUP_DELAY_MS, () => setup === this.setup && this.setUpNextGame(setup));
        break;
      }
      case 'attributed':
        // The operator took the game's end back: no setup; to nobody, the game goes on (resync verdicts follow).
        this.setup++;
        this.resuming = v.to === 'none';
        break;
      case 'match-over':
        this.turnToken++;
        this.turn = undefined;
        break;
      case 'resync-needed':
        this.resyncState = 'needed';
        if (this.resuming) this.sim.resetBoard(this.expectedSpn);
        else this.restore();
        break;
      case 'resync-done':
        this.resyncState = 'done';
        if (this.resuming) {
          this.resuming = false;
          this.expectedSpn = v.position;
          this.later(REDO_DELAY_MS, () => this.nextTurn());
          break;
        }
        // A resumed match: the referee found the board as the journal left it. Players who
        // have not moved yet in this run take up the game from there; players who put the
        // board back play their turn again; otherwise the turn in progress goes on.
        if (this.turnToken === 0) {
          this.expectedSpn = v.position;
          this.nextTurn();
        } else if (this.restoring?.boardBack) this.redo(this.restoring);
        break;
      default:
        break;
    }
  }

  private setUpNextGame(setup: number): void {
    this.sim.resetBoard(CLEARED);
    this.later(SETUP_STEP_MS, () => setup === this.setup && this.sim.resetBoard(START_SPN));
  }

  /** Plans the side to move's turn and plays it. */
  private nextTurn(): void {
    this.restoring = undefined;
    const pos = parseSpn(this.expectedSpn);
    const plan = pos.ok ? planTurn(pos.value, this.model, this.rng, this.odds) : undefined;
    if (!plan) {
      // no legal move: the referee ends the game
      this.turnToken++;
      this.turn = undefined;
      return;
    }
    this.play(plan);
  }

  /**
   * The referee asked for a resync during a turn: once the hand is done, the board goes
   * back to the game's position; the turn is played again after the referee's resync-done
   * (see onVerdict). Asked again meanwhile, the players are already at it.
   */
  private restore(): void {
    const turn = this.turn;
    if (!turn || this.restoring) return;
    const restoring: Restoring = { token: ++this.turnToken, plan: turn.plan, boardBack: false };
    this.restoring = restoring;
    void turn.done.then(() => {
      if (this.stopped || restoring !== this.restoring || restoring.token !== this.turnToken) return;
      this.bus.emit('play', { kind: 'put-back', game: this.game, why: 'resync' });
      this.sim.resetBoard(this.expectedSpn);
      restoring.boardBack = true;
      // Already back to play (the board matched again by itself): no resync-done will come.
      if (this.resyncState === 'done') this.redo(restoring);
    });
    this.later(STUCK_MS + 4000, () => restoring === this.restoring && restoring.token === this.turnToken && this.tidyUp(restoring.token));
  }

  private redo(restoring: Restoring): void {
    this.later(REDO_DELAY_MS, () => {
      if (restoring !== this.restoring || restoring.token !== this.turnToken) return;
      this.restoring = undefined;
      this.play(restoring.plan);
    });
  }

  /** Plays a planned turn; if no move is accepted in time, restores the board and thinks again. */
  private play(plan: TurnPlan): void {
    const token = ++this.turnToken;
    const pos = parseSpn(this.expectedSpn);
    const actions = turnScript(plan, this.sim.physics.rigid.geometry.pitch);
    const startMs = this.sim.nowMs;
    const done = this.sim.play(actions.script);
    this.turn = { plan, done };
    if (pos.ok) this.account(pos.value, plan, actions.calls, startMs, done);
    this.later(STUCK_MS + plan.thinkMs + plan.holdMs + 4000, () => token === this.turnToken && this.tidyUp(token));
  }

  /** Once the turn's hands are done: what they did, and what the referee must call for it, into the ledger. */
  private account(position: Position, plan: TurnPlan, calls: readonly StepCall[], startMs: number, done: Promise<StepOutcome[]>): void {
    const game = this.game;
    void done.then((outcomes) => {
      if (this.stopped) return;
      const tip = this.sim.physics.lastTip;
      const tipAtMs = tip && tip.atMs >= startMs ? tip.atMs : undefined;
      this.bus.emit('play', turnRecord({ game, position, plan, calls, outcomes, tipAtMs }));
    });
  }

  /** The referee and the board disagree and nobody says why: put the board back as the referee last saw it, think again. */
  private tidyUp(token: number): void {
    this.restoring = undefined;
    this.bus.emit('notice', {
      level: 'info',
      message: 'autoplay: the board does not match the game; putting it back as the referee last saw it',
    });
    this.bus.emit('play', { kind: 'put-back', game: this.game, why: 'tidy-up' });
    this.sim.resetBoard(this.expectedSpn);
    this.later(1500, () => token === this.turnToken && this.nextTurn());
  }
}

/**
 * The simulated players of a session on the simulated board (RefereeApp's `simulatedPlayers`):
 * they plan with the balance model of the board's profile.
 */
export const simulatedPlayersOn =
  (sim: SimBoard, profile: BoardProfile, seed: number, odds?: PlanOdds, scheduler?: Scheduler) =>
  (bus: EventBus): Autoplayer =>
    new Autoplayer(bus, sim, BalanceModel.fromProfile(profile), seed, odds, scheduler);
