/**
 * A whole simulated referee board: the physical board (physics.ts), its load cells and
 * HX711s (sensors.ts), its tilt switches, and its firmware (firmware.ts), run on one sim
 * clock, with one USB link a transport (binding.ts, pty.ts) can attach to.
 *
 * The clock is either stepped by the caller (`advance(ms)`, the default: tests) or run
 * by a scheduler's timers (`clock: 'timers'`: the real clock, or a virtual one). Either way the board
 * steps in whole milliseconds, so the same seed, script and command timing give the same
 * bytes however the time is cut into advance() calls.
 */
import { err, ok, type Result } from '../../util/result.ts';
import { realScheduler, type Scheduler, type TimerHandle } from '../../util/scheduler.ts';
import { MAX_CELLS, UNSET_BOARD_ID, type BySide, type Tilt, type TiltSide } from '../../protocol/index.ts';
import { pointCount, pointName, type Grid } from '../../board/grid.ts';
import type { HardwareProfile } from '../../board/profile.ts';
import { cellGrams, cellMapOf, REFERENCE_HARDWARE, type CellMap } from './cell-map.ts';
import { SAMPLE_PERIOD_MS, SIM_FIRMWARE_VERSION, SimFirmware } from './firmware.ts';
import { BoardPhysics, DEFAULT_PHYSICS, wellOf, type PhysicsError, type PhysicsParameters, type PhysicsSnapshot } from './physics.ts';
import { SIM_GRID, SIM_PIECES, SIM_START_LAYOUT, parseLayout } from './layout.ts';
import { REFERENCE_PHYSICS, RigidBoard, type SimGamePhysics } from './rigid-body.ts';
import { Rng } from '../../util/rng.ts';
import { stepDelay, stepLength, SimScript, type SimStep, type WellRef } from './script.ts';
import { DEFAULT_SENSORS, SensorBank, type CellFault, type SensorParameters } from './sensors.ts';

export const SIM_ERROR_CODES = ['BadSpn', 'BadOption', 'BadWell', 'Busy', 'Unplugged', 'Stopped', 'NotStarted', 'Cancelled'] as const;
export type SimErrorCode = (typeof SIM_ERROR_CODES)[number];
export interface SimError {
  readonly code: SimErrorCode;
  readonly message: string;
}
export type ActionError = PhysicsError | SimError;

export interface SimBoardOptions {
  /** Everything random follows from it (default 1). */
  readonly seed?: number;
  /** Masses (by piece letter) and pinnacle gap, in the profile's unit (default: REFERENCE_PHYSICS, the rulings' default model in grams). */
  readonly profile?: SimGamePhysics;
  /**
   * The board's cell map, load cells' nominal counts/g, tilt switches and LEDs (default: the
   * reference board's layout, REFERENCE_HARDWARE). Any grid; without pivot cells the board never tips.
   */
  readonly hardware?: HardwareProfile;
  /** Grams per profile mass unit; needed unless the profile is in grams (the app knows the game's units). */
  readonly gramsPerMassUnit?: number;
  /**
   * The spheres at power-on: an SPN or just its board field (any arrangement), or a position
   * (its `board`, one cell code per well). Default: Senryaku's start position on the 7×6
   * grid, an empty board on any other.
   */
  readonly position?: string | { readonly board: ArrayLike<number> };
  /** The piece letters, in cell-code order, of `position` and of the profile's masses (default Senryaku's w W b B). */
  readonly pieces?: string;
  /** The id in the board's EEPROM (default: fixed by the seed). UNSET_BOARD_ID: erased, the board picks one at boot. */
  readonly boardId?: number;
  /** WS2812 LEDs fitted (default the hardware's, else 42; 0 = none: LED commands get NAK NOLEDS). */
  readonly ledCount?: number;
  /** Default: the hardware's. */
  readonly tiltFitted?: Tilt;
  readonly firmwareVersion?: string;
  /** From power-on or reset to the boot HELLO (bootloader, entropy, HX711 settling). Default 200 ms. */
  readonly bootDelayMs?: number;
  /** Opening the port resets the board, as DTR does on a Mega (default true). */
  readonly resetOnOpen?: boolean;
  /** 'manual' (default): the caller calls advance(). 'timers': the scheduler's interval and clock. */
  readonly clock?: 'manual' | 'timers';
  /** Whose timers and clock run a 'timers' board (default the real ones). */
  readonly scheduler?: Scheduler;
  /** Timer period in 'timers' mode, ms (default 10). */
  readonly tickMs?: number;
  /** The HX711 oscillator's error, % (default: drawn from the seed within ±0.5 %). */
  readonly sampleRateErrorPct?: number;
  /** Tilt switches bounce a few times when they change (default true), so the 10 ms debounce has work. */
  readonly tiltChatter?: boolean;
  readonly sensors?: Partial<SensorParameters>;
  readonly physics?: Partial<PhysicsParameters>;
}

