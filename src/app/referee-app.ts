/**
 * One refereed match on a board link: it opens the match's journal, builds the match's own
 * services (terminal, referee, scoring board, simulated players), has the run's services that
 * hear matches attach to it, starts them in order, and stops them in reverse. A run (a
 * RefereeHost) referees its matches one RefereeApp after another. Nothing here decides
 * anything about the game.
 */
import type { TextOutput } from '../util/text-output.ts';
import { createScoreboardService, type ScoreboardService } from './scoreboard/index.ts';
import type { VirtualScoreboard } from '../hardware/scoreboard/index.ts';
import type { BoardLink } from '../hardware/link/index.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { RefereeGame } from '../rulesets/ruleset.ts';
import type { Calibration } from '../sensing/calibration.ts';
import { EventBus, type LinkStatus, type LoggedVerdict } from './event-bus.ts';
import { formatOperatorAction, type Advice, type OperatorAction } from '../referee/inputs.ts';
import type { JournalHeader, JournalWriter } from '../journal/journal.ts';
import type { JournalFs } from '../journal/disk.ts';
import { resolveFallbackDirs } from '../journal/split.ts';
import { LinkTap } from './link-tap.ts';
import type { NumberedVerdict } from '../journal/resume.ts';
import { RefereePipeline } from '../pipeline/referee-pipeline.ts';
import { RefereeService, type RefereeServiceHooks } from './referee-service.ts';
import { ScoreboardView } from './scoreboard/view.ts';
import type { Service } from './service.ts';
import { realScheduler, type Scheduler } from '../util/scheduler.ts';
import { TerminalOutput } from './terminal-output.ts';
import type { MatchContext, MatchSnapshot } from './match-context.ts';
import { newJournalHeader, openMatchJournal, type JournalToResume } from './match-journal.ts';
import { WellLightsService } from './lights/service.ts';
import type { LightsOptions } from '../presentation/lights/picture.ts';
import { pointName } from '../board/grid.ts';
import type { HardwareProfile } from '../board/profile.ts';

export type { MatchContext, MatchSnapshot } from './match-context.ts';
export { JournalOpenError } from './match-journal.ts';
/** @deprecated The match as services see it is a MatchContext; this name stays only until src/web/ imports the new one. */
export type SessionContext = MatchContext;

/** The board as the referee uses it: its link, what to call it, how to let it go. */
export interface RefereeBoard {
  readonly link: BoardLink;
  /** "port /dev/ttyACM0", "simulated board (seed 1)". */
  readonly description: string;
  close(): Promise<void>;
}

export interface RefereeAppConfig {
  readonly board: RefereeBoard;
  readonly calibration: Calibration;
  readonly game: RefereeGame;
  readonly players: { readonly A: string; readonly B: string };
  readonly journalDir: string;
  /** Where a fallback journal goes when the journal cannot be written, in order (default: resolveFallbackDirs's). */
  readonly fallbackJournalDirs?: readonly string[];
  /** The disk the journals are written on (tests plug in one that fails). */
  readonly journalFs?: JournalFs;
  /** A journal to continue (the referee process restarted mid-match): a new session is appended to it. */
  readonly resume?: JournalToResume;
  /**
   * The link's events since it started, when the caller had to start it before the app
   * (to read the board's HELLO for its calibration). Without one the app taps the link
   * itself and starts it.
   */
  readonly tap?: LinkTap;
  /** Simulated players (on a simulated board): a service that plays on the board as the bus reports the game. */
  readonly simulatedPlayers?: (bus: EventBus) => Service;
  /**
   * Services of the run that hear this match (the match store, MQTT, the dashboard): attached
   * once the journal is open, before the referee starts; detached after it stops. Their owner
   * starts and stops them.
   */
  readonly services?: readonly Service[];
  /** Stop once this game number has ended. */
  readonly gamesLimit?: number;
  readonly io: TextOutput;
  readonly json: boolean;
  /** 'virtual' (text in the terminal), a serial port or 'auto' for the LED board, or 'none'. */
  readonly scoreboard: string;
  /** The board's well LEDs lit by the referee (a foul's wells to restore, destinations, the last move...); absent: left dark. */
  readonly lights?: LightsOptions;
  readonly source: JournalHeader['source'];
  /**
   * The run's clock and timers: journal times (the link's clock), the simulated players',
   * the scoring board's. Default the real clock.
   */
  readonly scheduler?: Scheduler;
  /** Fault injection for tests (a kill between the journal and the announcement). */
  readonly hooks?: RefereeServiceHooks;
}

export type FinishReason = 'games' | 'match-over';

export class RefereeApp {
  readonly bus = new EventBus();
  private link: LinkStatus = { state: 'connecting' };
  /** The match's own services, in start order (the terminal first: it hears what the others say). */
  private own: Service[] = [];
  /** The run's services that hear this match, attached in order. */
  private attached: readonly Service[] = [];
  private referee: RefereeService<unknown> | undefined;
  private journal: JournalWriter | undefined;
  private tap: LinkTap | undefined;
  private finish: ((r: FinishReason) => void) | undefined;
  readonly finished: Promise<FinishReason>;
  journalPath = '';
  /** The match's id (its journal header's), once started. */
  matchId = '';
  private journalHeader: JournalHeader | undefined;
  pipeline: RefereePipeline<unknown> | undefined;
  /** Every verdict of the match in its journal, seq - 1 its index: the earlier sessions', then this one's as logged. */
  private readonly verdictLog: Verdict[] = [];

