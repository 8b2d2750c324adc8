/**
 * The matches of a referee run, as one service: it referees one match at a time on the run's
 * board (each a RefereeApp with its own journal) and starts another when asked (a new match,
 * a calibration), while the board and the run's other services stay up. It only sequences
 * the matches, one change at a time, and has the run's services that hear matches attach to
 * each; it never decides anything about a game.
 */
import type { Calibration } from '../sensing/calibration.ts';
import type { RefereeGame } from '../rulesets/ruleset.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { LinkTap } from './link-tap.ts';
import type { JournalToResume } from './match-journal.ts';
import { RefereeApp, type FinishReason, type RefereeAppConfig, type RefereeBoard } from './referee-app.ts';
import type { Service } from './service.ts';
import type { ComputerSeat } from '../rulesets/computer-seat.ts';

/** One match as the host starts it. */
export interface MatchPlan {
  readonly game: RefereeGame;
  readonly players: { readonly A: string; readonly B: string };
  /** Stop once this game number has ended. */
  readonly gamesLimit?: number;
  /** A journal to continue (the first match of a `--resume` run). */
  readonly resume?: JournalToResume;
  /** The player the computer plays, and at what level (`--computer`); absent: two people. */
  readonly computer?: ComputerSeat;
}

/** The board the matches are refereed on, once it is open and its calibration found. */
export interface ReadyBoard extends Omit<RefereeBoard, 'close'> {
  readonly calibration: Calibration;
  /** The link's events since it was started to read the board's HELLO, if it was: the first match takes them. */
  readonly tap?: LinkTap;
}

export interface RefereeHostConfig {
  /** Read when the host starts: a run builds the host before its board is open. */
  readonly board: ReadyBoard;
  readonly firstMatch: MatchPlan;
  /** Everything a match's app needs beyond what the host decides (board, calibration, game, players, the services that hear it). */
  appConfig(plan: MatchPlan): Omit<RefereeAppConfig, 'board' | 'calibration' | 'game' | 'players' | 'tap' | 'services'>;
  /** Services of the run that hear every match: attached to each from its start to its stop (their owner starts and stops them). */
  readonly services?: readonly Service[];
  /** After a match ends, keep it on the board and wait for the next (else `finished` resolves). */
  readonly stay?: boolean;
  /** Before a match other than the first: the board made ready for it (a simulated board's players set it up). */
  prepareBoard?(plan: MatchPlan): void;
  /** Guided calibration of the board (the link is the host's, running); undefined: this board cannot be calibrated here. */
  calibrate?(): Promise<Result<Calibration, string>>;
}

export type HostFinish = FinishReason;

export class RefereeHost implements Service {
  readonly name = 'matches';
  private app: RefereeApp | undefined;
  private plan: MatchPlan | undefined;
  private calibration: Calibration | undefined;
  /** One change at a time: a request waits for the one before it. */
  private changing: Promise<unknown> = Promise.resolve();
  private lost = 0;
  private finish: ((r: HostFinish) => void) | undefined;
  /** Resolves when a match ends and the host does not stay for another. */
  readonly finished: Promise<HostFinish>;
  private activity: 'refereeing' | 'calibrating' | 'stopped' = 'stopped';
  /** The current match has ended (match over, or its last game played): a new one leaves nothing unfinished. */
  private ended = false;
  /** The journal of every match this host has refereed, by match id. */
  private readonly journals = new Map<string, string>();

  constructor(private readonly config: RefereeHostConfig) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  /** The match being refereed (or the last one, kept on the board after its end). */
  get current(): RefereeApp | undefined {
    return this.app;
  }

  /** The journal of a match this host refereed (the current one included), or undefined. */
  journalOf(matchId: string): string | undefined {
    return this.journals.get(matchId);
  }

  get lastPlan(): MatchPlan | undefined {
    return this.plan;
  }

  get doing(): 'refereeing' | 'calibrating' | 'stopped' {
    return this.activity;
  }

  /** Journal records lost for good to storage faults, over every match stopped so far. */
  get lostRecords(): number {
    return this.lost;
  }

  /** Whether the current match is under way and not over: leaving it now would leave it unfinished. */
  get matchUnfinished(): boolean {
    const snapshot = this.app?.snapshot();
    if (!snapshot || this.ended) return false;
    return !(snapshot.phase === 'setup' && snapshot.game === 1) && snapshot.phase !== 'match-over';
  }