/** Faults on the board → host wire, applied to whole lines (the sequence number still counts them). */
export interface LinkFaults {
  /** Drop the next n lines. */
  readonly dropNext?: number;
  /** Corrupt one byte of each of the next n lines (its CRC then fails). */
  readonly corruptNext?: number;
  /** Drop each line with this probability. */
  readonly dropRate?: number;
  /** Corrupt each line with this probability. */
  readonly corruptRate?: number;
}

/** The far end of the board's USB link: where its bytes go. */
export interface LinkSink {
  readonly data: (bytes: Buffer) => void;
  /** The cable was pulled: the link is dead. */
  readonly unplugged: () => void;
}

/** An attached link: host → board bytes go in by write(). */
export interface SimLink {
  write(bytes: Uint8Array): void;
  /** The host closed its port. */
  close(): void;
}

export interface StepOutcome {
  readonly step: SimStep;
  /** Sim time the step ran at. */
  readonly atMs: number;
  readonly result: Result<void, ActionError>;
}

interface Scheduled {
  readonly step: SimStep;
  readonly atMs: number;
  readonly order: number;
  readonly done: (outcome: StepOutcome) => void;
}

type PowerState = 'off' | 'booting' | 'running';

const simError = (code: SimErrorCode, message: string): SimError => ({ code, message });

/** Everything a SimBoard is built from; createSimBoard checks the options and makes these. */
export interface SimBoardParts {
  readonly options: SimBoardOptions;
  readonly rng: Rng;
  readonly physics: BoardPhysics;
  readonly sensors: SensorBank;
  readonly hardware: HardwareProfile;
  readonly cellMap: CellMap;
  /** The wells at power-on. */
  readonly layout: Int8Array;
  readonly boardId: number;
  readonly sampleRateFactor: number;
}

/** Checks the options and builds a board (not yet powered: call start()). */
export function createSimBoard(options: SimBoardOptions = {}): Result<SimBoard, SimError> {
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) return err(simError('BadOption', `seed must be an integer, got ${seed}`));
  const profile = options.profile ?? REFERENCE_PHYSICS;
  const hardware = options.hardware ?? REFERENCE_HARDWARE;
  const pieces = options.pieces ?? SIM_PIECES;
  const layout = readLayout(options.position, hardware.grid, pieces);
  if (!layout.ok) return layout;
  const cellMap = cellMapOf(hardware);
  if (cellMap.wells.length + cellMap.pivots.length > MAX_CELLS) return err(simError('BadOption', `more than ${MAX_CELLS} cells`));
  const ledCount = options.ledCount ?? hardware.ledCount ?? 42;
  if (!Number.isInteger(ledCount) || ledCount < 0 || ledCount > 255) return err(simError('BadOption', 'ledCount must be 0..255'));
  const rng = new Rng(seed);
  // Which grams an abstract unit stands for is the game's to say (the app passes it).
  const gramsPerUnit = options.gramsPerMassUnit ?? (profile.massUnit === 'g' ? 1 : undefined);
  if (gramsPerUnit === undefined) return err(simError('BadOption', `a profile in "${profile.massUnit}" needs gramsPerMassUnit`));
  const rigid = RigidBoard.fromProfile(profile, gramsPerUnit, hardware.grid, pieces);
  const physics = new BoardPhysics(rigid, { ...DEFAULT_PHYSICS, ...options.physics }, cellMap.pivots.length > 0);
  const sensorParameters: SensorParameters = {
    ...DEFAULT_SENSORS,
    ...(hardware.loadCells ? { nominalCountsPerGram: hardware.loadCells.nominalCountsPerGram } : {}),
    ...(hardware.loadCells?.pivots ? { pivotNominalCountsPerGram: hardware.loadCells.pivots.nominalCountsPerGram } : {}),
    wellCount: cellMap.wells.length,
    ...options.sensors,
  };
  const sensors = new SensorBank(cellMap.wells.length + cellMap.pivots.length, sensorParameters, rng.fork('sensors'));
  let boardId = options.boardId ?? rng.fork('board-id').uint32();
  if (options.boardId === undefined && boardId === UNSET_BOARD_ID) boardId = 0x5e4d1a00;
  const errorPct = options.sampleRateErrorPct ?? rng.fork('oscillator').uniform(-0.5, 0.5);
  const parts = { options, hardware, rng, physics, sensors, cellMap, layout: layout.value, boardId, sampleRateFactor: 1 + errorPct / 100 };
  return ok(new SimBoard(parts));
}

