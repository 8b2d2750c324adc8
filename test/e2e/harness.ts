/**
 * End-to-end sessions: a simulated board, the real serial link over the sim's serialport
 * binding, and the whole referee app (pipeline, journal, bus), under fake timers so
 * minutes of play take seconds. Nothing is stubbed between the load cells and the verdicts.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sinon from 'sinon';
import { afterEach, beforeAll } from 'vitest';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { REFERENCE_PROFILE_PATH } from '../support/reference-profile.ts';
import { formatProfileProblems, parseProfileFile } from '../../src/games/senryaku/profile-file.ts';
import { RefereeApp, type RefereeBoard } from '../../src/app/referee-app.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { SerialBoardLink, bindingPortOpener, type SerialBinding } from '../../src/hardware/link/index.ts';
import {
  SimBinding,
  createSimBoard,
  registerSimBoard,
  simPath,
  unregisterSimBoard,
  type SimBoard,
  type SimBoardOptions,
  type SimScript,
} from '../../src/hardware/sim/index.ts';
import { DEFAULT_REFEREE_SETTINGS, type SenryakuRefereeSettings } from '../../src/games/senryaku/referee.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { START_SPN, parseSpn } from '../../src/games/senryaku/rules/index.ts';
import type { LoadedProfile } from '../../src/games/senryaku/profile-file.ts';
import type { SenryakuBoardProfile } from '../../src/games/senryaku/board.ts';
import { senryakuGame } from '../../src/games/senryaku/index.ts';
import { senryakuPlayersOn } from '../../src/games/senryaku/players.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';
import type { JournalFs } from '../../src/journal/disk.ts';
import type { LightsOptions } from '../../src/presentation/lights/picture.ts';
import type { Service } from '../../src/app/service.ts';

export const SEED = 7;

export function referenceProfile(): SenryakuBoardProfile {
  return referenceBoard().profile;
}

/** The reference profile file's both parts: Senryaku's physics and the board's hardware. */
export function referenceBoard(): LoadedProfile {
  const p = parseProfileFile(JSON.parse(readFileSync(REFERENCE_PROFILE_PATH, 'utf8')));
  if (!p.ok) throw new Error(formatProfileProblems(p.error));
  return p.value;
}

const calibrations = new Map<number, Calibration>();

/** Calibrates the simulated board of a seed once per test file (call before installing fake timers). */
export async function calibrationForSeed(seed = SEED): Promise<Calibration> {
  const known = calibrations.get(seed);
  if (known) return known;
  const store = new CalibrationStore(mkdtempSync(join(tmpdir(), 'senryaku-e2e-cal-')));
  const c = await calibrateSimulatedBoard({ seed, store });
  if (!c.ok) throw new Error(c.error);
  calibrations.set(seed, c.value);
  return c.value;
}

export const fakeTimers = (): sinon.SinonFakeTimers =>
  // nextTick, queueMicrotask and setImmediate stay real: the serial streams and vitest need them.
  sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });

let boards = 0;

/** A simulated board registered for the binding; stays powered until `dispose()`. `options`: more sim options (sensors, physics). */
export function simBoard(
  position = START_SPN,
  seed = SEED,
  resetOnOpen = true,
  options: Pick<SimBoardOptions, 'sensors' | 'physics'> = {},
): { sim: SimBoard; path: string; dispose: () => void } {
  const created = createSimBoard({ ...options, seed, ...referenceBoard(), position, clock: 'timers', resetOnOpen });
  if (!created.ok) throw new Error(created.error.message);
  const name = `e2e-${process.pid}-${++boards}`;
  registerSimBoard(name, created.value);
  created.value.start();
  return {
    sim: created.value,
    path: simPath(name),
    dispose: () => {
      created.value.stop();
      unregisterSimBoard(name);
    },
  };
}

