/**
 * Simulated Surakarta players on the simulated board. They take turns as the referee's
 * verdicts report the game and play with their hands (surakarta-plan.ts: mostly clean
 * moves, now and then a hesitation, a slow lift, a hand pressing a point, or a foul).
 * When the referee calls a foul they do its restore steps (put back, remove, move back,
 * by point name) and, once it says `restored`, play their turn again, cleanly. Between
 * games they set the start position up again. They hear the game only from the bus and act
 * only through the board's physics, as people at the board would.
 *
 * Every verdict that changes whose turn it is bumps a token: a plan made in an older
 * position never plays, and what a foul's put-right waits for is dropped when the game
 * moved on without it. When nothing the referee says answers the hands for a while, they
 * put the board back as the referee last saw it and think again.
 *
 * After each turn they say on the bus ('play') what their hands did and what a correct
 * referee must call for it (surakarta-ledger.ts), as Senryaku's players do: the accuracy
 * sweep holds the verdicts to it.
 */
import type { SimBoard } from '../../hardware/sim/sim-board.ts';
import { Rng } from '../../hardware/sim/rng.ts';
import type { SimScript } from '../../hardware/sim/script.ts';
import type { Restoration, Verdict } from '../../referee/verdicts.ts';
import { START_POSITION, formatPosition, gameStatus, parsePosition, playPass, type Position } from '../../rules/surakarta/index.ts';
import { TimerSet, realScheduler, type Scheduler } from '../../util/scheduler.ts';
import type { EventBus } from '../event-bus.ts';
import type { Service } from '../service.ts';
import type { StepOutcome } from '../../hardware/sim/sim-board.ts';
import type { ExpectedFoul } from './ledger.ts';
import { committedFoul, surakartaTurnRecord } from './surakarta-ledger.ts';
import { FOUL_ANTICS, SK_DEFAULT_ODDS, planSurakartaTurn, type SkPlanOdds, type SkTurnPlan } from './surakarta-plan.ts';
import { moveScript, restoreScript, turnScript } from './surakarta-script.ts';

/** After a game ends: the board is cleared, then set up again. */
const SETUP_DELAY_MS = 2000;
const SETUP_STEP_MS = 1500;
/** From a verdict to the hands starting on the turn (the think time is in the script). */
const REACT_MS = 100;
/** From a foul's call to the first restore step, and from `restored` to the turn played again. */
const NOTICE_MS = 800;
const REDO_MS = 700;
/** Hands done and the referee silent this long: the board is not what it thinks; tidy up. */
const STUCK_MS = 10_000;

/** The turn in hand: its plan, what the hands are doing, and a foul being put right. */
interface Turn {
  readonly token: number;
  readonly plan: SkTurnPlan;
  /** The game and the position it is played in (after a pass), for the ledger. */
  readonly game: number;
  readonly position: Position;
  /** Fouls the hands committed in this turn, not yet in the ledger. */
  readonly fouls: ExpectedFoul[];
  /** The hands' last script; resolves when its last step has run. */
  hands: Promise<unknown>;
  /** Bumped at every script and every foul: a watchdog armed at an older step stands down. */
  step: number;
  /** A foul stands: whether its restore steps are done, and whether the referee said `restored`. */
  foul?: { putRight: boolean; restored: boolean };
}

export class SurakartaPlayers implements Service {
  readonly name = 'surakarta-players';
  private readonly rng: Rng;
  private readonly timers: TimerSet;
  private stopped = true;
  /** Bumped at every verdict that changes whose turn it is: a stale plan never plays. */
  private token = 0;
  /** The last legal position, as the referee said it. */
  private expected: Position | undefined;
  private turn: Turn | undefined;
  /** Whatever the hands were last given to do (a resync waits for it). */
  private hands: Promise<unknown> = Promise.resolve();
  /** Bumped when a setup is due and when an attribution takes the game's end back: a stale setup stands down. */
  private setup = 0;
  /** The last legal position of the game that ended: where it goes on if its end is taken back. */
  private ended: Position | undefined;
  /** The game being played, as the referee numbered it when it started (labels the ledger). */
  private game = 0;

