/**
 * The composition root of `senryaku referee` (as zigbee2mqtt's controller): built from the
 * checked run (the effective settings and the command line), it lists the run's services in
 * one place (`build`), starts them in that order and stops them in reverse. Each service is
 * handed a ServiceContext: its part of the run's settings, the run's clock and the outputs.
 * The run's clock, virtual on the simulated board, is driven once every service has started.
 */
import { CalibrationService } from '../../app/board-calibration.ts';
import { BoardService } from '../../app/board-service.ts';
import { faultHooksFromEnv } from '../../app/fault-hooks.ts';
import { HostControl } from '../../app/host-control.ts';
import { MatchStoreService, openLiveStore, resolveStorePath } from '../../app/match-store-service.ts';
import { MqttBrokerService } from '../../app/mqtt-broker-service.ts';
import { MqttService } from '../../app/mqtt-service.ts';
import { RefereeHost, type HostFinish, type MatchPlan } from '../../app/referee-host.ts';
import { requestHandler } from '../../app/request-handler.ts';
import type { NoticeLevel, Service, ServiceContext } from '../../app/service.ts';
import { createSpeechService } from '../../app/speech-service.ts';
import { ComputerService } from '../../app/computer/computer-service.ts';
import { createAdvisor } from '../../app/computer/create-advisor.ts';
import { VirtualClock } from '../../app/virtual-clock.ts';
import type { EventBus } from '../../app/event-bus.ts';
import { realScheduler } from '../../util/scheduler.ts';
import type { CliDeps, CliIo } from '../io.ts';
import { DashboardService, type DashboardParts } from './dashboard-service.ts';
import { OperatorTerminal } from './operator-terminal.ts';
import type { RefereeRun } from './run.ts';
import { StopSignals } from './stop-signals.ts';

export type RunFinish = HostFinish | 'interrupted';

export class RefereeRoot {
  private started: Service[] = [];

  constructor(
    /** In start order. */
    private readonly services: readonly Service[],
    private readonly matches: RefereeHost,
    private readonly signals: StopSignals,
    private readonly clock: VirtualClock | undefined,
  ) {}

