/**
 * Two simulated players at the simulated board, for any game (game.ts says what a game
 * gives them). They watch the referee's verdicts as players watch the scoring board, and
 * act on the board only with their hands (the simulator's scripted actions): the referee
 * sees nothing but load cells and tilt switches. After a game they set up the start
 * position again. When the referee calls a foul or asks for a resync they answer as their
 * game's players do (`answers`: fouls.ts, resync.ts). When nothing the referee says answers
 * the hands for a while, they put the board back as the referee last saw it and think again.
 *
 * Every verdict that changes whose turn it is bumps a token: a plan made in an older
 * position never plays, and what waits on a turn (a watchdog, a foul's put-right) stands
 * down when the game moved on without it. After each turn they say on the bus ('play') what
 * their hands did and what a correct referee must call for it (ledger.ts): the ground truth
 * the accuracy sweep holds the verdicts to.
 */
import type { SimBoard, StepOutcome } from '../hardware/sim/sim-board.ts';
import { Rng } from '../util/rng.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { TimerSet, realScheduler, type Scheduler } from '../util/scheduler.ts';
import type { GamePlayers, GamePosition, PlannedTurn, TurnActions } from './game.ts';
import { RestoreSteps, ownScript, type FoulAnswering } from './fouls.ts';
import { callsMade, turnRecord, type PlayRecord, type ScriptRun } from './ledger.ts';
import { NewTurn, SameTurnAgain, type ResyncAnswering } from './resync.ts';
import type { PlayersAtTable, Turn } from './table.ts';

/** The bus as the players use it (the app's EventBus is one): they hear verdicts, and say what they did. */
export interface PlayersBus {
  on(topic: 'verdict', owner: object, fn: (v: Verdict) => void): void;
  emit(topic: 'play', record: PlayRecord): void;
  emit(topic: 'notice', notice: { readonly level: 'info'; readonly message: string }): void;
  removeListeners(owner: object): void;
}

/** Who sits at the table: `computer`, the player (A or B) whose moves the computer decides; its hands carry them out. */
export interface PlayersSeats {
  readonly computer?: string;
}

/**
 * Setting up is two steps: clear the board, then set out the start position. The simulator
 * moves every piece of a step at once, and the referee may sense those changes in any
 * order; from a cleared board every partial view has fewer pieces than the start, so it
 * can never see the start position before it stands. (Going through "the start short of
 * one piece" instead, a view with that piece's removal sensed last looked like the start
 * position, and the next game began with a phantom lift.)
 */
const SETUP_STEP_MS = 1500;
/** From a tidy-up to the players thinking again. */
const THINK_AGAIN_MS = 1500;
/** A turn given up before its hands ended it: no step called. */
const NOTHING_RUN: ScriptRun = { calls: [], outcomes: [], tipAtMs: undefined };

export class SimulatedPlayers<Position extends GamePosition, Plan extends PlannedTurn> implements PlayersAtTable<Position, Plan> {
  readonly name: string;
  private readonly timers: TimerSet;
  private readonly resync: ResyncAnswering;
  private readonly fouls: FoulAnswering;
  #stopped = true;
  #token = 0;
  #turn: Turn<Position, Plan> | undefined;
  #hands: Promise<unknown> = Promise.resolve();
  /** The last legal position, as the referee said it. */
  private expected: Position | undefined;
  /** Bumped when a setup is due and when an attribution takes the game's end back: a stale setup stands down. */
  private setup = 0;
  /** The last legal position of the game that ended: where it goes on if its end is taken back. */
  private ended: Position | undefined;
  /** The game being played, as the referee numbered it when it started (labels the ledger). */
  private game = 0;
  /** The side the computer's player has in the game being played. */
  private computerSide: string | undefined;
  /** The computer's move the referee said last, for the position it was said in. */
  private computerMove: { readonly move: string; readonly position: string } | undefined;