  constructor(private readonly config: RefereeAppConfig) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  /** The referee's account of the match now, with the link's health; undefined before start(). */
  snapshot(): MatchSnapshot | undefined {
    if (!this.pipeline || !this.journal) return undefined;
    return { ruleset: this.config.game.ruleset.id, ...this.pipeline.refereeSnapshot(), link: this.link, journal: this.journal.status() };
  }

  async start(): Promise<void> {
    const c = this.config;
    const { ruleset, settings, profile } = c.game;
    // The caller built these settings; a game refusing them is a bug, not bad input.
    const referee = ruleset.referee.fromJson(settings, profile);
    if (!referee.ok) throw new Error(`${ruleset.name} settings: ${referee.error}`);
    const board = ruleset.boardProfile(profile);
    if (!board.ok) throw new Error(`${ruleset.name} board profile: ${board.error}`);
    const sensing = board.value.sensing(c.calibration);
    const journal = openMatchJournal({
      ruleset,
      referee: referee.value,
      ...(c.resume ? { resume: c.resume } : {}),
      journalDir: c.journalDir,
      fallbackDirs: c.fallbackJournalDirs ?? resolveFallbackDirs(undefined),
      ...(c.journalFs ? { fs: c.journalFs } : {}),
      header: (matchId) => newJournalHeader(matchId, c),
    });
    const { resumed, history } = journal;
    this.journal = journal.writer;
    this.journalHeader = journal.header;
    this.matchId = journal.header.matchId;
    this.journalPath = this.journal.path;
    // A board already connected (the match after another on the same link) says no new state.
    const { link } = c.board;
    if (link.state === 'ready' && link.hello) this.link = { state: 'ready', boardId: link.hello.boardId };
    this.pipeline = new RefereePipeline<unknown>({
      sensing,
      referee: referee.value,
      ...(resumed
        ? { refereeState: resumed.state, ...(resumed.lastInputMs !== undefined ? { resumeAfterMs: resumed.lastInputMs } : {}) }
        : {}),
    });

    const tap = c.tap ?? new LinkTap(c.board.link, c.scheduler);
    tap.start();
    this.tap = tap;
    this.referee = new RefereeService(
      tap,
      this.pipeline,
      this.journal,
      this.bus,
      { id: this.matchId, verdictsBefore: history.length },
      c.hooks,
    );
    // Before any service listens, so a verdict is in the log by the time a listener hears of it.
    this.verdictLog.push(...history);
    this.bus.on('logged', this.verdictLog, (l) => {
      if (l.seq === this.verdictLog.length + 1) this.verdictLog.push(l.verdict);
    });
    // The services that hear the match (terminal, store, MQTT, dashboard) stop after the
    // referee, so the verdicts it says while stopping still reach them.
    const terminal = new TerminalOutput(this.bus, c.io, c.json, c.game.ruleset.words, c.players);
    this.own = [terminal, this.referee];
    const scoreboard = this.scoreboardService(history);
    if (scoreboard) this.own.push(scoreboard);
    if (scoreboard && c.scoreboard === 'virtual' && !c.json)
      this.own.push(new ScoreboardView(this.bus, scoreboard.display as VirtualScoreboard, c.io, c.scheduler));
    if (c.lights) this.own.push(this.lightsService(c.lights, sensing.hardware, history));
    if (c.simulatedPlayers) this.own.push(c.simulatedPlayers(this.bus));
    await terminal.start();
    this.attached = c.services ?? [];
    const match = this.matchContext();
    for (const s of this.attached) s.attach?.(match);
    for (const s of this.own.slice(1)) await s.start();
    this.bus.on('verdict', this, (v) => this.watchEnd(v));
    this.bus.on('link', this, (l) => (this.link = l));
    for (const message of journal.warnings) this.bus.emit('notice', { level: 'warn', message });
    const status = this.journal.status();
    if (status.state !== 'main')
      this.bus.emit('notice', {
        level: 'warn',
        message: `the journal ${this.journalPath} cannot be written: this session goes to ${status.path}`,
      });
    this.sayAgain(journal.unsaid);
    if (c.resume?.sayAndFinish) {
      this.finish?.('match-over');
      return;
    }
    this.bus.emit('notice', { level: 'info', message: `Refereeing ${c.board.description}; journal ${this.journalPath}` });
    c.board.link.start();
  }

  /** A resume first says, on every output, what the last session journaled but may not have said. */
  private sayAgain(unsaid: readonly NumberedVerdict[]): void {
    if (unsaid.length === 0) return;
    const which = unsaid.length === 1 ? `verdict ${unsaid[0]!.seq}` : `verdicts ${unsaid[0]!.seq}–${unsaid.at(-1)!.seq}`;
    this.bus.emit('notice', {
      level: 'warn',
      message: `the journal holds ${which} from before the restart, perhaps never announced: said again now, marked repeated`,
    });
    this.referee?.repeat(unsaid);
  }

