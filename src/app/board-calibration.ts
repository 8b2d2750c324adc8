/**
 * The calibration of the run's board, as a service: the stored one, found by the board's id
 * (a real board says it in its HELLO, so its link is started and tapped first: the first match
 * takes what the tap held). Also the board ready for the matches (RefereeHost's `board`), and
 * its guided calibration in place when an operator asks for one.
 */
import { CalibrationAbort, runCalibration, simulatedHelper } from '../calibration/guided.ts';
import { CalibrationStore } from '../calibration/store.ts';
import type { Hello } from '../protocol/index.ts';
import type { GameWords } from '../rulesets/words.ts';
import type { Calibration } from '../sensing/calibration.ts';
import { err, ok, type Result } from '../util/result.ts';
import type { BoardService } from './board-service.ts';
import { LinkTap } from './link-tap.ts';
import type { OpenedBoard } from './open-board.ts';
import type { ReadyBoard } from './referee-host.ts';
import { ServiceStartError, type Service, type ServiceContext } from './service.ts';

const READY_TIMEOUT_MS = 30_000;
/** Board time the simulated helper gives a cleared board to come to rest before the zero. */
const SIM_CLEAR_MS = 3000;

export interface CalibrationSettings {
  readonly calibrationDir: string;
  /** The game's words for the prompts of a guided calibration. */
  readonly words: GameWords;
}

export class CalibrationService implements Service, ReadyBoard {
  readonly name = 'calibration';
  private found: Calibration | undefined;
  private linkTap: LinkTap | undefined;

  constructor(
    private readonly context: ServiceContext<CalibrationSettings>,
    private readonly board: BoardService,
  ) {}

  get link(): OpenedBoard['link'] {
    return this.board.opened.link;
  }

  get description(): string {
    return this.board.opened.description;
  }

  /** The board's calibration, from start(). */
  get calibration(): Calibration {
    if (!this.found) throw new Error('the board has no calibration yet');
    return this.found;
  }

  get tap(): LinkTap | undefined {
    return this.linkTap;
  }

  /**
   * None stored is a runtime failure (calibrate first); a stored file that is not a valid
   * calibration of this board is bad input, like any other bad file.
   */
  async start(): Promise<void> {
    const board = this.board.opened;
    const store = this.store();
    if (board.sim) {
      const stored = store.load(board.sim.boardId);
      if (!stored.ok) throw new ServiceStartError(stored.error.message, stored.error.code !== 'NotFound');
      this.found = stored.value;
      return;
    }
    // The tap holds every line from the moment the link starts, so the board's first HELLO
    // (the one that dates its boot) reaches the journal and the pipeline like any other.
    this.linkTap = new LinkTap(board.link, this.context.scheduler);
    this.linkTap.start();
    const hello = await waitForHello(board);
    if (!hello) throw new ServiceStartError(`no board answered on ${board.description} within ${READY_TIMEOUT_MS / 1000} s`);
    const stored = store.load(hello.boardId, { cellCount: hello.wellCells + hello.pivotCells });
    if (stored.ok) this.found = stored.value;
    else if (stored.error.code !== 'NotFound')
      throw new ServiceStartError(`${stored.error.message}: calibrate it again with 'senryaku calibrate --port ...'`, true);
    else throw new ServiceStartError(`${stored.error.message}: calibrate it first with 'senryaku calibrate --port ...'`);
  }

  async stop(): Promise<void> {
    this.linkTap?.stop();
  }

  /**
   * Guided calibration on the board the referee holds (its link keeps running): the person at
   * the board follows the terminal; on the simulated board a simulated helper does. Saved
   * per board id like `senryaku calibrate` saves it.
   */
  async recalibrate(): Promise<Result<Calibration, string>> {
    const board = this.board.opened;
    const { io, scheduler, settings } = this.context;
    const sim = board.sim;
    if (sim) {
      // The simulated helper takes every piece off first, and the board comes to rest.
      sim.cancelScheduled();
      const { files, ranks } = board.file.hardware.grid;
      sim.resetBoard(Array.from({ length: ranks }, () => String(files)).join('/'));
      await new Promise<void>((resolve) => scheduler.setTimeout(resolve, SIM_CLEAR_MS));
    }
    try {
      const calibration = await runCalibration({
        link: board.link,
        board: board.file,
        words: settings.words,
        referenceGrams: board.file.lightestPieceG,
        store: this.store(),
        // The person at the board reads the steps on the terminal; stdout stays the verdicts' (--json).
        io: { out: (l) => io.err(l), err: (l) => io.err(l) },
        ...(sim ? { onPrompt: simulatedHelper(sim, undefined, scheduler) } : {}),
        scheduler,
      });
      return ok(calibration);
    } catch (e) {
      return err(e instanceof CalibrationAbort ? e.message : `calibration failed: ${(e as Error).message}`);
    }
  }

  private store(): CalibrationStore {
    return new CalibrationStore(this.context.settings.calibrationDir);
  }
}

function waitForHello(board: OpenedBoard): Promise<Hello | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), READY_TIMEOUT_MS);
    const off = board.link.on('state', (s) => s.state === 'ready' && done(board.link.hello));
    const done = (h: Hello | undefined): void => {
      clearTimeout(timer);
      off();
      resolve(h);
    };
    board.link.start();
  });
}
