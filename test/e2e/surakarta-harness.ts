/**
 * End-to-end Surakarta sessions: the simulated Surakarta board (hardware/profiles/
 * surakarta-mega-2560.json) opened as `--rules surakarta --sim` opens it, the real serial
 * link over the sim's binding, and the whole RefereeApp (pipeline, journal, bus) refereeing
 * a Surakarta match, all on one VirtualClock driven only while a test waits for a verdict.
 * Nothing is stubbed between the load cells and the verdicts, and no wall clock is read.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { readJournal } from '../../src/journal/journal.ts';
import { openBoard } from '../../src/app/open-board.ts';
import { RefereeApp } from '../../src/app/referee-app.ts';
import { replayJournal, type JournalReplay } from '../../src/journal/replay.ts';
import { calibrateSimulatedBoard } from '../../src/app/sim-calibration.ts';
import { VirtualClock } from '../../src/app/virtual-clock.ts';
import type { SimBoard, SimScript } from '../../src/hardware/sim/index.ts';
import { DEFAULT_SURAKARTA_SETTINGS, type SurakartaRefereeSettings } from '../../src/games/surakarta/referee.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { START_POSITION, parsePosition } from '../../src/games/surakarta/rules/index.ts';
import { SURAKARTA, surakartaGame } from '../../src/games/surakarta/index.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';
import type { HardwareProfile } from '../../src/board/profile.ts';
import type { LightsOptions } from '../../src/presentation/lights/picture.ts';

export const SK_SEED = 11;

/** Virtual time per clock step: the sim's tick and the link's timers see every step. */
const STEP_MS = 10;

const calibrations = new Map<number, Promise<Calibration>>();

/** The simulated Surakarta board of a seed, calibrated once per test file (on a virtual clock of its own). */
export function surakartaCalibration(seed = SK_SEED): Promise<Calibration> {
  let known = calibrations.get(seed);
  if (!known) {
    const store = new CalibrationStore(mkdtempSync(join(tmpdir(), 'surakarta-e2e-cal-')));
    known = calibrateSimulatedBoard({ seed, store, ruleset: SURAKARTA }).then((c) => {
      if (!c.ok) throw new Error(c.error);
      return c.value;
    });
    calibrations.set(seed, known);
  }
  return known;
}

export type VerdictOf<T extends Verdict['type']> = Extract<Verdict, { type: T }>;

export interface SkSessionOptions {
  readonly seed?: number;
  /** The position game 1 starts from and the sim board is set up as (default the start position). */
  readonly firstPosition?: string;
  /** Referee settings beside the defaults (firstPosition comes from the option above). */
  readonly settings?: Partial<Omit<SurakartaRefereeSettings, 'firstPosition'>>;
  /** The board's well LEDs lit by the referee (default: left dark). */
  readonly lights?: LightsOptions;
  /** LEDs fitted to the simulated board (default the profile's: none). */
  readonly simLeds?: number;
}

export class SkSession {
  readonly verdicts: Verdict[] = [];
  /** What the app said to people besides verdicts. */
  readonly notices: string[] = [];
  #cursor = 0;
  #stopped = false;

  private constructor(
    readonly app: RefereeApp,
    readonly sim: SimBoard,
    readonly clock: VirtualClock,
    /** The board's hardware: its grid and cell map (LED i under cell i). */
    readonly hardware: HardwareProfile,
  ) {}