  constructor(
    private readonly rules: GamePlayers<Position, Plan>,
    private readonly bus: PlayersBus,
    private readonly sim: SimBoard,
    /** The players' own seeded stream (`playersOn` forks it by the game's name). */
    private readonly rng: Rng,
    /** The players' clock: think times and pauses (default the real one). */
    scheduler: Scheduler = realScheduler,
    private readonly seats: PlayersSeats = {},
  ) {
    this.name = rules.name;
    this.timers = new TimerSet(scheduler);
    const { answers } = rules;
    this.resync = answers.resync === 'same-turn' ? new SameTurnAgain(this) : new NewTurn(this);
    this.fouls = answers.foul === 'restore-steps' ? new RestoreSteps(this, answers.moveAlone) : ownScript;
  }

  get stopped(): boolean {
    return this.#stopped;
  }
  get token(): number {
    return this.#token;
  }
  get turn(): Turn<Position, Plan> | undefined {
    return this.#turn;
  }
  get hands(): Promise<unknown> {
    return this.#hands;
  }

  async start(): Promise<void> {
    this.#stopped = false;
    this.bus.on('verdict', this, (v) => this.onVerdict(v));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.bus.removeListeners(this);
    this.timers.clearAll();
  }

  later(ms: number, fn: () => void): void {
    this.timers.later(ms, fn);
  }

  bump(): number {
    return ++this.#token;
  }

  private onVerdict(v: Verdict): void {
    switch (v.type) {
      case 'game-started':
        this.game = v.game;
        this.computerSide = Object.entries(v.players).find(([, player]) => player === this.seats.computer)?.[0];
        this.newPosition(v.position);
        break;
      case 'computer-move':
        this.computerMove = { move: v.move, position: v.position };
        // Its player's hands wait for it (planTurn): they carry it out now.
        if (v.side === this.expected?.turn && !this.turn) this.planTurn();
        break;
      case 'move':
      case 'takeback': // the game goes on from the earlier position: its side to move plans again
        this.newPosition(v.position);
        break;
      case 'foul':
        this.fouls.called(v.restore);
        break;
      case 'restored':
        this.fouls.restored();
        break;
      case 'resync-needed':
        this.resync.needed();
        break;
      case 'resync-done':
        this.resync.done(v.position);
        break;
      case 'game-over':
        this.ended = this.expected ?? this.ended;
        this.endTurns();
        this.setUpNextGame();
        break;
      case 'attributed':
        // The operator took the game's end back: no setup. To nobody, the game goes on (resync verdicts follow).
        this.setup++;
        if (v.to === 'none') {
          this.expected = this.ended;
          this.resync.goOn();
        }
        break;
      case 'match-over':
        this.endTurns();
        break;
      default:
        break;
    }
  }

  private endTurns(): void {
    this.#token++;
    this.#turn = undefined;
    this.expected = undefined;
    this.resync.forget();
  }

  private setUpNextGame(): void {
    const setup = ++this.setup;
    this.later(this.rules.setup.afterMs, () => {
      if (setup !== this.setup) return;
      this.sim.resetBoard(this.rules.setup.cleared);
      this.later(SETUP_STEP_MS, () => setup === this.setup && this.sim.resetBoard(this.rules.setup.start));
    });
  }

  newPosition(text: string): void {
    this.endTurns();
    this.expected = this.rules.parse(text);
    if (!this.expected) return; // not this game's position
    const token = this.token;
    if (this.rules.reactMs === 0) this.planTurn();
    else this.later(this.rules.reactMs, () => token === this.token && this.planTurn());
  }

  takeUp(text: string, afterMs: number): void {
    this.expected = this.rules.parse(text);
    this.later(afterMs, () => this.planTurn());
  }

  /** Plans the side to move's turn and plays it; a side with no turn to play leaves it to the referee. */
  private planTurn(): void {
    this.resync.forget();
    const pos = this.expected;
    if (!pos) return;
    const planned = pos.turn === this.computerSide ? this.computersTurn(pos) : this.rules.plan(pos, this.rng);
    if (!planned) {
      this.#token++;
      this.#turn = undefined;
      return;
    }
    this.expected = planned.position;
    this.replay(planned.plan);
  }

  /**
   * The computer's side plays only the computer's move: none yet said for this position, its
   * hands wait (the `computer-move` verdict plans the turn again).
   */
  private computersTurn(pos: Position): { readonly position: Position; readonly plan: Plan } | undefined {
    const said = this.computerMove;
    if (!said || said.position !== this.rules.format(pos)) return undefined;
    return this.rules.planMove(pos, said.move, this.rng);
  }