  constructor(
    private readonly bus: EventBus,
    private readonly sim: SimBoard,
    seed: number,
    private readonly scheduler: Scheduler = realScheduler,
    private readonly odds: SkPlanOdds = SK_DEFAULT_ODDS,
  ) {
    this.rng = new Rng(seed).fork('surakarta-players');
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
        this.newPosition(v.position);
        break;
      case 'move':
      case 'resync-done':
        this.newPosition(v.position);
        break;
      case 'foul':
        this.onFoul(v.restore);
        break;
      case 'restored':
        this.onRestored();
        break;
      case 'resync-needed':
        this.onResyncNeeded();
        break;
      case 'game-over': {
        this.ended = this.expected ?? this.ended;
        this.endTurns();
        const setup = ++this.setup;
        this.later(SETUP_DELAY_MS, () => {
          if (setup !== this.setup) return;
          this.sim.resetBoard('6/6/6/6/6/6');
          this.later(SETUP_STEP_MS, () => setup === this.setup && this.sim.resetBoard(START_POSITION));
        });
        break;
      }
      case 'attributed':
        // The operator took the game's end back: no setup. To nobody: the resync verdicts that follow
        // have the board put back (resync-needed) and the game taken up again (resync-done).
        this.setup++;
        if (v.to === 'none') this.expected = this.ended;
        break;
      case 'match-over':
        this.endTurns();
        break;
      default:
        break;
    }
  }

  private endTurns(): void {
    this.token++;
    this.turn = undefined;
    this.expected = undefined;
  }

  private newPosition(text: string): void {
    this.endTurns();
    const pos = parsePosition(text);
    if (!pos.ok) return; // not a Surakarta position: not our game
    this.expected = pos.value;
    const token = this.token;
    this.later(REACT_MS, () => token === this.token && this.planTurn());
  }

  /** Plans the side to move's turn (after its pass, when it has no move) and plays it. */
  private planTurn(): void {
    let pos = this.expected;
    if (!pos) return;
    const status = gameStatus({ position: pos });
    if (status.kind === 'over') return;
    if (status.kind === 'must-pass') {
      // The referee passes the turn at once, with a notice and no move verdict.
      const passed = playPass(pos);
      if (!passed.ok) return;
      pos = passed.value;
      this.expected = pos;
    }
    const plan = planSurakartaTurn(pos, this.rng, this.odds);
    if (!plan) return;
    const turn: Turn = { token: this.token, plan, game: this.game, position: pos, fouls: [], hands: Promise.resolve(), step: 0 };
    this.turn = turn;
    void this.play(turn, turnScript(plan), FOUL_ANTICS.includes(plan.antic) ? 'foul' : 'move');
  }

  /** `role`: what the ledger makes of the script once done (the move's, the foul antic's, or a put-right's). */
  private play(turn: Turn, script: SimScript, role: 'move' | 'foul' | 'put-right'): Promise<unknown> {
    const step = ++turn.step;
    const done = this.sim.play(script);
    turn.hands = done;
    this.hands = done;
    void done.then((outcomes) => this.account(turn, role, outcomes));
    this.later(script.durationMs + STUCK_MS, () => this.turn === turn && turn.step === step && this.tidyUp());
    return done;
  }

  /** Into the ledger: a foul committed, or the turn with its move once the move's script is done. */
  private account(turn: Turn, role: 'move' | 'foul' | 'put-right', outcomes: readonly StepOutcome[]): void {
    if (this.stopped || role === 'put-right') return;
    if (role === 'foul') {
      const foul = committedFoul(turn.position, turn.plan, outcomes);
      if (foul) turn.fouls.push(foul);
      return;
    }
    this.bus.emit('play', surakartaTurnRecord(turn.game, turn.position, turn.plan, turn.fouls.splice(0), outcomes));
  }

  /** A turn given up (tidy-up): the fouls it committed still go into the ledger. */
  private accountAbandoned(turn: Turn | undefined): void {
    if (turn && turn.fouls.length > 0)
      this.bus.emit('play', surakartaTurnRecord(turn.game, turn.position, turn.plan, turn.fouls.splice(0), []));
  }

  /** A foul in our turn: once the hands are done, the referee's restore steps. */
  private onFoul(steps: readonly Restoration[]): void {
    const turn = this.turn;
    if (!turn || turn.token !== this.token) return;
    const foul = { putRight: false, restored: false };
    turn.foul = foul;
    const step = ++turn.step;
    void turn.hands.then(() => {
      if (this.stopped || this.turn !== turn || turn.step !== step) return;
      void this.play(turn, restoreScript(steps, NOTICE_MS), 'put-right').then(() => {
        foul.putRight = true;
        this.redo(turn);
      });
    });
  }

  private onRestored(): void {
    const turn = this.turn;
    if (!turn?.foul || turn.token !== this.token) return;
    turn.foul.restored = true;
    this.redo(turn);
  }

  /** The board is put right and the referee agrees: the turn again, the planned move played cleanly. */
  private redo(turn: Turn): void {
    const foul = turn.foul;
    if (!foul?.putRight || !foul.restored || this.turn !== turn || turn.token !== this.token) return;
    turn.foul = undefined;
    void this.play(turn, moveScript(turn.plan, REDO_MS), 'move');
  }

  /** The referee lost sight of the board (a reboot, a lost link): once the hands are done, the board as the game stands. */
  private onResyncNeeded(): void {
    const pos = this.expected;
    this.accountAbandoned(this.turn);
    this.token++;
    this.turn = undefined;
    const token = this.token;
    void this.hands.then(() => {
      if (this.stopped || token !== this.token || !pos) return;
      this.bus.emit('play', { kind: 'put-back', game: this.game, why: 'resync' });
      this.sim.resetBoard(formatPosition(pos));
    });
  }

  /** The referee and the board disagree and nobody says why: put the board back as the referee last saw it, think again. */
  private tidyUp(): void {
    const pos = this.expected;
    this.accountAbandoned(this.turn);
    this.bus.emit('play', { kind: 'put-back', game: this.game, why: 'tidy-up' });
    this.token++;
    this.turn = undefined;
    if (!pos) return;
    this.bus.emit('notice', {
      level: 'info',
      message: 'autoplay: the board does not match the game; putting it back as the referee last saw it',
    });
    this.sim.resetBoard(formatPosition(pos));
    const token = this.token;
    this.later(1500, () => token === this.token && this.planTurn());
  }
}

/** RefereeApp's `simulatedPlayers` for a Surakarta session on the simulated board. */
export const surakartaPlayersOn =
  (sim: SimBoard, seed: number, scheduler?: Scheduler, odds?: SkPlanOdds) =>
  (bus: EventBus): SurakartaPlayers =>
    new SurakartaPlayers(bus, sim, seed, scheduler, odds);