  /** The run's services, in the order they start (each line says why it stands where it does). */
  static build(run: RefereeRun, io: CliIo, deps: CliDeps): RefereeRoot {
    // A simulated run goes on virtual time: the same seed gives the same verdicts at any --speed.
    const clock = run.board.options.sim ? new VirtualClock({ speed: run.speed }) : undefined;
    const scheduler = clock?.scheduler ?? realScheduler;
    // What the run says outside a match (MQTT troubles between matches) goes to the terminal.
    const notice = (level: NoticeLevel, message: string): void => {
      const match = matches.current;
      if (match) match.bus.emit('notice', { level, message });
      else io.err(`senryaku referee: ${message}`);
    };
    const context = <S>(settings: S): ServiceContext<S> => ({ settings, scheduler, io, notice });
    const { game } = run;

    const board = new BoardService(
      context({
        options: run.board.options,
        ruleset: game,
        simPosition: run.board.simPosition,
        calibrationDir: run.calibrationDir,
      }),
      clock,
      deps.serialDevices,
    );
    const broker = run.mqtt.kind === 'embedded' ? new MqttBrokerService(context({ plan: run.mqtt, users: run.users })) : undefined;
    const calibration = new CalibrationService(context({ calibrationDir: run.calibrationDir, words: game.words }), board);
    const store = new MatchStoreService(() => (run.db === 'off' ? undefined : openLiveStore(resolveStorePath(run.db), notice)));
    const mqtt: MqttService | undefined =
      run.mqtt.kind === 'off'
        ? undefined
        : new MqttService(context(run.mqtt), {
            ...(broker ? { broker } : {}),
            boardId: () => board.opened.sim?.boardId ?? board.opened.link.hello?.boardId,
            requests: (name, body) => requestHandler(control, matches)(name, body),
          });
    const dashboard =
      run.http === 'off' ? undefined : new DashboardService(context({ listen: run.http, users: run.users }), () => dashboardParts());
    const speech = run.speech ? createSpeechService(context(run.speech), game) : undefined;
    const computer = new ComputerService(
      context({ seatOf: () => matches.lastPlan?.computer, hints: run.computer.hints }),
      createAdvisor(game, run.board.file.profile, run.computer.engine, run.board.seed),
    );
    const matches: RefereeHost = new RefereeHost({
      // The board ready for matches: open, and its calibration found (the calibration service says both).
      board: calibration,
      firstMatch: run.firstMatch,
      // They hear each match in this order: the store files a verdict before the pages and MQTT say it.
      // The computer last: it hands the referee its move once the others have heard the verdict that gave it the turn.
      services: present(store, dashboard, mqtt, speech, computer),
      stay: run.stay,
      appConfig: (plan) => ({
        journalDir: run.journalDir,
        ...(run.lights.enabled ? { lights: { destinations: run.lights.destinations ?? plan.game.settings.policy !== 'tournament' } } : {}),
        fallbackJournalDirs: run.fallbackJournalDirs,
        ...(run.autoplay ? { simulatedPlayers: simulatedPlayers(plan) } : {}),
        io,
        json: run.json,
        scoreboard: run.scoreboard,
        source: run.source,
        scheduler,
        hooks: faultHooksFromEnv(),
      }),
      prepareBoard: () => board.resetForNextMatch(),
      calibrate: () => calibration.recalibrate(),
    });
    const control: HostControl = new HostControl({
      host: matches,
      game,
      file: run.board.file,
      options: run.values,
      hints: { hint: () => computer.hint() },
    });
    const signals = new StopSignals();
    const operator = new OperatorTerminal(
      context({ input: deps.operatorInput ?? (process.stdin.isTTY ? process.stdin : undefined) }),
      control,
    );

    // The simulated players of every match: made once, at the first (the board is open then); the computer's seat is each match's.
    let players: ReturnType<typeof game.simulatedPlayers> | undefined;
    const simulatedPlayers = (plan: MatchPlan): ((bus: EventBus) => Service) => {
      const sim = board.opened.sim;
      if (!sim) throw new Error('simulated players need the simulated board');
      players ??= game.simulatedPlayers(sim, run.board.file, run.board.seed, scheduler);
      const made = players;
      return (bus) => made(bus, plan.computer ? { computer: plan.computer.player } : {});
    };
    const dashboardParts = (): DashboardParts => {
      const sim = board.opened.sim;
      return {
        control,
        // Sim play only where nobody else plays: on the simulated board without simulated players.
        ...(sim && !run.autoplay ? { sim: { board: sim, pitch: run.board.file.sim.physics.wellPitch, files: game.board.files } } : {}),
        ...(store.store ? { store: store.store } : {}),
      };
    };

    const services = present(
      dashboard, // first: its address is the first thing said, and a taken port stops the run before a board is opened
      speech, // a missing espeak-ng stops the run before a board is opened; stopping late, it lets the last words finish
      board, // a new simulated board is calibrated as it opens (said on the terminal)
      computer, // its engine program greeted (a program that will not start stops the run) before a board is awaited
      broker, // once the board is open, and before a real board is awaited: its address is said while the board boots
      calibration, // a real board's HELLO names its stored calibration; the first match takes what its link said meanwhile
      store, // before the matches, which it files
      mqtt, // connected before the first match, whose match record goes out before its verdicts
      signals, // from here a signal is a clean stop: starting a match already says things
      matches, // the first match
      operator, // the operator's commands, once there is a match to act on
    );
    return new RefereeRoot(services, matches, signals, clock);
  }

  /**
   * Starts every service in order, then the run's clock. A service that fails stops those
   * started before it (in reverse), and its error is thrown.
   */
  async start(): Promise<void> {
    try {
      for (const service of this.services) {
        // Counted as started before it is: stop() lets go of whatever a failing start took.
        this.started.push(service);
        await service.start();
      }
    } catch (e) {
      await this.stop();
      throw e;
    }
    // Time starts once everything is in place, so a run's virtual timeline never depends on how long the setup took.
    await this.clock?.start();
  }

  /** Resolves when the run should stop: its match ended and it does not stay for another, or a signal came. */
  async finished(): Promise<RunFinish> {
    const why = await Promise.race([this.matches.finished, this.signals.received]);
    // Stopping may take a while; a second Ctrl-C then ends the process at once.
    await this.signals.stop();
    return why;
  }

  /** Stops every started service in reverse, then the clock. The last match's journal, and the journal records lost for good. */
  async stop(): Promise<{ readonly lastJournal: string | undefined; readonly lostRecords: number }> {
    const lastJournal = this.matches.current?.journalPath;
    const started = this.started;
    this.started = [];
    for (const service of [...started].reverse()) await service.stop();
    await this.clock?.stop();
    return { lastJournal, lostRecords: this.matches.lostRecords };
  }
}

/** The services a run has (an off MQTT or dashboard has none), in order. */
const present = (...services: (Service | undefined)[]): Service[] => services.filter((s): s is Service => s !== undefined);
