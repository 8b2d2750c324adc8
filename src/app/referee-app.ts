/**
 * The composition root of a refereed session: it builds the services around one board
 * link (journal and referee, terminal, scoring board, simulated players), starts them in
 * order, and stops them in reverse. Nothing here decides anything about the game.
 */
import { join } from 'node:path';
import type { TextOutput } from '../util/text-output.ts';
import { createScoreboardService, type ScoreboardService } from './scoreboard/index.ts';
import type { VirtualScoreboard } from '../hardware/scoreboard/index.ts';
import type { BoardLink } from '../hardware/link/index.ts';
import type { Verdict } from '../referee/verdicts.ts';
import type { RefereeGame } from '../rulesets/ruleset.ts';
import { formatCalibration, type Calibration } from '../sensing/calibration.ts';
import { EventBus, type LinkStatus, type LoggedVerdict } from './event-bus.ts';
import type { RefereeSnapshot } from '../referee/snapshot.ts';
import { formatOperatorAction, type OperatorAction } from '../referee/inputs.ts';
import {
  JOURNAL_EXTENSION,
  JOURNAL_VERSION,
  JournalWriter,
  readJournal,
  type JournalContents,
  type JournalHeader,
  type JournalStatus,
  type JournalWriterOptions,
} from '../journal/journal.ts';
import type { JournalFs } from '../journal/disk.ts';
import { resolveFallbackDirs } from '../journal/split.ts';
import { BUILT_IN_RULESETS } from '../games/registry.ts';
import { ok } from '../util/result.ts';
import { LinkTap } from './link-tap.ts';
import { resumePoint, unannouncedVerdicts, type NumberedVerdict, type ResumePoint } from '../journal/resume.ts';
import { RefereePipeline } from '../pipeline/referee-pipeline.ts';
import { RefereeService, type RefereeServiceHooks } from './referee-service.ts';
import { ScoreboardView } from './scoreboard/view.ts';
import type { Service } from './service.ts';
import { realScheduler, type Scheduler } from '../util/scheduler.ts';
import { TerminalOutput } from './terminal-output.ts';
import type { LiveLoads } from '../pipeline/live-loads.ts';
import { makeDirectories } from '../platform/make-directories.ts';

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
  /** A journal to continue (host restarted mid-match): a new session is appended to it. */
  readonly resume?: {
    readonly path: string;
    /** As the caller already read it (else it is read here). */ readonly contents?: JournalContents;
    /**
     * The match is over and only its last verdicts were never said: say them (repeated),
     * then finish, refereeing nothing more.
     */
    readonly sayAndFinish?: boolean;
  };
  /**
   * The link's events since it started, when the caller had to start it before the app
   * (to read the board's HELLO for its calibration). Without one the app taps the link
   * itself and starts it.
   */
  readonly tap?: LinkTap;
  /** Simulated players (on a simulated board): a service that plays on the board as the bus reports the game. */
  readonly simulatedPlayers?: (bus: EventBus) => Service;
  /** More services of the session (the match store, MQTT): each made once the journal is open, started with the rest. */
  readonly services?: readonly ((session: SessionContext) => Service)[];
  /** Stop once this game number has ended. */
  readonly gamesLimit?: number;
  readonly io: TextOutput;
  readonly json: boolean;
  /** 'virtual' (text in the terminal), a serial port or 'auto' for the LED board, or 'none'. */
  readonly scoreboard: string;
  readonly source: JournalHeader['source'];
  /**
   * The session's clock and timers: journal times (the link's clock), the simulated players',
   * the scoring board's. Default the real clock.
   */
  readonly scheduler?: Scheduler;
  /** Fault injection for tests (a kill between the journal and the announcement). */
  readonly hooks?: RefereeServiceHooks;
}