export interface SessionOptions {
  readonly calibration: Calibration;
  /** Fake timers to run; undefined: the session runs on real time. */
  readonly clock: sinon.SinonFakeTimers | undefined;
  readonly board: { sim: SimBoard; path: string };
  /** The binding the link opens `board.path` with (default: the sim's own binding). */
  readonly binding?: SerialBinding;
  readonly settings?: Partial<SenryakuRefereeSettings>;
  /** SPN of game 1 when it is not the start position. */
  readonly firstPosition?: string;
  readonly autoplaySeed?: number;
  readonly journalDir?: string;
  readonly resume?: { path: string };
  /** Where fallback journals go (default: a fresh temp directory, so a test's faults never reach the user's state directory). */
  readonly fallbackJournalDirs?: readonly string[];
  /** The disk the journals are written on (a test plugs in one that fails). */
  readonly journalFs?: JournalFs;
  /** The board's well LEDs lit by the referee (default: left dark). */
  readonly lights?: LightsOptions;
  /** Services of the run that hear the match (attached to it; the test starts and stops them). */
  readonly services?: readonly Service[];
}

export class Session {
  readonly verdicts: Verdict[] = [];
  private constructor(
    readonly app: RefereeApp,
    /** Everything the app printed, as it comes. */
    readonly output: string[],
    readonly sim: SimBoard,
    private readonly clock: sinon.SinonFakeTimers | undefined,
    /** The host's link to the board. */
    readonly link: SerialBoardLink,
  ) {}

  static async start(o: SessionOptions): Promise<Session> {
    const { profile } = referenceBoard();
    const link = new SerialBoardLink({ open: bindingPortOpener(o.binding ?? SimBinding, o.board.path) });
    const board: RefereeBoard = {
      link,
      description: 'simulated board (e2e)',
      close: () => link.stop(),
    };
    const first = o.firstPosition ? parseSpn(o.firstPosition) : undefined;
    if (first && !first.ok) throw new Error(first.error.message);
    const settings: SenryakuRefereeSettings = {
      ...DEFAULT_REFEREE_SETTINGS,
      profile,
      ...o.settings,
      ...(first?.ok ? { firstPosition: first.value } : {}),
    };
    const output: string[] = [];
    const app = new RefereeApp({
      board,
      calibration: o.calibration,
      game: senryakuGame(settings),
      players: { A: 'A', B: 'B' },
      journalDir: o.journalDir ?? mkdtempSync(join(tmpdir(), 'senryaku-e2e-journal-')),
      ...(o.resume ? { resume: o.resume } : {}),
      fallbackJournalDirs: o.fallbackJournalDirs ?? [mkdtempSync(join(tmpdir(), 'senryaku-e2e-fallback-'))],
      ...(o.journalFs ? { journalFs: o.journalFs } : {}),
      ...(o.lights ? { lights: o.lights } : {}),
      ...(o.services ? { services: o.services } : {}),
      ...(o.autoplaySeed !== undefined ? { simulatedPlayers: senryakuPlayersOn(o.board.sim, profile, o.autoplaySeed) } : {}),
      io: { out: (l) => output.push(l), err: (l) => output.push(l) },
      json: false,
      scoreboard: 'none',
      source: { kind: 'sim', seed: SEED },
    });
    const s = new Session(app, output, o.board.sim, o.clock, link);
    app.bus.on('verdict', s, (v) => s.verdicts.push(v));
    await app.start();
    return s;
  }

  private cursor = 0;

  /** The next verdict of a type after the last one `next` returned (verdicts in between are passed over). */
  async next<T extends Verdict['type']>(type: T, maxMs = 30_000): Promise<Extract<Verdict, { type: T }>> {
    const from = this.cursor;
    const v = await this.until(type, (x) => this.verdicts.indexOf(x) >= from, maxMs);
    this.cursor = this.verdicts.indexOf(v) + 1;
    return v;
  }