  /** Opens the simulated board set up as the first position, starts the app and waits for game 1. */
  static async start(o: SkSessionOptions = {}): Promise<SkSession> {
    const seed = o.seed ?? SK_SEED;
    const calibration = await surakartaCalibration(seed);
    const position = o.firstPosition ?? START_POSITION;
    const first = parsePosition(position);
    if (!first.ok) throw new Error(first.error.message);
    const clock = new VirtualClock({ stepMs: STEP_MS });
    const opened = await openBoard(
      { sim: true, seed: String(seed) },
      {
        ruleset: SURAKARTA,
        simPosition: position,
        scheduler: clock.scheduler,
        ...(o.simLeds !== undefined ? { simOptions: { ledCount: o.simLeds } } : {}),
      },
    );
    if (!opened.ok) throw new Error(opened.error.message);
    const board = opened.value;
    if (!board.sim) throw new Error('a simulated board was opened without its simulator');
    const settings: SurakartaRefereeSettings = {
      ...DEFAULT_SURAKARTA_SETTINGS,
      ...o.settings,
      ...(o.firstPosition ? { firstPosition: first.value } : {}),
    };
    const app = new RefereeApp({
      board,
      calibration,
      game: surakartaGame(settings, board.file.profile),
      players: { A: 'A', B: 'B' },
      journalDir: mkdtempSync(join(tmpdir(), 'surakarta-e2e-journal-')),
      io: { out: () => {}, err: () => {} },
      json: false,
      scoreboard: 'none',
      source: { kind: 'sim', seed },
      scheduler: clock.scheduler,
      ...(o.lights ? { lights: o.lights } : {}),
    });
    const s = new SkSession(app, board.sim, clock, board.file.hardware);
    app.bus.on('verdict', s, (v) => s.verdicts.push(v));
    app.bus.on('notice', s, (n) => s.notices.push(n.message));
    await app.start();
    await s.next('game-started', 10_000);
    return s;
  }

  /** Plays hand actions on the simulated board (they run as virtual time passes). */
  act(script: SimScript): void {
    void this.sim.play(script);
  }

  /** Runs virtual time until a verdict of `type` matching `match` exists, or fails after `maxMs` of it. */
  async until<T extends Verdict['type']>(type: T, match: (v: VerdictOf<T>) => boolean = () => true, maxMs = 20_000): Promise<VerdictOf<T>> {
    const find = (): VerdictOf<T> | undefined => this.verdicts.find((v): v is VerdictOf<T> => v.type === type && match(v as VerdictOf<T>));
    const seen = await this.clock.fastForward(
      new Promise<VerdictOf<T>>((resolve) => {
        const check = (): void => {
          const v = find();
          if (v) {
            this.app.bus.removeListeners(check);
            resolve(v);
          }
        };
        this.app.bus.on('verdict', check, check);
        check();
      }),
      maxMs,
    );
    if (seen.ok) return seen.value;
    throw new Error(`no '${type}' verdict within ${maxMs} ms of virtual time; got: ${this.types().join(', ')}`);
  }

  /** The next verdict of a type after the last one `next` returned (verdicts in between are passed over). */
  async next<T extends Verdict['type']>(type: T, maxMs = 20_000): Promise<VerdictOf<T>> {
    const from = this.#cursor;
    const v = await this.until(type, (x) => this.verdicts.indexOf(x) >= from, maxMs);
    this.#cursor = this.verdicts.indexOf(v) + 1;
    return v;
  }

  /** Lets `ms` of virtual time pass. */
  async run(ms: number): Promise<void> {
    await this.clock.fastForward(new Promise<never>(() => {}), ms);
  }

  /** The verdicts since the last `next` returned one (a window to assert nothing else was said). */
  pending(): Verdict[] {
    return this.verdicts.slice(this.#cursor);
  }

  types(): string[] {
    return this.verdicts.map((v) => v.type);
  }

  /** Stops the app (closing the link takes virtual time too). Safe to call twice. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.app.bus.removeListeners(this);
    const stopped = await this.clock.fastForward(this.app.stop(), 60_000);
    if (!stopped.ok) throw new Error('the app did not stop within a minute of virtual time');
  }

  /** Stops the session and referees its journal again from the raw lines. */
  async replay(): Promise<JournalReplay> {
    await this.stop();
    const journal = readJournal(this.app.journalPath);
    if (!journal.ok) throw new Error(journal.error.message);
    const replayed = replayJournal(journal.value);
    if (!replayed.ok) throw new Error(replayed.error);
    return replayed.value;
  }
}

/** Starts sessions for a test and stops every one after it, whatever happened. */
export function useSurakartaE2E() {
  let sessions: SkSession[] = [];
  afterEach(async () => {
    for (const s of sessions.reverse()) await s.stop();
    sessions = [];
  });
  return {
    async game(o: SkSessionOptions = {}): Promise<SkSession> {
      const s = await SkSession.start(o);
      sessions.push(s);
      return s;
    },
  };
}
