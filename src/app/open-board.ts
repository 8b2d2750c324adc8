/**
 * "Open a board" for the CLI commands that talk to one: `--port PATH` (or `--port auto`
 * to find an Arduino by USB id) on the native serialport binding, or `--sim` for a
 * simulated board (src/hardware/sim) reached through its own binding, so both go through
 * the very same SerialBoardLink. The profile says which cell is which well.
 */
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from '../util/result.ts';
import type { BoardProfile } from '../rules/senryaku/profile.ts';
import { WELLS } from '../rules/senryaku/types.ts';
import { bindingPortOpener, SerialBoardLink, type SerialBinding, type SerialBoardLinkOptions } from '../hardware/link/index.ts';
import { createSimBoard, registerSimBoard, SimBinding, simPath, unregisterSimBoard, type SimBoard, type SimBoardOptions } from '../hardware/sim/index.ts';
import { loadProfileFile } from './load-profile.ts';

export const REFERENCE_PROFILE_PATH = fileURLToPath(new URL('../../hardware/profiles/reference-mega-2560.json', import.meta.url));

/** node:util parseArgs specs shared by every board command. */
export const boardOptionSpecs = {
  port: { type: 'string' },
  sim: { type: 'boolean' },
  seed: { type: 'string' },
  profile: { type: 'string' },
} as const;

export interface BoardOptionValues {
  readonly port?: string | undefined;
  readonly sim?: boolean | undefined;
  readonly seed?: string | undefined;
  readonly profile?: string | undefined;
}

export interface OpenedBoard {
  readonly link: SerialBoardLink;
  readonly profile: BoardProfile;
  /** "port /dev/ttyACM0", "first Arduino-like port", "simulated board (seed 1)". */
  readonly description: string;
  /** The simulated board behind the link, when --sim: scripts can act on it. */
  readonly sim: SimBoard | undefined;
  /** Stops the link and powers the simulated board off. */
  close(): Promise<void>;
}

export interface OpenBoardExtras {
  /** For --sim: the spheres at power-on (default: an empty board). */
  readonly simPosition?: string | 'empty';
  readonly simOptions?: Partial<SimBoardOptions>;
  readonly link?: Omit<SerialBoardLinkOptions, 'open'>;
  /** For --port: the binding (the native one unless a test says otherwise). */
  readonly binding?: SerialBinding;
}

let simCount = 0;

/** Checks the options and builds an unstarted link; problems come back as one line for a usage error. */
export async function openBoard(values: BoardOptionValues, extras: OpenBoardExtras = {}): Promise<Result<OpenedBoard, string>> {
  if ((values.port === undefined) === !values.sim) return err('give exactly one of --port PATH (or --port auto) and --sim');
  if (values.seed !== undefined && !values.sim) return err('--seed only applies to --sim');
  const profile = loadProfileFile(values.profile ?? REFERENCE_PROFILE_PATH);
  if (!profile.ok) return profile;

  if (values.port !== undefined) {
    if (values.port === '') return err('--port needs a path, or "auto"');
    const binding = extras.binding ?? (await nativeBinding());
    const path = values.port === 'auto' ? undefined : values.port;
    const link = new SerialBoardLink({ ...extras.link, open: bindingPortOpener(binding, path) });
    return ok({
      link,
      profile: profile.value,
      description: path === undefined ? 'the first Arduino-like port' : `port ${path}`,
      sim: undefined,
      close: () => link.stop(),
    });
  }

  const seed = values.seed === undefined ? 1 : /^-?\d+$/.test(values.seed) ? Number(values.seed) : NaN;
  if (!Number.isSafeInteger(seed)) return err(`--seed must be an integer, got '${values.seed}'`);
  const created = createSimBoard({
    seed,
    profile: profile.value,
    ...(extras.simPosition === undefined || extras.simPosition === 'empty' ? {} : { position: extras.simPosition }),
    clock: 'timers',
    ...extras.simOptions,
  });
  if (!created.ok) return err(`cannot build the simulated board: ${created.error.message}`);
  const sim = created.value;
  const name = `cli-${process.pid}-${++simCount}`;
  registerSimBoard(name, sim);
  sim.start();
  // SPN cannot say "no spheres at all" (a position needs both coloured spheres), so an
  // empty board (calibration, monitoring a bare board) is made by clearing the physics.
  if (extras.simPosition === undefined || extras.simPosition === 'empty') sim.physics.reset(new Uint8Array(WELLS));
  const link = new SerialBoardLink({ ...extras.link, open: bindingPortOpener(SimBinding, simPath(name)) });
  return ok({
    link,
    profile: profile.value,
    description: `simulated board (seed ${seed})`,
    sim,
    close: async () => {
      await link.stop();
      sim.stop();
      unregisterSimBoard(name);
    },
  });
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

/** `--duration S`: seconds > 0, possibly fractional; undefined when absent. */
export function parseDurationSeconds(text: string | undefined): Result<number | undefined, string> {
  if (text === undefined) return ok(undefined);
  const s = /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  if (!(s > 0)) return err(`--duration must be a number of seconds > 0, got '${text}'`);
  return ok(Math.round(s * 1000));
}