  /** Plays hand actions on the simulated board. */
  act(script: SimScript): void {
    void this.sim.play(script);
  }

  /** Runs simulated time until a verdict matches, or fails after `maxMs` of it. */
  async until<T extends Verdict['type']>(
    type: T,
    match: (v: Extract<Verdict, { type: T }>) => boolean = () => true,
    maxMs = 60_000,
  ): Promise<Extract<Verdict, { type: T }>> {
    const found = () =>
      this.verdicts.find((v): v is Extract<Verdict, { type: T }> => v.type === type && match(v as Extract<Verdict, { type: T }>));
    for (let t = 0; t < maxMs; t += 50) {
      const v = found();
      if (v) return v;
      await this.pass(50);
    }
    const v = found();
    if (v) return v;
    throw new Error(`no '${type}' verdict within ${maxMs} ms; got: ${this.verdicts.map((x) => x.type).join(', ')}`);
  }

  async run(ms: number): Promise<void> {
    for (let t = 0; t < ms; t += 50) await this.pass(50);
  }

  /** Lets `ms` of time pass: fake time when the session has a clock, else real time. */
  private async pass(ms: number): Promise<void> {
    if (this.clock) await this.clock.tickAsync(ms);
    else await new Promise((resolve) => setTimeout(resolve, ms));
  }

  types(): string[] {
    return this.verdicts.map((v) => v.type);
  }

  async stop(): Promise<void> {
    const stopping = this.app.stop();
    if (this.clock) await this.clock.tickAsync(500);
    await stopping;
  }
}

/**
 * The shared frame of an end-to-end test file: the seed's calibration before the tests,
 * fake timers per test, and cleanups (sessions, boards) run after each test in reverse.
 */
export function useE2E(seed = SEED) {
  let calibration: Calibration | undefined;
  let clock: sinon.SinonFakeTimers | undefined;
  let cleanups: (() => unknown)[] = [];
  beforeAll(async () => {
    calibration = await calibrationForSeed(seed);
  }, 60_000);
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups = [];
    clock?.restore();
    clock = undefined;
  });
  const e2e = {
    get calibration(): Calibration {
      if (!calibration) throw new Error('calibration not ready');
      return calibration;
    },
    startClock(): sinon.SinonFakeTimers {
      clock = fakeTimers();
      return clock;
    },
    defer(fn: () => unknown): void {
      cleanups.push(fn);
    },
    /** A session on a fresh simulated board set up with `position`, game 1 started from it. */
    async game(
      position = START_SPN,
      settings: Partial<SenryakuRefereeSettings> = {},
      more: Pick<SessionOptions, 'lights' | 'services'> = {},
    ): Promise<Session> {
      const c = e2e.startClock();
      const board = simBoard(position, seed);
      e2e.defer(() => board.dispose());
      const s = await Session.start({ calibration: e2e.calibration, clock: c, board, firstPosition: position, settings, ...more });
      e2e.defer(() => s.stop());
      await s.next('game-started');
      return s;
    },
    /**
     * A host that goes down mid-match and comes back: `first`, a session on a fresh simulated
     * board at the start, game 1 started (the test stops it); `restart`, another host on the same
     * board and clock resuming from the journal at `path`.
     */
    async restartable(): Promise<{
      clock: sinon.SinonFakeTimers;
      board: ReturnType<typeof simBoard>;
      first: Session;
      restart: (path: string) => Promise<Session>;
    }> {
      const clock = e2e.startClock();
      const board = simBoard(START_SPN, seed);
      e2e.defer(() => board.dispose());
      const first = await Session.start({ calibration: e2e.calibration, clock, board });
      await first.next('game-started');
      const restart = async (path: string): Promise<Session> => {
        const s = await Session.start({ calibration: e2e.calibration, clock, board, resume: { path } });
        e2e.defer(() => s.stop());
        return s;
      };
      return { clock, board, first, restart };
    },
  };
  return e2e;
}