  /** Starts the first match. Throws what RefereeApp.start throws (JournalOpenError), after letting go of what was started. */
  async start(): Promise<void> {
    this.calibration = this.config.board.calibration;
    await this.startMatch(this.config.firstMatch, this.config.board.tap);
  }

  /**
   * Stops the match in progress and starts `plan` on the same board. The caller decided the
   * match in progress may be left (its journal keeps it). An error: the new match's journal
   * could not be opened (the board then referees nothing until the next request).
   */
  newMatch(plan: MatchPlan): Promise<Result<RefereeApp, string>> {
    return this.serially(async () => {
      await this.stopMatch();
      this.config.prepareBoard?.(plan);
      try {
        return ok(await this.startMatch(plan));
      } catch (e) {
        return err((e as Error).message);
      }
    });
  }

  /**
   * Stops the match in progress, calibrates the board and saves the calibration, then
   * starts a new match like the last one (with the new calibration). On a failed
   * calibration the old one stays and the new match uses it.
   */
  recalibrate(): Promise<Result<{ readonly matchId: string }, string>> {
    if (!this.config.calibrate) return Promise.resolve(err('this board cannot be calibrated from here: use senryaku calibrate'));
    return this.serially(async () => {
      const plan = this.plan;
      if (!plan) return err('no match has been refereed on this board yet');
      await this.stopMatch();
      this.activity = 'calibrating';
      const calibrated = await this.calibrateBoard().catch((e: unknown) => err(`calibration failed: ${(e as Error).message}`));
      if (calibrated.ok) this.calibration = calibrated.value;
      const next: MatchPlan = {
        game: plan.game,
        players: plan.players,
        ...(plan.gamesLimit !== undefined ? { gamesLimit: plan.gamesLimit } : {}),
        ...(plan.computer ? { computer: plan.computer } : {}),
      };
      this.config.prepareBoard?.(next);
      let app: RefereeApp;
      try {
        app = await this.startMatch(next);
      } catch (e) {
        const before = calibrated.ok ? 'calibrated, but' : `${calibrated.error}, and`;
        return err(`${before} the next match could not start: ${(e as Error).message}`);
      }
      return calibrated.ok
        ? ok({ matchId: app.matchId })
        : err(`${calibrated.error}; the board keeps its old calibration (match ${app.matchId} started)`);
    });
  }

  /** Stops the match (the services that hear it are detached); `lostRecords` then counts every match's lost records. */
  async stop(): Promise<void> {
    await this.serially(() => this.stopMatch());
  }

  private calibrateBoard(): Promise<Result<Calibration, string>> {
    return this.config.calibrate ? this.config.calibrate() : Promise.resolve(err('no calibration'));
  }

  private async startMatch(plan: MatchPlan, tap?: LinkTap): Promise<RefereeApp> {
    const c = this.config;
    const calibration = this.calibration;
    if (!calibration) throw new Error('RefereeHost: a match before start()');
    const app = new RefereeApp({
      ...c.appConfig(plan),
      // The run closes the board at the end, not each match.
      board: { link: c.board.link, description: c.board.description, close: async () => {} },
      calibration,
      game: plan.game,
      players: plan.players,
      ...(plan.resume ? { resume: plan.resume } : {}),
      ...(plan.gamesLimit !== undefined ? { gamesLimit: plan.gamesLimit } : {}),
      ...(tap ? { tap } : {}),
      ...(c.services ? { services: c.services } : {}),
    });
    this.app = app;
    this.plan = plan;
    this.ended = false;
    try {
      await app.start();
    } catch (e) {
      this.app = undefined;
      this.lost += (await app.stop()).lostRecords;
      throw e;
    }
    this.activity = 'refereeing';
    this.journals.set(app.matchId, app.journalPath);
    void app.finished.then((why) => {
      if (this.app !== app) return;
      this.ended = true;
      if (!c.stay) this.finish?.(why);
    });
    return app;
  }

  private async stopMatch(): Promise<void> {
    const app = this.app;
    this.app = undefined;
    this.activity = 'stopped';
    if (app) this.lost += (await app.stop()).lostRecords;
  }

  private serially<T>(change: () => Promise<T>): Promise<T> {
    const next = this.changing.then(change);
    this.changing = next.catch(() => undefined);
    return next;
  }
}
