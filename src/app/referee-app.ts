/**
 * The composition root of a refereed session: it builds the services around one board
 * link (journal and referee, terminal, scoring board, simulated players), starts them in
 * order, and stops them in reverse. Nothing here decides anything about the game.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TextOutput } from './text-output.ts';
import { createScoreboardService, type ScoreboardService } from './scoreboard/index.ts';
import type { VirtualScoreboard } from '../hardware/scoreboard/index.ts';
import { senryakuReferee, type SenryakuRefereeSettings, type SenryakuRefereeState } from '../referee/senryaku/index.ts';
import type { Verdict } from '../referee/verdicts.ts';
import { BalanceModel } from '../rules/senryaku/balance.ts';
import { SENRYAKU, senryakuSettingsJson } from '../rulesets/senryaku.ts';
import { formatCalibration, type Calibration } from '../sensing/calibration.ts';
import { Autoplayer } from './autoplay/autoplayer.ts';
import type { PlanOdds } from './autoplay/plan-turn.ts';
import { EventBus, type LinkStatus } from './event-bus.ts';
import type { RefereeSnapshot } from '../referee/snapshot.ts';
import type { RulesetId } from '../rulesets/ruleset.ts';
import { JOURNAL_EXTENSION, JOURNAL_VERSION, JournalWriter, type JournalContents, type JournalHeader } from './journal.ts';
import { LinkTap } from './link-tap.ts';
import { resumePoint, type ResumePoint } from './resume.ts';
import type { OpenedBoard } from './open-board.ts';
import { RefereePipeline } from './referee-pipeline.ts';
import { RefereeService } from './referee-service.ts';
import { ScoreboardView } from './scoreboard/view.ts';
import type { Service } from './service.ts';
import type { Scheduler } from '../util/scheduler.ts';
import { TerminalOutput } from './terminal-output.ts';

export interface RefereeAppConfig {
  readonly board: OpenedBoard;
  readonly calibration: Calibration;
  readonly settings: SenryakuRefereeSettings;
  readonly players: { readonly A: string; readonly B: string };
  readonly journalDir: string;
  /** A journal to continue (host restarted mid-match): a new session is appended to it. */
  readonly resume?: {
    readonly path: string;
    /** As the caller already read it (else it is read here). */ readonly contents?: JournalContents;
  };
  /**
   * The link's events since it started, when the caller had to start it before the app
   * (to read the board's HELLO for its calibration). Without one the app taps the link
   * itself and starts it.
   */
  readonly tap?: LinkTap;
  readonly autoplaySeed?: number;
  /** How often the simulated players do what (default DEFAULT_ODDS): the accuracy sweep's conditions. */
  readonly autoplayOdds?: PlanOdds;
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
}

export type FinishReason = 'games' | 'match-over';

/** The journal could not be created or resumed: nothing was started. */
export class JournalOpenError extends Error {
  override readonly name = 'JournalOpenError';
}

/** Where the match stands and how the board is connected: what a client that joins late asks for. */
export interface MatchSnapshot extends RefereeSnapshot {
  readonly ruleset: RulesetId;
  readonly link: LinkStatus;
}

export class RefereeApp {
  readonly bus = new EventBus();
  private link: LinkStatus = { state: 'connecting' };
  private services: Service[] = [];
  private journal: JournalWriter | undefined;
  private tap: LinkTap | undefined;
  private finish: ((r: FinishReason) => void) | undefined;
  readonly finished: Promise<FinishReason>;
  journalPath = '';
  pipeline: RefereePipeline<SenryakuRefereeState> | undefined;

  constructor(private readonly config: RefereeAppConfig) {
    this.finished = new Promise((resolve) => (this.finish = resolve));
  }

  /** The referee's account of the match now, with the link's health; undefined before start(). */
  snapshot(): MatchSnapshot | undefined {
    return this.pipeline ? { ruleset: SENRYAKU.id, ...this.pipeline.refereeSnapshot(), link: this.link } : undefined;
  }

