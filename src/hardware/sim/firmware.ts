/**
 * The board's protocol behaviour, as hardware/firmware/src does it (commands.cpp,
 * frame_stream.cpp, tilt.cpp, the line reader of protocol.cpp), on the TypeScript codec
 * of src/protocol. Pure: time comes in as the simulator's `nowMs`; lines go out
 * through `send` (without `\r\n`).
 *
 * What a real board does and this copies: seq 0000 at every boot; a boot HELLO, not
 * streaming, rate 80; the line reader keeps 63 bytes and reports TOOLONG at the `\n`;
 * bad envelopes get `ERR <code> -`, bad commands `NAK`; frames carry the latest reading
 * of each cell and its stale bit, sampled every 12.5 ms and sent every 80/rate samples;
 * ERR SENSOR after 8 stale periods, once until the cell recovers, at most one per 50 ms;
 * tilt switches debounced 10 ms after the last edge, reported at once as TILT.
 */
import {
  MAX_HOST_LINE,
  TILT_SIDES,
  UNSET_BOARD_ID,
  formatAck,
  formatErrorReport,
  formatFrame,
  formatHello,
  formatNak,
  formatTiltEvent,
  nextSeq,
  openLine,
  parseHostLine,
  type ErrorCode,
  type HostCommand,
  type BySide,
  type SampleRate,
  type Tilt,
  type TiltSide,
} from '../../protocol/index.ts';
import type { CellSample } from './sensors.ts';

/** Firmware version a simulated board announces: semver with a build tag saying "sim". */
export const SIM_FIRMWARE_VERSION = '1.0.0+sim';
/** Where the board's own loop samples: the HX711s at 80 SPS. */
export const SAMPLES_PER_SECOND = 80;
export const SAMPLE_PERIOD_MS = 1000 / SAMPLES_PER_SECOND;
const STALE_PERIODS_FOR_SENSOR_ERROR = 8;
const SENSOR_ERROR_SPACING_MS = 50;
/** What the line reader returns for a line it had to cut (any string is a line). */
const TOO_LONG = Symbol('too long');
/** The reader holds 62 chars + the '\r' before '\n' (protocol.cpp). */
const READER_CAPACITY = MAX_HOST_LINE - 1;

export interface FirmwareConfig {
  readonly firmwareVersion: string;
  readonly wellCells: number;
  readonly pivotCells: number;
  /** WS2812 LEDs fitted, 0 = none. */
  readonly ledCount: number;
  readonly tiltFitted: Tilt;
  readonly debounceMs: number;
}

/** What the firmware reaches outside itself. */
export interface FirmwarePorts {
  /** One line to the host, without `\r\n`. */
  readonly send: (line: string) => void;
  /** Power-cycles every HX711 (CELLRST). */
  readonly resetCells: (nowMs: number) => void;
  /** The raw level of a tilt switch now: true = closed toward that side. */
  readonly tiltLevel: (side: TiltSide) => boolean;
  /** The EEPROM: the board id survives reboots; `write` returns false when it fails. */
  readonly eeprom: { read(): number; write(id: number): boolean };
}

interface Debounce {
  pending: boolean;
  lastEdgeMs: number;
  stable: boolean;
}