/** The wells of a Position, an SPN or a bare board field. */
function readLayout(p: SimBoardOptions['position'], grid: Grid, pieces: string): Result<Int8Array, SimError> {
  if (p !== undefined && typeof p !== 'string') return ok(Int8Array.from(p.board));
  if (p === undefined && (grid.files !== SIM_GRID.files || grid.ranks !== SIM_GRID.ranks)) return ok(new Int8Array(pointCount(grid)));
  const parsed = parseLayout(p ?? SIM_START_LAYOUT, grid, pieces);
  return parsed.ok ? parsed : err(simError('BadSpn', parsed.error.message));
}

const NO_PIVOT_LOAD: BySide<number> = Object.freeze({ white: 0, black: 0 });

export class SimBoard {
  readonly firmware: SimFirmware;
  #now = 0;
  #started = false;
  #power: PowerState = 'off';
  #bootAtMs = 0;
  #nextSampleAtMs = 0;
  #eepromId: number;
  #eepromFails = false;
  readonly #bootIds: Rng;
  readonly #chatterRng: Rng;
  readonly #linkRng: Rng;
  #tiltRaw: BySide<boolean> = { white: false, black: false };
  #tiltEdges: { atMs: number; side: TiltSide; level: boolean }[] = [];
  #queue: Scheduled[] = [];
  #order = 0;
  #cursorMs = 0;
  #sink: LinkSink | undefined = undefined;
  #pluggedIn = true;
  #linkFaults: Required<LinkFaults> = { dropNext: 0, corruptNext: 0, dropRate: 0, corruptRate: 0 };
  readonly #lineListeners = new Set<(line: string) => void>();
  #timer: TimerHandle | undefined = undefined;
  #wallMs = 0;

  constructor(readonly parts: SimBoardParts) {
    const o = parts.options;
    this.#eepromId = parts.boardId;
    this.#bootIds = parts.rng.fork('boot-ids');
    this.#chatterRng = parts.rng.fork('tilt-chatter');
    this.#linkRng = parts.rng.fork('link-faults');
    this.firmware = new SimFirmware(
      {
        firmwareVersion: o.firmwareVersion ?? SIM_FIRMWARE_VERSION,
        wellCells: parts.cellMap.wells.length,
        pivotCells: parts.cellMap.pivots.length,
        ledCount: o.ledCount ?? parts.hardware.ledCount ?? 42,
        tiltFitted: o.tiltFitted ?? parts.hardware.tilt,
        debounceMs: 10,
      },
      {
        send: (line) => this.#emit(line),
        resetCells: (nowMs) => parts.sensors.powerCycle(nowMs),
        tiltLevel: (side) => this.#tiltRaw[side],
        eeprom: {
          read: () => this.#eepromId,
          write: (id) => {
            if (this.#eepromFails) return false;
            this.#eepromId = id >>> 0;
            return true;
          },
        },
      },
    );
  }

  get #scheduler(): Scheduler {
    return this.parts.options.scheduler ?? realScheduler;
  }

  get physics(): BoardPhysics {
    return this.parts.physics;
  }
  get sensors(): SensorBank {
    return this.parts.sensors;
  }
  get cellMap(): CellMap {
    return this.parts.cellMap;
  }
  /** Sim time, ms since the board was created. */
  get nowMs(): number {
    return this.#now;
  }
  get power(): PowerState {
    return this.#power;
  }
  get boardId(): number {
    return this.#eepromId;
  }
  get pluggedIn(): boolean {
    return this.#pluggedIn;
  }
  get attached(): boolean {
    return this.#sink !== undefined;
  }
  get resetOnOpen(): boolean {
    return this.parts.options.resetOnOpen ?? true;
  }
  snapshot(): PhysicsSnapshot {
    return this.physics.snapshot();
  }

