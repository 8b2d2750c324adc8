/**
 * The run's board as a service: opened when the service starts (a simulated board with no
 * stored calibration is calibrated first, on the run's clock, fast-forwarded, and then opened
 * afresh, so the run that calibrates referees exactly as every later run of the seed does),
 * closed when it stops. The options were checked before anything was started; what still
 * fails here (a device gone since) stops the run.
 */
import { CalibrationStore } from '../calibration/store.ts';
import type { SerialDevices } from '../hardware/link/index.ts';
import type { Ruleset } from '../rulesets/ruleset.ts';
import { openBoard, type BoardOptionValues, type OpenBoardErrorCode, type OpenedBoard } from './open-board.ts';
import { ServiceStartError, type Service, type ServiceContext } from './service.ts';
import { calibrateSimulatedBoard } from './sim-calibration.ts';
import type { VirtualClock } from './virtual-clock.ts';

/** Virtual time a simulated board is given to close. */
const CLOSE_WAIT_MS = 10_000;

export interface BoardSettings {
  /** --port, --sim, --seed, --profile. */
  readonly options: BoardOptionValues;
  /** The game the board is built for (it reads the profile). */
  readonly ruleset: Ruleset;
  /** Where a simulated board's pieces stand at power-on: an SPN, or 'empty'. */
  readonly simPosition: string;
  readonly calibrationDir: string;
}

/** Whether a board that cannot be opened is the user's doing (exit 2) rather than the machine's (exit 1). */
export const isBadBoardInput = (code: OpenBoardErrorCode): boolean => code === 'BadOption' || code === 'NotADevice';

export class BoardService implements Service {
  readonly name = 'board';
  private board: OpenedBoard | undefined;

  constructor(
    private readonly context: ServiceContext<BoardSettings>,
    /** The run's virtual clock on the simulated board (not yet driven while the services start). */
    private readonly clock: VirtualClock | undefined,
    /** The port lister and device probe (tests stand in for the machine's). */
    private readonly devices?: Partial<SerialDevices>,
  ) {}

  /** The open board, from start() to stop(). */
  get opened(): OpenedBoard {
    if (!this.board) throw new Error('the board is not open');
    return this.board;
  }

  async start(): Promise<void> {
    const board = await this.open();
    const { sim } = board;
    if (!sim || !this.clock) {
      this.board = board;
      return;
    }
    const { settings, io } = this.context;
    const store = new CalibrationStore(settings.calibrationDir);
    const stored = store.load(sim.boardId);
    if (stored.ok || stored.error.code !== 'NotFound') {
      this.board = board;
      return;
    }
    await this.clock.fastForward(board.close(), CLOSE_WAIT_MS);
    io.err('Calibrating the simulated board (once per seed; the simulated helper places a reference mass on every well)...');
    const { seed, profile } = settings.options;
    const calibrated = await calibrateSimulatedBoard({
      seed: seed === undefined ? 1 : Number(seed),
      ...(profile ? { profilePath: profile } : {}),
      store,
      log: (l) => io.err(l),
      clock: this.clock,
      ruleset: settings.ruleset,
    });
    if (!calibrated.ok) throw new ServiceStartError(calibrated.error);
    this.board = await this.open();
  }

  /** Before a match other than the first, on the simulated board: the simulated people set up the start position. */
  resetForNextMatch(): void {
    const sim = this.board?.sim;
    if (!sim) return;
    sim.cancelScheduled(); // the last match's players stop mid-turn
    void sim.resetBoard(this.context.settings.ruleset.startPosition);
  }

  async stop(): Promise<void> {
    const board = this.board;
    this.board = undefined;
    if (!board) return;
    await this.clock?.start(); // closing the link takes (virtual) time too
    await board.close();
  }

  private async open(): Promise<OpenedBoard> {
    const { options, ruleset, simPosition } = this.context.settings;
    const onTheRunsClock = this.clock ? { scheduler: this.clock.scheduler } : {};
    const opened = await openBoard(options, {
      ruleset,
      ...(options.sim ? { simPosition, ...onTheRunsClock } : {}),
      ...(this.devices ? { devices: this.devices } : {}),
    });
    if (!opened.ok) throw new ServiceStartError(opened.error.message, isBadBoardInput(opened.error.code));
    return opened.value;
  }
}