/** What a service added to a session may use of it. */
export interface SessionContext {
  readonly bus: EventBus;
  readonly matchId: string;
  /** The journal's header: ruleset, players, settings, board profile, source. */
  readonly header: JournalHeader;
  /** Where the match stands now, with the link's health. */
  snapshot(): MatchSnapshot | undefined;
  /** An operator's action, as if typed on the referee's terminal. */
  operate(action: OperatorAction): readonly Verdict[];
  /** The loads sensing reads now, with the link's counters (a live view polls it). */
  liveLoads?(): LiveLoads | undefined;
  /**
   * The match's verdicts numbered above `after`, as its journal holds them (the earlier
   * sessions' as read at start, this session's as each was journaled): what a store that
   * fell behind, or a hub that missed some, catches up from.
   */
  verdictsAfter(after: number): readonly LoggedVerdict[];
  /** The seq of the match's last verdict so far (0 before any). */
  lastSeq(): number;
  /** The session's clock and timers. */
  readonly scheduler: Scheduler;
}

export type FinishReason = 'games' | 'match-over';

/** The journal could not be created or resumed: nothing was started. */
export class JournalOpenError extends Error {
  override readonly name = 'JournalOpenError';
}

/** Where the match stands and how the board is connected: what a client that joins late asks for. */
export interface MatchSnapshot extends RefereeSnapshot {
  readonly ruleset: string;
  readonly link: LinkStatus;
  /** Which journal keeps the match now: its own file, a fallback, or none (the match is paused). */
  readonly journal: JournalStatus;
}