  /**
   * An operator's action (`agree`: the players end the game by agreement): the verdicts it
   * gave. Said on the bus as a notice when it changed nothing.
   */
  operate(action: OperatorAction): readonly Verdict[] {
    if (!this.referee) {
      this.bus.emit('notice', { level: 'warn', message: `no match is being refereed: '${formatOperatorAction(action)}' ignored` });
      return [];
    }
    const out = this.referee.operate(action);
    if (out.verdicts.length === 0)
      this.bus.emit('notice', {
        level: 'warn',
        message: `'${formatOperatorAction(action)}' changes nothing now (${this.config.game.ruleset.name} has no such ending, or no game is on)`,
      });
    return out.verdicts;
  }

  /**
   * An engine's advice (the computer's move, a hint: inputs.ts, `Advice`): the verdicts it gave,
   * a `notice` when the referee refused it (a stale position, an illegal move).
   */
  advise(advice: Advice): readonly Verdict[] {
    if (!this.referee) {
      this.bus.emit('notice', { level: 'warn', message: `no match is being refereed: the ${advice.role} move ${advice.move} ignored` });
      return [];
    }
    return this.referee.advise(advice).verdicts;
  }

  /**
   * Stops every service, the board and the journal. Resolves with the number of journal
   * records lost for good to storage faults (0 when the match record is whole).
   */
  async stop(): Promise<{ readonly lostRecords: number }> {
    this.bus.removeListeners(this);
    const [terminal, ...rest] = this.own;
    for (const s of rest.reverse()) await s.stop();
    for (const s of [...this.attached].reverse()) s.detach?.();
    await terminal?.stop();
    this.bus.removeListeners(this.verdictLog);
    this.own = [];
    this.attached = [];
    this.referee = undefined;
    this.tap?.stop();
    await this.config.board.close();
    const journal = this.journal;
    if (!journal) return { lostRecords: 0 };
    journal.close(); // what is still not on disk at close is counted as dropped
    return { lostRecords: journal.droppedRecords };
  }

  /** The match's journaled verdicts numbered above `after` (MatchContext.verdictsAfter). */
  verdictsAfter(after: number): LoggedVerdict[] {
    const from = Math.max(0, Math.floor(after));
    return this.verdictLog.slice(from).map((verdict, i) => ({ matchId: this.matchId, seq: from + i + 1, verdict }));
  }

  /** The seq of the match's last verdict so far (0 before any). */
  get lastSeq(): number {
    return this.verdictLog.length;
  }

  /** The match's journal header, once started. */
  get matchHeader(): JournalHeader | undefined {
    return this.journalHeader;
  }

  private watchEnd(v: Verdict): void {
    if (v.type === 'match-over') this.finish?.('match-over');
    else if (v.type === 'game-over' && this.config.gamesLimit !== undefined && v.game >= this.config.gamesLimit) this.finish?.('games');
  }

  private matchContext(): MatchContext {
    const header = this.journalHeader;
    if (!header) throw new Error('the match has no journal yet');
    return {
      bus: this.bus,
      matchId: this.matchId,
      header,
      snapshot: () => this.snapshot(),
      operate: (a) => this.operate(a),
      advise: (a) => this.advise(a),
      liveLoads: () => this.pipeline?.liveLoads(this.config.board.link.counters()),
      verdictsAfter: (after) => this.verdictsAfter(after),
      lastSeq: () => this.lastSeq,
      scheduler: this.config.scheduler ?? realScheduler,
    };
  }

  /** The well LEDs, started after the referee so that it stops before it: its last command (all out) reaches the journal. */
  private lightsService(options: LightsOptions, hardware: HardwareProfile, history: readonly Verdict[]): WellLightsService {
    return new WellLightsService({
      bus: this.bus,
      link: this.config.board.link,
      hardware,
      naming: { cellName: (cell) => pointName(hardware.grid, cell) },
      options,
      history,
      ...(this.config.scheduler ? { scheduler: this.config.scheduler } : {}),
    });
  }

  /** `history`: the verdicts of a resumed match's earlier sessions, so the board shows the score as it stands. */
  private scoreboardService(history: readonly Verdict[]): ScoreboardService | undefined {
    const c = this.config;
    if (c.scoreboard === 'none' || !this.pipeline) return undefined;
    return createScoreboardService({
      bus: this.bus,
      trackLength: this.pipeline.refereeSnapshot().score.trackLength,
      ...(c.game.ruleset.piecesInPlay ? { piecesInPlay: c.game.ruleset.piecesInPlay } : {}),
      history,
      ...(c.scheduler ? { scheduler: c.scheduler } : {}),
      ...(c.scoreboard === 'virtual' ? { display: 'virtual' as const } : { display: 'led' as const, port: c.scoreboard }),
    });
  }
}