  replay(plan: Plan): void {
    const position = this.expected;
    if (!position) return;
    const turn: Turn<Position, Plan> = {
      token: ++this.#token,
      plan,
      game: this.game,
      position,
      fouls: [],
      hands: Promise.resolve(),
      step: 0,
    };
    this.#turn = turn;
    void this.play(turn, this.rules.hands(plan, this.sim.physics.rigid.geometry.pitch));
  }

  /** Plays a script of the turn; if the referee does not answer in time, tidies up. */
  play(turn: Turn<Position, Plan>, actions: TurnActions): Promise<unknown> {
    const step = ++turn.step;
    const startMs = this.sim.nowMs;
    const done = this.sim.play(actions.script);
    turn.hands = done;
    this.#hands = done;
    void done.then((outcomes) => this.account(turn, actions, outcomes, startMs));
    this.later(actions.answerWithinMs, () => this.turn === turn && turn.step === step && turn.token === this.token && this.tidyUp());
    return done;
  }

  /** Once a script's hands are done: a foul it stopped at waits for the turn's end; a script that ends the turn goes into the ledger. */
  private account(turn: Turn<Position, Plan>, actions: TurnActions, outcomes: readonly StepOutcome[], startMs: number): void {
    if (this.stopped || actions.ends === 'put-right') return;
    const tip = this.sim.physics.lastTip;
    const run = { calls: actions.calls, outcomes, tipAtMs: tip && tip.atMs >= startMs ? tip.atMs : undefined };
    if (actions.ends === 'foul') turn.fouls.push(...callsMade(turn.position.turn, run).fouls);
    else this.bus.emit('play', turnRecord(this.rules, this.ledgerTurn(turn), run));
  }

  /** A turn given up: the fouls it committed still go into the ledger. */
  private abandon(turn: Turn<Position, Plan> | undefined): void {
    if (turn && turn.fouls.length > 0) this.bus.emit('play', turnRecord(this.rules, this.ledgerTurn(turn), NOTHING_RUN));
  }

  private ledgerTurn(turn: Turn<Position, Plan>) {
    return { game: turn.game, position: turn.position, plan: turn.plan, earlier: turn.fouls.splice(0) };
  }

  giveUp(): void {
    this.abandon(this.turn);
    this.#token++;
    this.#turn = undefined;
  }

  putBack(say: boolean): void {
    const pos = this.expected;
    if (!pos) return;
    if (say) this.bus.emit('play', { kind: 'put-back', game: this.game, why: 'resync' });
    this.sim.resetBoard(this.rules.format(pos));
  }

  /**
   * The referee and the board disagree and nobody says why: put the board back as the
   * referee last saw it, think again. The turn stays in hand (a resync that follows puts it
   * back and plays it again, for players who answer so), but nothing waits on it any more.
   */
  tidyUp(): void {
    const pos = this.expected;
    this.abandon(this.turn);
    this.#token++;
    this.resync.forget();
    this.bus.emit('play', { kind: 'put-back', game: this.game, why: 'tidy-up' });
    if (!pos) return;
    this.bus.emit('notice', {
      level: 'info',
      message: 'autoplay: the board does not match the game; putting it back as the referee last saw it',
    });
    this.sim.resetBoard(this.rules.format(pos));
    const token = this.token;
    this.later(THINK_AGAIN_MS, () => token === this.token && this.planTurn());
  }
}

/** RefereeApp's `simulatedPlayers` for a game on the simulated board: the players' stream forked from `seed` by the game's name. */
export const playersOn =
  <Position extends GamePosition, Plan extends PlannedTurn>(
    rules: GamePlayers<Position, Plan>,
    sim: SimBoard,
    seed: number,
    scheduler?: Scheduler,
  ) =>
  (bus: PlayersBus, seats?: PlayersSeats): SimulatedPlayers<Position, Plan> =>
    new SimulatedPlayers(rules, bus, sim, new Rng(seed).fork(rules.name), scheduler, seats);
