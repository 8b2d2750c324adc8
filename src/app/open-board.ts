/**
 * "Open a board" for the CLI commands that talk to one: `--port PATH` (or `--port auto`
 * to find an Arduino by USB id) on the native serialport binding, or `--sim` for a
 * simulated board (src/hardware/sim) reached through its own binding, so both go through
 * the very same SerialBoardLink. The profile says which cell is which well.
 *
 * Everything is checked before anything is opened: the options, the profile, and for
 * --port whether the device exists and may be opened (src/hardware/link/port-check.ts),
 * so a missing board is one line at once, not a link retrying until a timeout.
 */
import type { Scheduler } from '../util/scheduler.ts';
import { ok, type Result } from '../util/result.ts';
import type { HardwareProfile } from '../board/profile.ts';
import { pointCount } from '../board/grid.ts';
import {
  bindingPortOpener,
  SerialBoardLink,
  type SerialBinding,
  type SerialBoardLinkOptions,
  type SerialDevices,
} from '../hardware/link/index.ts';
import {
  createSimBoard,
  registerSimBoard,
  SimBinding,
  simPath,
  unregisterSimBoard,
  type SimBoard,
  type SimBoardOptions,
} from '../hardware/sim/index.ts';
import { badOption, checkBoardOptions, type OpenBoardError } from './board-check.ts';
import type { BoardOptionValues } from './board-options.ts';
import { DEFAULT_GAME } from '../games/registry.ts';
import { Rng } from '../util/rng.ts';
import type { Ruleset, RulesetBoardFile } from '../rulesets/ruleset.ts';

export { boardOptionSpecs, parseDurationSeconds, type BoardOptionValues } from './board-options.ts';
export {
  BOARD_AUTO_PORT,
  checkBoardOptions,
  referenceProfilePath,
  type CheckedBoard,
  type OpenBoardError,
  type OpenBoardErrorCode,
} from './board-check.ts';

export interface OpenedBoard {
  readonly link: SerialBoardLink;
  /** The profile file as the game reads it: the profile journals keep, the hardware, calibration's and the simulator's figures. */
  readonly file: RulesetBoardFile;
  /** The profile file's hardware part: cells, pivots, tilt switches, load cells, LEDs. */
  readonly hardware: HardwareProfile;
  /** "port /dev/ttyACM0", "first Arduino-like port", "simulated board (seed 1)". */
  readonly description: string;
  /** The simulated board behind the link, when --sim: scripts can act on it. */
  readonly sim: SimBoard | undefined;
  /** Stops the link and powers the simulated board off. Safe to call twice. */
  close(): Promise<void>;
}

export interface OpenBoardExtras {
  /** For --sim: the spheres at power-on (default: an empty board). */
  /** An SPN, or 'empty'. */
  readonly simPosition?: string;
  readonly simOptions?: Partial<SimBoardOptions>;
  readonly link?: Omit<SerialBoardLinkOptions, 'open'>;
  /** The game whose board this is: it reads the profile file (default Senryaku). */
  readonly ruleset?: Ruleset;
  /** For --port: the binding (the native one unless a test says otherwise). */
  readonly binding?: SerialBinding;
  /** For --port: the port lister and device probe of the check before opening (the real ones unless a test says otherwise). */
  readonly devices?: Partial<SerialDevices>;
  /** The run's clock for the link and the simulated board (default the real one; a simulated run's virtual clock). */
  readonly scheduler?: Scheduler;
}

let simCount = 0;

/**
 * Checks the options, the profile and the port, then builds an unstarted link (with --sim,
 * a started simulated board: close it). Each problem comes back as one line.
 */