export class RefereeApp {
  readonly bus = new EventBus();
  private link: LinkStatus = { state: 'connecting' };
  private services: Service[] = [];
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
    let resumed: ResumePoint<unknown> | undefined;
    let repairNotice: string | undefined;
    let splitNotice: string | undefined;
    let history: Verdict[] = [];
    let unsaid: NumberedVerdict[] = [];
    const journalOptions: JournalWriterOptions = {
      fallbackDirs: c.fallbackJournalDirs ?? resolveFallbackDirs(undefined),
      ...(c.journalFs ? { fs: c.journalFs } : {}),
    };
    if (c.resume) {
      // The journal is read knowing the game refereed, whichever it is.
      const before = c.resume.contents
        ? ok(c.resume.contents)
        : readJournal(c.resume.path, BUILT_IN_RULESETS.with(ruleset), { fallbackDirs: journalOptions.fallbackDirs });
      if (!before.ok) throw new JournalOpenError(before.error.message);
      if (before.value.header.ruleset !== ruleset.id)
        throw new JournalOpenError(
          `${c.resume.path} is a match of ${before.value.header.ruleset}, not ${ruleset.id}: it cannot be resumed as one`,
        );
      const opened = JournalWriter.resume(c.resume.path, journalOptions, before.value);
      if (!opened.ok) throw new JournalOpenError(opened.error.message);
      this.journal = opened.value.writer;
      resumed = resumePoint(opened.value.contents, referee.value);
      history = opened.value.contents.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : []));
      unsaid = unannouncedVerdicts(opened.value.contents);
      this.matchId = opened.value.contents.header.matchId;
      this.journalHeader = opened.value.contents.header;
      const { repaired } = opened.value;
      if (repaired)
        repairNotice = `the journal ended in a record cut short by the crash (${repaired.bytes} bytes); moved aside to ${repaired.asidePath}`;
      const { applied, problems } = opened.value.contents.fallbacks;
      if (applied.length > 0)
        splitNotice = `the journal went on in ${applied.join(', ')} while its disk failed: read with it${this.journal.status().state === 'main' ? ', and written back into it' : ''}`;
      for (const p of problems) splitNotice = `${splitNotice ? `${splitNotice}; ` : ''}fallback journal ${p}`;
    } else {
      const matchId = new Date().toISOString().replace(/[:.]/g, '-');
      try {
        makeDirectories(c.journalDir);
      } catch (e) {
        throw new JournalOpenError(
          `cannot create the journal directory ${c.journalDir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        );
      }
      this.matchId = matchId;
      this.journalHeader = this.header(matchId);
      const created = JournalWriter.create(join(c.journalDir, `match-${matchId}${JOURNAL_EXTENSION}`), this.journalHeader, journalOptions);
      if (!created.ok) throw new JournalOpenError(created.error.message);
      this.journal = created.value;
    }
    this.journalPath = this.journal.path;
    // A board already connected (the match after another on the same link) says no new state.
    const { link } = c.board;
    if (link.state === 'ready' && link.hello) this.link = { state: 'ready', boardId: link.hello.boardId };
    this.pipeline = new RefereePipeline<unknown>({
      sensing: board.value.sensing(c.calibration),
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
    // Services stop in reverse: the ones that hear the match (terminal, store, MQTT) stop after
    // the referee, so the verdicts it says while stopping still reach them.
    const listeners = (c.services ?? []).map((make) => make(this.sessionContext()));
    this.services = [new TerminalOutput(this.bus, c.io, c.json, c.game.ruleset.words, c.players), ...listeners, this.referee];
    const scoreboard = this.scoreboardService(history);
    if (scoreboard) this.services.push(scoreboard);
    if (scoreboard && c.scoreboard === 'virtual' && !c.json)
      this.services.push(new ScoreboardView(this.bus, scoreboard.display as VirtualScoreboard, c.io, c.scheduler));
    if (c.simulatedPlayers) this.services.push(c.simulatedPlayers(this.bus));
    for (const s of this.services) await s.start();
    this.bus.on('verdict', this, (v) => this.watchEnd(v));
    this.bus.on('link', this, (l) => (this.link = l));
    if (repairNotice) this.bus.emit('notice', { level: 'warn', message: repairNotice });
    if (splitNotice) this.bus.emit('notice', { level: 'warn', message: splitNotice });
    const journal = this.journal.status();
    if (journal.state !== 'main')
      this.bus.emit('notice', {
        level: 'warn',
        message: `the journal ${this.journalPath} cannot be written: this session goes to ${journal.path}`,
      });
    this.sayAgain(unsaid);
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
   * Stops every service, the board and the journal. Resolves with the number of journal
   * records lost for good to storage faults (0 when the match record is whole).
   */
  async stop(): Promise<{ readonly lostRecords: number }> {
    this.bus.removeListeners(this);
    for (const s of [...this.services].reverse()) await s.stop();
    this.bus.removeListeners(this.verdictLog);
    this.services = [];
    this.referee = undefined;
    this.tap?.stop();
    await this.config.board.close();
    const journal = this.journal;
    if (!journal) return { lostRecords: 0 };
    journal.close(); // what is still not on disk at close is counted as dropped
    return { lostRecords: journal.droppedRecords };
  }

  /** The match's journaled verdicts numbered above `after` (SessionContext.verdictsAfter). */
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

  private sessionContext(): SessionContext {
    const header = this.journalHeader;
    if (!header) throw new Error('the session has no journal yet');
    return {
      bus: this.bus,
      matchId: this.matchId,
      header,
      snapshot: () => this.snapshot(),
      operate: (a) => this.operate(a),
      liveLoads: () => this.pipeline?.liveLoads(this.config.board.link.counters()),
      verdictsAfter: (after) => this.verdictsAfter(after),
      lastSeq: () => this.lastSeq,
      scheduler: this.config.scheduler ?? realScheduler,
    };
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

  private header(matchId: string): JournalHeader {
    const { game, players, calibration, source } = this.config;
    return {
      kind: 'header',
      format: 'senryaku-journal',
      version: JOURNAL_VERSION,
      matchId,
      startedAt: new Date().toISOString(),
      ruleset: game.ruleset.id,
      settings: { ...game.settings, players },
      profile: game.profile,
      calibration: formatCalibration(calibration),
      source,
    };
  }
}