  async start(): Promise<void> {
    const c = this.config;
    const referee = senryakuReferee(c.settings);
    let resumed: ResumePoint | undefined;
    let repairNotice: string | undefined;
    let history: Verdict[] = [];
    if (c.resume) {
      const opened = JournalWriter.resume(c.resume.path, undefined, c.resume.contents);
      if (!opened.ok) throw new JournalOpenError(opened.error.message);
      this.journal = opened.value.writer;
      resumed = resumePoint(opened.value.contents, c.settings);
      history = opened.value.contents.records.flatMap((r) => (r.kind === 'verdict' ? [r.verdict] : []));
      const { repaired } = opened.value;
      if (repaired)
        repairNotice = `the journal ended in a record cut short by the crash (${repaired.bytes} bytes); moved aside to ${repaired.asidePath}`;
    } else {
      const matchId = new Date().toISOString().replace(/[:.]/g, '-');
      try {
        mkdirSync(c.journalDir, { recursive: true });
      } catch (e) {
        throw new JournalOpenError(
          `cannot create the journal directory ${c.journalDir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        );
      }
      const created = JournalWriter.create(join(c.journalDir, `match-${matchId}${JOURNAL_EXTENSION}`), this.header(matchId));
      if (!created.ok) throw new JournalOpenError(created.error.message);
      this.journal = created.value;
    }
    this.journalPath = this.journal.path;
    this.pipeline = new RefereePipeline({
      profile: c.board.profile,
      calibration: c.calibration,
      referee,
      ...(resumed
        ? { refereeState: resumed.state, ...(resumed.lastInputMs !== undefined ? { resumeAfterMs: resumed.lastInputMs } : {}) }
        : {}),
    });

    const tap = c.tap ?? new LinkTap(c.board.link, c.scheduler);
    tap.start();
    this.tap = tap;
    this.services = [new TerminalOutput(this.bus, c.io, c.json, c.players), new RefereeService(tap, this.pipeline, this.journal, this.bus)];
    const scoreboard = this.scoreboardService(history);
    if (scoreboard) this.services.push(scoreboard);
    if (scoreboard && c.scoreboard === 'virtual' && !c.json)
      this.services.push(new ScoreboardView(this.bus, scoreboard.display as VirtualScoreboard, c.io, c.scheduler));
    if (c.autoplaySeed !== undefined && c.board.sim)
      this.services.push(
        new Autoplayer(this.bus, c.board.sim, BalanceModel.fromProfile(c.board.profile), c.autoplaySeed, c.autoplayOdds, c.scheduler),
      );
    for (const s of this.services) await s.start();
    this.bus.on('verdict', this, (v) => this.watchEnd(v));
    this.bus.on('link', this, (l) => (this.link = l));
    if (repairNotice) this.bus.emit('notice', { level: 'warn', message: repairNotice });
    this.bus.emit('notice', { level: 'info', message: `Refereeing ${c.board.description}; journal ${this.journalPath}` });
    c.board.link.start();
  }

  /**
   * Stops every service, the board and the journal. Resolves with the number of journal
   * records lost for good to storage faults (0 when the match record is whole).
   */
  async stop(): Promise<{ readonly lostRecords: number }> {
    this.bus.removeListeners(this);
    for (const s of [...this.services].reverse()) await s.stop();
    this.services = [];
    this.tap?.stop();
    await this.config.board.close();
    const journal = this.journal;
    if (!journal) return { lostRecords: 0 };
    journal.close(); // what is still not on disk at close is counted as dropped
    return { lostRecords: journal.droppedRecords };
  }

  private watchEnd(v: Verdict): void {
    if (v.type === 'match-over') this.finish?.('match-over');
    else if (v.type === 'game-over' && this.config.gamesLimit !== undefined && v.game >= this.config.gamesLimit) this.finish?.('games');
  }

  /** `history`: the verdicts of a resumed match's earlier sessions, so the board shows the score as it stands. */
  private scoreboardService(history: readonly Verdict[]): ScoreboardService | undefined {
    const c = this.config;
    if (c.scoreboard === 'none') return undefined;
    return createScoreboardService({
      bus: this.bus,
      trackLength: c.settings.match.trackLength,
      history,
      ...(c.scheduler ? { scheduler: c.scheduler } : {}),
      ...(c.scoreboard === 'virtual' ? { display: 'virtual' as const } : { display: 'led' as const, port: c.scoreboard }),
    });
  }

  private header(matchId: string): JournalHeader {
    const { settings: s, players, board, calibration, source } = this.config;
    return {
      kind: 'header',
      format: 'senryaku-journal',
      version: JOURNAL_VERSION,
      matchId,
      startedAt: new Date().toISOString(),
      ruleset: SENRYAKU.id,
      settings: { ...(senryakuSettingsJson(s) as Omit<JournalHeader['settings'], 'players'>), players },
      profile: board.profile,
      calibration: formatCalibration(calibration),
      source,
    };
  }
}