export async function openBoard(values: BoardOptionValues, extras: OpenBoardExtras = {}): Promise<Result<OpenedBoard, OpenBoardError>> {
  const checked = await checkBoardOptions(values, extras);
  if (!checked.ok) return checked;
  const { file, seed } = checked.value;
  const { hardware } = file;
  const ruleset = extras.ruleset ?? DEFAULT_GAME;

  if (values.port !== undefined) {
    const binding = extras.binding ?? (await nativeBinding());
    const path = values.port === 'auto' ? undefined : values.port;
    const link = new SerialBoardLink({ ...linkTiming(extras), open: bindingPortOpener(binding, path) });
    return ok({
      link,
      file,
      hardware,
      description: path === undefined ? 'the first Arduino-like port' : `port ${path}`,
      sim: undefined,
      close: once(() => link.stop()),
    });
  }

  const created = createSimBoard({
    seed,
    ...simOptionsOf(file),
    ...simBoardIdOf(seed, ruleset),
    ...(extras.simPosition === undefined || extras.simPosition === 'empty' ? {} : { position: extras.simPosition }),
    clock: 'timers',
    ...(extras.scheduler ? { scheduler: extras.scheduler } : {}),
    ...extras.simOptions,
  });
  if (!created.ok) return badOption(`cannot build the simulated board: ${created.error.message}`);
  const sim = created.value;
  const name = `cli-${process.pid}-${++simCount}`;
  registerSimBoard(name, sim);
  sim.start();
  // A position cannot say "no pieces at all" (SPN needs both coloured spheres), so an
  // empty board (calibration, monitoring a bare board) is made by clearing the physics.
  if (extras.simPosition === undefined || extras.simPosition === 'empty') sim.physics.reset(new Uint8Array(pointCount(hardware.grid)));
  const link = new SerialBoardLink({ ...linkTiming(extras), open: bindingPortOpener(SimBinding, simPath(name)) });
  return ok({
    link,
    file,
    hardware,
    description: `simulated board (seed ${seed})`,
    sim,
    close: once(async () => {
      await link.stop();
      sim.stop();
      unregisterSimBoard(name);
    }),
  });
}

/** The simulator built as the profile file says: the game's pieces and physics on the file's hardware. */
export const simOptionsOf = (file: RulesetBoardFile): Pick<SimBoardOptions, 'profile' | 'hardware' | 'gramsPerMassUnit' | 'pieces'> => ({
  profile: file.sim.physics,
  hardware: file.hardware,
  gramsPerMassUnit: file.sim.gramsPerMassUnit,
  pieces: file.sim.pieces,
});

/**
 * Each game's simulated board is a board of its own: at the same seed, a Surakarta board has
 * another EEPROM id than a Senryaku one, so each keeps its own stored calibration. The default
 * game's (the simulator's reference board) keeps the id the simulator draws from the seed.
 */
const simBoardIdOf = (seed: number, ruleset: Ruleset): { boardId?: number } =>
  ruleset.id === DEFAULT_GAME.id ? {} : { boardId: new Rng(seed).fork(`board-id:${ruleset.id}`).uint32() };

/** The link's options, on the run's clock when it has one. */
const linkTiming = (extras: OpenBoardExtras): Partial<SerialBoardLinkOptions> => ({
  ...(extras.scheduler ? { scheduler: extras.scheduler } : {}),
  ...extras.link,
});

/** The first call runs `fn`; later calls get the same promise. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

async function nativeBinding(): Promise<SerialBinding> {
  // Loaded only for --port, so that commands and tests that never touch hardware do not load the native addon.
  const { SerialPort } = await import('serialport');
  return SerialPort.binding;
}

export type EndReason = 'duration' | 'interrupted' | 'failed';

/**
 * Resolves when the command should end: after `durationMs` (if given), on Ctrl-C, or when
 * the link fails for good. Removes its own SIGINT listener and timer.
 */
export function waitForEnd(link: SerialBoardLink | { on: SerialBoardLink['on'] }, durationMs: number | undefined): Promise<EndReason> {
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = [];
    const end = (reason: EndReason): void => {
      for (const c of cleanups) c();
      resolve(reason);
    };
    if (durationMs !== undefined) {
      const timer = setTimeout(() => end('duration'), durationMs);
      cleanups.push(() => clearTimeout(timer));
    }
    const onSigint = (): void => end('interrupted');
    process.once('SIGINT', onSigint);
    cleanups.push(() => process.off('SIGINT', onSigint));
    cleanups.push(link.on('state', (s) => s.state === 'failed' && end('failed')));
  });
}