export class SimFirmware {
  #seq = 0;
  #bootMs = 0;
  #bootId = 0;
  #streaming = false;
  #rate: SampleRate = 80;
  #samplesPerFrame = 1;
  #samplesInPeriod = 0;
  #periodStartMs = 0;
  #staleInPeriod: boolean[] = [];
  #staleRun: number[] = [];
  #sensorReported: boolean[] = [];
  #sensorPending: boolean[] = [];
  #lastSensorErrorMs = 0;
  #latest: Int32Array;
  #reader = { bytes: [] as number[], overflow: false };
  #tilt: BySide<Debounce> = {
    white: { pending: false, lastEdgeMs: 0, stable: false },
    black: { pending: false, lastEdgeMs: 0, stable: false },
  };
  readonly leds: Uint32Array;

  constructor(
    readonly config: FirmwareConfig,
    readonly ports: FirmwarePorts,
  ) {
    this.#latest = new Int32Array(config.wellCells + config.pivotCells);
    this.leds = new Uint32Array(config.ledCount);
  }

  get cellCount(): number {
    return this.config.wellCells + this.config.pivotCells;
  }
  get streaming(): boolean {
    return this.#streaming;
  }
  get rate(): SampleRate {
    return this.#rate;
  }
  get bootId(): number {
    return this.#bootId;
  }
  /** The debounced tilt state, as FRAME and TILT report it. */
  get tilt(): Tilt {
    return { white: this.#tilt.white.stable, black: this.#tilt.black.stable };
  }

  /** The board's millis() at sim time nowMs. */
  millis(nowMs: number): number {
    return Math.floor(nowMs - this.#bootMs) >>> 0;
  }

  /** setup(): fresh state and the boot HELLO. The HX711s were reset when power came (the caller's job). */
  boot(nowMs: number, bootId: number): void {
    this.#bootMs = nowMs;
    this.#bootId = bootId >>> 0;
    this.#seq = 0;
    this.#streaming = false;
    this.#reader = { bytes: [], overflow: false };
    this.#latest.fill(0);
    this.leds.fill(0);
    const n = this.cellCount;
    this.#staleRun = new Array<number>(n).fill(0);
    this.#sensorReported = new Array<boolean>(n).fill(false);
    this.#sensorPending = new Array<boolean>(n).fill(false);
    this.#lastSensorErrorMs = 0;
    for (const side of TILT_SIDES) this.#tilt[side] = { pending: false, lastEdgeMs: 0, stable: this.#fittedLevel(side) };
    this.#setRate(80);
    // board_id::begin: an erased EEPROM gets an id from the boot entropy.
    if (this.ports.eeprom.read() === UNSET_BOARD_ID) this.ports.eeprom.write(bootId === UNSET_BOARD_ID ? 0x5e4d1a00 : bootId);
    this.#sendHello();
  }

  /** Bytes from the host; each complete line is handled at once (the loop polls Serial every pass). */
  receive(bytes: Uint8Array, nowMs: number): void {
    for (const byte of bytes) {
      const line = this.#feed(byte);
      if (line === TOO_LONG) this.#sendError('TOOLONG');
      else if (line !== undefined) this.#handleLine(line, nowMs);
    }
  }

  /** An edge on a tilt switch's input (its level changed): starts or extends a debounce burst. */
  tiltEdge(side: TiltSide, nowMs: number): void {
    if (!this.config.tiltFitted[side]) return;
    const d = this.#tilt[side];
    d.pending = true;
    d.lastEdgeMs = nowMs;
  }

  /** tilt::poll + the TILT lines: a switch quiet for debounceMs reports its settled level. */
  pollTilt(nowMs: number): void {
    for (const side of TILT_SIDES) {
      const d = this.#tilt[side];
      if (!d.pending || nowMs - d.lastEdgeMs < this.config.debounceMs) continue;
      d.pending = false;
      const level = this.#fittedLevel(side);
      if (level === d.stable) continue; // a glitch that came back: not a change
      d.stable = level;
      this.ports.send(formatTiltEvent({ type: 'tilt', seq: this.#nextSeq(), ms: this.millis(nowMs), tilt: this.tilt }));
    }
  }

  /** One HX711 sample of every cell (frame_stream::onSample). */
  onSample(sample: CellSample, nowMs: number): void {
    if (this.#samplesInPeriod === 0) this.#periodStartMs = this.millis(nowMs);
    for (let cell = 0; cell < this.cellCount; cell++) {
      if (!sample.fresh[cell]) continue;
      this.#staleInPeriod[cell] = false;
      this.#latest[cell] = sample.counts[cell] ?? 0;
    }
    if (++this.#samplesInPeriod >= this.#samplesPerFrame) this.#closePeriod();
  }

  /** frame_stream::service: paced ERR SENSOR lines. */
  service(nowMs: number): void {
    const now = this.millis(nowMs);
    if ((now - this.#lastSensorErrorMs) >>> 0 < SENSOR_ERROR_SPACING_MS) return;
    const cell = this.#sensorPending.indexOf(true);
    if (cell < 0) return;
    this.#sensorPending[cell] = false;
    this.#sendError('SENSOR', cell);
    this.#lastSensorErrorMs = now;
  }

  #fittedLevel(side: TiltSide): boolean {
    return this.config.tiltFitted[side] && this.ports.tiltLevel(side);
  }

  #nextSeq(): number {
    const seq = this.#seq;
    this.#seq = nextSeq(seq);
    return seq;
  }

  #sendError(code: ErrorCode, arg?: number): void {
    this.ports.send(formatErrorReport({ type: 'error', seq: this.#nextSeq(), code, arg }));
  }

  #sendHello(): void {
    const { firmwareVersion, wellCells, pivotCells, tiltFitted, ledCount } = this.config;
    this.ports.send(
      formatHello({
        type: 'hello',
        seq: this.#nextSeq(),
        protocolVersion: 1,
        firmwareVersion,
        boardId: this.ports.eeprom.read(),
        bootId: this.#bootId,
        wellCells,
        pivotCells,
        sampleRateHz: this.#rate,
        tiltFitted,
        ledCount,
      }),
    );
  }

  /** proto_reader_feed: a line ends at LF, one CR before it is dropped, 63 bytes at most. */
  #feed(byte: number): string | typeof TOO_LONG | undefined {
    const r = this.#reader;
    if (byte === 0x0a) {
      let n = r.bytes.length;
      if (n > 0 && r.bytes[n - 1] === 0x0d) n--;
      const tooLong = r.overflow || n > MAX_HOST_LINE - 2;
      const line = Buffer.from(r.bytes.slice(0, n)).toString('latin1');
      this.#reader = { bytes: [], overflow: false };
      return tooLong ? TOO_LONG : line;
    }
    if (r.overflow) return undefined;
    if (r.bytes.length >= READER_CAPACITY) r.overflow = true;
    else r.bytes.push(byte);
    return undefined;
  }

  #handleLine(line: string, nowMs: number): void {
    const envelope = openLine(line, 'host-to-board');
    // Before the sequence number checked out there is no command id to NAK.
    if (!envelope.ok) return this.#sendError(envelope.error.code);
    const id = envelope.value.seq;
    const command = parseHostLine(line);
    if (!command.ok) return this.#sendNak(id, command.error.code);
    const refused = this.#carryOut(command.value, nowMs);
    if (refused) return this.#sendNak(id, refused);
    this.ports.send(formatAck({ type: 'ack', seq: this.#nextSeq(), commandId: id }));
    if (command.value.type === 'hello') this.#sendHello();
  }

  #sendNak(commandId: number, code: ErrorCode): void {
    this.ports.send(formatNak({ type: 'nak', seq: this.#nextSeq(), commandId, code }));
  }

  /** Does the command; returns the NAK code if the board cannot. */
  #carryOut(c: HostCommand, nowMs: number): ErrorCode | undefined {
    switch (c.type) {
      case 'ping':
      case 'hello':
        return undefined;
      case 'start':
        this.#streaming = true;
        this.#openPeriod(); // the first frame covers a whole period after the ACK
        return undefined;
      case 'stop':
        this.#streaming = false;
        return undefined;
      case 'rate':
        this.#setRate(c.hz);
        return undefined;
      case 'setid':
        return this.ports.eeprom.write(c.boardId) ? undefined : 'EEPROM';
      case 'led':
        if (this.config.ledCount === 0) return 'NOLEDS';
        if (c.well >= this.config.ledCount) return 'BADARG';
        this.leds[c.well] = c.rgb;
        return undefined;
      case 'ledall':
      case 'ledclr':
        if (this.config.ledCount === 0) return 'NOLEDS';
        this.leds.fill(c.type === 'ledall' ? c.rgb : 0);
        return undefined;
      case 'cellrst':
        this.ports.resetCells(nowMs);
        this.#latest.fill(0); // hx711::reset forgets the last readings
        this.#staleRun.fill(0);
        this.#openPeriod();
        return undefined;
    }
  }

  #setRate(hz: SampleRate): void {
    this.#rate = hz;
    this.#samplesPerFrame = SAMPLES_PER_SECOND / hz;
    this.#openPeriod();
  }

  #openPeriod(): void {
    this.#samplesInPeriod = 0;
    this.#staleInPeriod = new Array<boolean>(this.cellCount).fill(true);
  }

  #closePeriod(): void {
    const stale: number[] = [];
    for (let cell = 0; cell < this.cellCount; cell++) {
      if (!this.#staleInPeriod[cell]) {
        this.#staleRun[cell] = 0;
        this.#sensorReported[cell] = false;
        this.#sensorPending[cell] = false;
        continue;
      }
      stale.push(cell);
      this.#staleRun[cell] = Math.min(255, (this.#staleRun[cell] ?? 0) + 1);
      if ((this.#staleRun[cell] ?? 0) >= STALE_PERIODS_FOR_SENSOR_ERROR && !this.#sensorReported[cell]) {
        this.#sensorReported[cell] = true;
        this.#sensorPending[cell] = true;
      }
    }
    if (this.#streaming) {
      const cells = Int32Array.from(this.#latest);
      this.ports.send(formatFrame({ type: 'frame', seq: this.#nextSeq(), ms: this.#periodStartMs, tilt: this.tilt, stale, cells }));
    }
    this.#openPeriod();
  }
}
