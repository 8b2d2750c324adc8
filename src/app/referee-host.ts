/**
 * The referee process around its board: it referees one match at a time on the opened
 * board and starts another when asked (a new match, a calibration), while the board and the
 * services that live across matches (MQTT, the dashboard) stay up. Each match is a
 * RefereeApp of its own, with its own journal; the host only sequences them, one change at a
 * time, and never decides anything about a game.
 */
import type { Calibration } from '../sensing/calibration.ts';
import type { RefereeGame } from '../rulesets/ruleset.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { HostService } from './host-service.ts';
import type { LinkTap } from './link-tap.ts';
import { RefereeApp, type FinishReason, type RefereeAppConfig, type RefereeBoard, type SessionContext } from './referee-app.ts';
import type { Service } from './service.ts';

/** One match as the host starts it. */
export interface MatchPlan {
  readonly game: RefereeGame;
  readonly players: { readonly A: string; readonly B: string };
  /** Stop once this game number has ended. */
  readonly gamesLimit?: number;
  /** A journal to continue (the first match of a `--resume` run). */
  readonly resume?: RefereeAppConfig['resume'];
}

export interface RefereeHostConfig {
  readonly board: RefereeBoard;
  readonly calibration: Calibration;
  /** Everything a match's app needs beyond what the host decides (board, calibration, game, players). */
  appConfig(plan: MatchPlan, calibration: Calibration): Omit<RefereeAppConfig, 'board' | 'calibration' | 'game' | 'players' | 'tap'>;
  /** Services that live across matches: each hears every match from its start to its stop. */
  readonly services?: readonly HostService[];
  /** After a match ends, keep it on the board and wait for the next (else `finished` resolves). */
  readonly stay?: boolean;
  /** Before a match other than the first: the board made ready for it (a simulated board's players set it up). */
  prepareBoard?(plan: MatchPlan): void;
  /** Guided calibration of the board (the link is the host's, running); undefined: this board cannot be calibrated here. */
  calibrate?(): Promise<Result<Calibration, string>>;
}

export type HostFinish = FinishReason;

export class RefereeHost {
  private app: RefereeApp | undefined;
  private plan: MatchPlan | undefined;
  private calibration: Calibration;
  /** One change at a time: a request waits for the one before it. */
  private changing: Promise<unknown> = Promise.resolve();
  private lostRecords = 0;
  private finish: ((r: HostFinish) => void) | undefined;
  /** Resolves when a match ends and the host does not stay for another. */
  readonly finished: Promise<HostFinish>;
  private activity: 'refereeing' | 'calibrating' | 'stopped' = 'stopped';
  /** The current match has ended (match over, or its last game played): a new one leaves nothing unfinished. */
  private ended = false;
  /** The journal of every match this host has refereed, by match id. */
  private readonly journals = new Map<string, string>();

  constructor(private readonly config: RefereeHostConfig) {
    this.calibration = config.calibration;
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

  /** Whether the current match is under way and not over: leaving it now would leave it unfinished. */
  get matchUnfinished(): boolean {
    const snapshot = this.app?.snapshot();
    if (!snapshot || this.ended) return false;
    return !(snapshot.phase === 'setup' && snapshot.game === 1) && snapshot.phase !== 'match-over';
  }

  /**
   * Starts the host services and the first match. `tap`: the link's events since it started
   * (when the caller started it to read the board's HELLO). Throws what RefereeApp.start
   * throws (JournalOpenError), after letting go of what was started.
   */
  async start(plan: MatchPlan, tap?: LinkTap): Promise<void> {
    for (const s of this.config.services ?? []) await s.start();
    await this.startMatch(plan, tap);
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

  /** Stops the match and every host service. Resolves with the journal records lost for good over every match. */
  async stop(): Promise<{ readonly lostRecords: number }> {
    await this.serially(() => this.stopMatch());
    for (const s of [...(this.config.services ?? [])].reverse()) await s.stop();
    return { lostRecords: this.lostRecords };
  }

  private calibrateBoard(): Promise<Result<Calibration, string>> {
    return this.config.calibrate ? this.config.calibrate() : Promise.resolve(err('no calibration'));
  }

  private async startMatch(plan: MatchPlan, tap?: LinkTap): Promise<RefereeApp> {
    const c = this.config;
    const base = c.appConfig(plan, this.calibration);
    const app = new RefereeApp({
      ...base,
      // The host closes the board at the end, not each match.
      board: { link: c.board.link, description: c.board.description, close: async () => {} },
      calibration: this.calibration,
      game: plan.game,
      players: plan.players,
      ...(plan.resume ? { resume: plan.resume } : {}),
      ...(plan.gamesLimit !== undefined ? { gamesLimit: plan.gamesLimit } : {}),
      ...(tap ? { tap } : {}),
      services: [...(base.services ?? []), (session) => this.hostListeners(session)],
    });
    this.app = app;
    this.plan = plan;
    this.ended = false;
    try {
      await app.start();
    } catch (e) {
      this.app = undefined;
      this.lostRecords += (await app.stop()).lostRecords;
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
    if (app) this.lostRecords += (await app.stop()).lostRecords;
  }

  /** The host services, as one listener of the match: attached before its referee starts, detached after it stops. */
  private hostListeners(session: SessionContext): Service {
    const services = this.config.services ?? [];
    return {
      name: 'host-services',
      start: async () => {
        for (const s of services) s.attach(session);
      },
      stop: async () => {
        for (const s of services) s.detach();
      },
    };
  }

  private serially<T>(change: () => Promise<T>): Promise<T> {
    const next = this.changing.then(change);
    this.changing = next.catch(() => undefined);
    return next;
  }
}