  /** What the well LEDs show: each lit well by name, 0xRRGGBB (LED i is under well cell i, PROTOCOL.md). */
  litWells(): Readonly<Record<string, number>> {
    const lit: Record<string, number> = {};
    this.firmware.leds.forEach((rgb, led) => {
      const well = this.cellMap.wells[led];
      if (rgb !== 0 && well !== undefined) lit[pointName(this.parts.hardware.grid, well)] = rgb;
    });
    return lit;
  }

  /** Powers the board on (it boots after bootDelayMs) and, in 'timers' mode, starts the clock. */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.physics.reset(this.parts.layout);
    this.#cursorMs = this.#now;
    this.#powerOn();
    if (this.parts.options.clock === 'timers') {
      this.#wallMs = this.#scheduler.now();
      this.#timer = this.#scheduler.setInterval(() => this.#onTimer(), this.parts.options.tickMs ?? 10);
    }
  }

  /** Stops the clock, drops the link (as a pulled cable) and settles pending actions as Stopped. */
  stop(): void {
    if (!this.#started) return;
    this.#started = false;
    this.#scheduler.clear(this.#timer);
    this.#timer = undefined;
    this.#dropLink();
    this.#lineListeners.clear();
    this.#power = 'off';
    const pending = this.#queue;
    this.#queue = [];
    for (const s of pending) s.done({ step: s.step, atMs: this.#now, result: err(simError('Stopped', 'the board was stopped')) });
  }

  /** Runs the board for ms milliseconds of sim time (whole ms; runs due actions even for 0). */
  advance(ms: number): void {
    if (!this.#started) throw new Error('SimBoard.advance before start()');
    if (!(ms >= 0)) throw new RangeError(`advance(${ms})`);
    const end = this.#now + Math.floor(ms);
    this.#runDue();
    while (this.#now < end) {
      this.#now++;
      this.#step();
    }
  }

  /** Every line the board puts on the wire (after link faults). Returns the unsubscribe. */
  onLine(listener: (line: string) => void): () => void {
    this.#lineListeners.add(listener);
    return () => this.#lineListeners.delete(listener);
  }

  // ---- the USB link -------------------------------------------------------------------

  /** A host opens the port. Resets the board when resetOnOpen (DTR), as a Mega does. */
  attach(sink: LinkSink): Result<SimLink, SimError> {
    if (!this.#started) return err(simError('NotStarted', 'the sim board is not started'));
    if (!this.#pluggedIn) return err(simError('Unplugged', 'the board is unplugged'));
    if (this.#sink) return err(simError('Busy', 'the port is already open'));
    this.#sink = sink;
    if (this.resetOnOpen) this.#powerOn();
    const link: SimLink = {
      write: (bytes) => {
        if (this.#sink === sink && this.#power === 'running') this.firmware.receive(bytes, this.#now);
      },
      close: () => {
        if (this.#sink === sink) this.#sink = undefined;
      },
    };
    return ok(link);
  }

  /** Pulls the USB cable: an open port fails as a disconnected device; opening fails until plugIn(). */
  unplug(): void {
    this.#pluggedIn = false;
    this.#dropLink();
  }

  /** Plugs the cable back. reboot (default true): USB power came back, the board boots; false: it kept running on its own supply. */
  plugIn(options: { readonly reboot?: boolean } = {}): void {
    if (this.#pluggedIn) return;
    this.#pluggedIn = true;
    if ((options.reboot ?? true) && this.#started) this.#powerOn();
  }

  /** Resets the board now (a brown-out, the reset button): new boot id, seq 0000, a HELLO after bootDelayMs. */
  reboot(): void {
    if (this.#started) this.#powerOn();
  }

  // ---- faults -------------------------------------------------------------------------

  setCellFault(cell: number, fault: CellFault | undefined): void {
    this.sensors.setFault(cell, fault);
  }

  setLinkFaults(faults: LinkFaults): void {
    this.#linkFaults = { ...this.#linkFaults, ...faults };
  }

  /**
   * Puts a line on the wire that the board did not send (a forged or replayed line, a flood),
   * as a misbehaving cable or an attacker between board and host would. No-op while no host
   * has the port open.
   */
  injectLine(line: string): void {
    this.#sink?.data(Buffer.from(`${line}\r\n`, 'latin1'));
  }

  /** SETID then answers NAK EEPROM. */
  setEepromFailing(failing: boolean): void {
    this.#eepromFails = failing;
  }

  // ---- the game -----------------------------------------------------------------------

  /** A new game: the board set up as `positionOrSpn`, level, hands and table empty. */
  resetBoard(positionOrSpn: string | { readonly board: ArrayLike<number> }): Result<void, SimError> {
    const layout = readLayout(positionOrSpn, this.parts.hardware.grid, this.parts.options.pieces ?? SIM_PIECES);
    if (!layout.ok) return layout;
    const wasTipped = this.physics.tipped;
    this.physics.reset(layout.value);
    if (wasTipped) this.#switchTilt(wasTipped, false);
    return ok(undefined);
  }

  /**
   * Drops every action scheduled and not yet done, as people at the board stop what they were
   * doing (a new match, a calibration): each resolves as cancelled.
   */
  cancelScheduled(): void {
    const pending = this.#queue;
    this.#queue = [];
    this.#cursorMs = this.#now;
    for (const s of pending)
      s.done({ step: s.step, atMs: this.#now, result: err(simError('Cancelled', 'cancelled: the people at the board stopped')) });
  }

  /** Schedules a script's steps after whatever is scheduled; resolves when the last has run. */
  play(script: SimScript): Promise<StepOutcome[]> {
    return Promise.all(script.steps.map((step) => this.#schedule(step)));
  }

  lift(well: WellRef, options: { afterMs?: number } = {}): Promise<StepOutcome> {
    return this.#schedule(new SimScript().lift(well, options).steps[0] as SimStep);
  }
  place(well: WellRef, options: Parameters<SimScript['place']>[1] = {}): Promise<StepOutcome> {
    return this.#schedule(new SimScript().place(well, options).steps[0] as SimStep);
  }
  roll(from: WellRef, to: WellRef, options: Parameters<SimScript['roll']>[2] = {}): Promise<StepOutcome> {
    return this.#schedule(new SimScript().roll(from, to, options).steps[0] as SimStep);
  }
  press(well: WellRef, grams: number, options: Parameters<SimScript['press']>[2]): Promise<StepOutcome> {
    return this.#schedule(new SimScript().press(well, grams, options).steps[0] as SimStep);
  }
  holdBoard(grams: number, options: Parameters<SimScript['holdBoard']>[1]): Promise<StepOutcome> {
    return this.#schedule(new SimScript().holdBoard(grams, options).steps[0] as SimStep);
  }
  wait(ms: number): Promise<StepOutcome> {
    return this.#schedule({ action: 'wait', ms });
  }

  /** Grams on every cell now (cell order): the truth the sensors turn into counts. */
  trueCellGrams(): Float64Array {
    // Every sample: the wells' loads once, the pivots' from them (none to solve on a board without pivots).
    const wells = this.physics.wellGrams(this.#now);
    const pivots = this.cellMap.pivots.length > 0 ? this.physics.pivotGrams(this.#now, wells) : NO_PIVOT_LOAD;
    return cellGrams(this.cellMap, wells, pivots);
  }

  // ---- inside -------------------------------------------------------------------------

  #schedule(step: SimStep): Promise<StepOutcome> {
    if (!this.#started) return Promise.resolve({ step, atMs: this.#now, result: err(simError('NotStarted', 'start() the board first')) });
    const atMs = Math.max(this.#cursorMs, this.#now) + stepDelay(step);
    this.#cursorMs = atMs + stepLength(step);
    return new Promise((done) => {
      this.#queue.push({ step, atMs, order: this.#order++, done });
      this.#queue.sort((a, b) => a.atMs - b.atMs || a.order - b.order);
    });
  }

  #runDue(): void {
    while (this.#queue.length > 0 && (this.#queue[0] as Scheduled).atMs <= this.#now) {
      const s = this.#queue.shift() as Scheduled;
      s.done({ step: s.step, atMs: this.#now, result: this.#perform(s.step) });
    }
  }

  #perform(step: SimStep): Result<void, ActionError> {
    const p = this.physics;
    const now = this.#now;
    const well = (ref: WellRef): Result<number, SimError> => {
      const w = wellOf(ref, this.parts.hardware.grid);
      return w === undefined ? err(simError('BadWell', `no well ${String(ref)}`)) : ok(w);
    };
    const done = <T>(r: Result<T, ActionError>): Result<void, ActionError> => (r.ok ? ok(undefined) : r);
    switch (step.action) {
      case 'wait':
        return ok(undefined);
      case 'lift': {
        const w = well(step.well);
        return w.ok ? done(p.lift(w.value, now)) : w;
      }
      case 'place': {
        const w = well(step.well);
        return w.ok ? done(p.place(w.value, step.kind, now)) : w;
      }
      case 'roll': {
        const from = well(step.from);
        const to = well(step.to);
        if (!from.ok) return from;
        return to.ok ? done(p.roll(from.value, to.value, step.durationMs, now, step.pauseMs)) : to;
      }
      case 'press': {
        const w = well(step.well);
        return w.ok ? done(p.press(w.value, step.grams, step.durationMs, now)) : w;
      }
      case 'holdBoard':
        return done(p.holdBoard(step.grams, step.durationMs, now, step.at));
    }
  }

  /** One millisecond of the board's life, in the order of the firmware's loop(). */
  #step(): void {
    const now = this.#now;
    this.#runDue();
    const tippedNow = this.physics.update(now);
    if (tippedNow) this.#switchTilt(tippedNow, true);
    this.#applyTiltEdges();
    if (this.#power === 'booting' && now >= this.#bootAtMs) {
      this.#power = 'running';
      this.firmware.boot(now, this.#bootIds.uint32());
      this.#nextSampleAtMs = now + this.#samplePeriod();
    }
    if (this.#power !== 'running') return;
    this.firmware.pollTilt(now);
    if (now >= this.#nextSampleAtMs) {
      this.#nextSampleAtMs += this.#samplePeriod();
      this.firmware.onSample(this.sensors.sample(this.trueCellGrams(), now), now);
    }
    this.firmware.service(now);
  }

  #samplePeriod(): number {
    return SAMPLE_PERIOD_MS * this.parts.sampleRateFactor;
  }

  #powerOn(): void {
    this.#power = 'booting';
    this.#bootAtMs = this.#now + (this.parts.options.bootDelayMs ?? 200);
    this.sensors.powerCycle(this.#now);
  }

  /** The physical switch on `side` moves to `level`, bouncing a few times first when chatter is on. */
  #switchTilt(side: TiltSide, level: boolean): void {
    let t = this.#now;
    if (this.parts.options.tiltChatter ?? true) {
      const bounces = this.#chatterRng.int(0, 3);
      for (let i = 0; i < bounces; i++) {
        this.#tiltEdges.push({ atMs: t, side, level }, { atMs: t + 1, side, level: !level });
        t += 1 + this.#chatterRng.int(1, 3);
      }
    }
    this.#tiltEdges.push({ atMs: t, side, level });
    this.#applyTiltEdges();
  }

  #applyTiltEdges(): void {
    const due = this.#tiltEdges.filter((e) => e.atMs <= this.#now);
    if (due.length === 0) return;
    this.#tiltEdges = this.#tiltEdges.filter((e) => e.atMs > this.#now);
    for (const e of due) {
      if (this.#tiltRaw[e.side] === e.level) continue;
      this.#tiltRaw[e.side] = e.level;
      if (this.#power === 'running') this.firmware.tiltEdge(e.side, this.#now);
    }
  }

  #emit(line: string): void {
    const f = this.#linkFaults;
    if (f.dropNext > 0 || this.#linkRng.chance(f.dropRate)) {
      if (f.dropNext > 0) this.#linkFaults = { ...f, dropNext: f.dropNext - 1 };
      return;
    }
    let wire = line;
    if (f.corruptNext > 0 || this.#linkRng.chance(f.corruptRate)) {
      if (f.corruptNext > 0) this.#linkFaults = { ...this.#linkFaults, corruptNext: f.corruptNext - 1 };
      wire = this.#corrupt(line);
    }
    for (const listener of this.#lineListeners) listener(wire);
    this.#sink?.data(Buffer.from(`${wire}\r\n`, 'latin1'));
  }

  /** One body byte replaced by a different letter or digit: the CRC always catches it. */
  #corrupt(line: string): string {
    const star = line.indexOf('*');
    const at = this.#linkRng.int(0, Math.max(0, star - 1));
    const pool = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let c = pool[this.#linkRng.int(0, pool.length - 1)] as string;
    if (c === line[at]) c = c === 'A' ? 'B' : 'A';
    return line.slice(0, at) + c + line.slice(at + 1);
  }

  #dropLink(): void {
    const sink = this.#sink;
    this.#sink = undefined;
    sink?.unplugged();
  }

  #onTimer(): void {
    const wall = this.#scheduler.now();
    const elapsed = wall - this.#wallMs;
    if (elapsed <= 0) return;
    this.#wallMs = wall;
    this.advance(elapsed);
  }
}
