/**
 * A fake Arduino Uno running StandardFirmata 2.5, on the board side of a serialport mock
 * port (serialport's `SerialPortMock` and its `MockBinding`). The host talks to it with
 * the real firmata-io `Firmata` over a real serialport stream; only the wire is fake.
 *
 * - `plugIn()` creates the mock port at the path (the USB socket appears); `open` is the
 *   port opener the host's io factory uses (`firmataOver(board.open)`): it opens a
 *   `SerialPortMock` there and, once it is open, the board boots and answers on it.
 * - On boot it announces itself as StandardFirmata does from `Firmata.begin()`: the
 *   protocol version (REPORT_VERSION) and then the firmware report. It answers
 *   REPORT_VERSION and REPORT_FIRMWARE queries, CAPABILITY_QUERY (an Uno: 20 pins),
 *   ANALOG_MAPPING_QUERY and PIN_STATE_QUERY.
 * - It decodes what the host writes (`received`), keeps each pin's mode and level, and
 *   calls `onPinChange(pin, level)` whenever an OUTPUT pin changes level, from a
 *   DIGITAL_MESSAGE port write or a SET_DIGITAL_PIN_VALUE. As on the real firmware, writes
 *   to pins that are not in OUTPUT mode drive nothing.
 * - `unplug()` pulls the cable: the host's pending read fails the way a vanished tty
 *   makes it fail (serialport turns that into a `close` with a DisconnectedError), or the
 *   host's next write fails (EIO); the path disappears until the next `plugIn()`.
 *
 * Host writes are observed as they complete: the binding's `write` is wrapped, and what
 * it appended to the port's `recording` (the port is created with `record: true`) is
 * decoded before the host's write callback runs. So once firmata-io's `pending` count
 * (or the host stream's `writableLength`) is back to 0, every byte has been decoded.
 */
import { SerialPortMock } from 'serialport';

/** The board side of one open connection (serialport's MockPortBinding). */
type Wire = NonNullable<SerialPortMock['port']>;

/** Firmata protocol bytes (firmata.org protocol 2.5). */
export const FIRMATA = {
  DIGITAL_MESSAGE: 0x90,
  ANALOG_MESSAGE: 0xe0,
  REPORT_ANALOG: 0xc0,
  REPORT_DIGITAL: 0xd0,
  SET_PIN_MODE: 0xf4,
  SET_DIGITAL_PIN_VALUE: 0xf5,
  REPORT_VERSION: 0xf9,
  SYSTEM_RESET: 0xff,
  START_SYSEX: 0xf0,
  END_SYSEX: 0xf7,
  // sysex commands
  ANALOG_MAPPING_QUERY: 0x69,
  ANALOG_MAPPING_RESPONSE: 0x6a,
  CAPABILITY_QUERY: 0x6b,
  CAPABILITY_RESPONSE: 0x6c,
  PIN_STATE_QUERY: 0x6d,
  PIN_STATE_RESPONSE: 0x6e,
  REPORT_FIRMWARE: 0x79,
  SAMPLING_INTERVAL: 0x7a,
} as const;

export const PIN_MODE = { INPUT: 0x00, OUTPUT: 0x01, ANALOG: 0x02, PWM: 0x03, SERVO: 0x04, I2C: 0x06, PULLUP: 0x0b } as const;

/** An Uno: D0–D13, then A0–A5 as pins 14–19. */
export const UNO_PIN_COUNT = 20;
const UNO_PWM_PINS = new Set([3, 5, 6, 9, 10, 11]);
const FIRST_ANALOG_PIN = 14;

/** [mode, resolution in bits] per pin, as StandardFirmata reports them on an Uno. */
export function unoCapabilities(pin: number): (readonly [mode: number, resolution: number])[] {
  if (pin < 2 || pin >= UNO_PIN_COUNT) return []; // D0/D1 carry the USB serial
  const modes: [number, number][] = [
    [PIN_MODE.INPUT, 1],
    [PIN_MODE.OUTPUT, 1],
    [PIN_MODE.PULLUP, 1],
  ];
  if (pin >= FIRST_ANALOG_PIN) modes.push([PIN_MODE.ANALOG, 10]);
  if (UNO_PWM_PINS.has(pin)) modes.push([PIN_MODE.PWM, 8]);
  if (pin < FIRST_ANALOG_PIN) modes.push([PIN_MODE.SERVO, 14]);
  if (pin === 18 || pin === 19) modes.push([PIN_MODE.I2C, 1]);
  return modes;
}

/** One message from the host, decoded. */
export type HostMessage =
  | { readonly kind: 'pin-mode'; readonly pin: number; readonly mode: number }
  | { readonly kind: 'digital-port'; readonly port: number; readonly value: number }
  | { readonly kind: 'digital-pin'; readonly pin: number; readonly value: number }
  | { readonly kind: 'analog-write'; readonly pin: number; readonly value: number }
  | { readonly kind: 'report-analog'; readonly pin: number; readonly on: boolean }
  | { readonly kind: 'report-digital'; readonly port: number; readonly on: boolean }
  | { readonly kind: 'report-version' }
  | { readonly kind: 'system-reset' }
  | { readonly kind: 'sysex'; readonly command: number; readonly data: readonly number[] }
  /** Bytes that belong to no message (a host out of step with the protocol). */
  | { readonly kind: 'stray'; readonly byte: number };

export interface FakeStandardFirmataOptions {
  /** Announce version and firmware on boot (default true). Off: the host must ask. */
  readonly announce?: boolean;
  readonly firmware?: string;
  readonly version?: { readonly major: number; readonly minor: number };
  /**
   * How many event-loop turns (setImmediate) each host write takes to leave the host, like
   * a real tty whose writes complete when the kernel has taken the bytes (default 0).
   */
  readonly writeTurns?: number;
}

/** How many data bytes follow each non-sysex command byte. */
function dataLength(command: number): number | undefined {
  if (command >= 0x80 && command < 0xf0) {
    const kind = command & 0xf0;
    if (kind === FIRMATA.DIGITAL_MESSAGE || kind === FIRMATA.ANALOG_MESSAGE) return 2;
    if (kind === FIRMATA.REPORT_ANALOG || kind === FIRMATA.REPORT_DIGITAL) return 1;
    return undefined;
  }
  if (command === FIRMATA.SET_PIN_MODE || command === FIRMATA.SET_DIGITAL_PIN_VALUE) return 2;
  if (command === FIRMATA.REPORT_VERSION || command === FIRMATA.SYSTEM_RESET) return 0;
  return undefined;
}

/** 14-bit values go over the wire as two 7-bit bytes, low first. */
const low7 = (n: number) => n & 0x7f;
const high7 = (n: number) => (n >> 7) & 0x7f;

export class FakeStandardFirmata {
  /** Everything the host sent since the last boot, decoded. */
  readonly received: HostMessage[] = [];
  /** Pin modes and output levels since the last boot (index = pin). */
  readonly modes: (number | undefined)[] = [];
  readonly levels: number[] = [];
  /** Called for each level change of an OUTPUT pin, in the order the host caused them. */
  onPinChange: ((pin: number, level: number) => void) | undefined;
  /** How many times the host tried to open the port, and how many times the board booted. */
  opens = 0;
  boots = 0;
  /** A board that says nothing at all (a port with something else, or a sketch that is not Firmata). */
  silent = false;
  /** The host's end of the current connection (its SerialPortMock), while there is one. */
  host: SerialPortMock | undefined;

  private wire: Wire | undefined;
  private consumed = 0;
  private sysex: number[] | undefined;
  private partial: { command: number; data: number[]; need: number } | undefined;
  private readonly version: { readonly major: number; readonly minor: number };
  private readonly firmware: string;

  constructor(
    readonly path: string,
    private readonly options: FakeStandardFirmataOptions = {},
  ) {
    this.version = options.version ?? { major: 2, minor: 5 };
    this.firmware = options.firmware ?? 'StandardFirmata.ino';
    this.reset();
  }

  /** The USB cable goes in: the host can open the path. A fresh MAX7219 set is the caller's business. */
  plugIn(): void {
    SerialPortMock.binding.createPort(this.path, { echo: false, record: true });
  }

  /**
   * The port opener for the host's io factory (`firmataOver(board.open)`): a serialport
   * mock port at the path, opening by itself; the board boots on it once it is open. If
   * the board is not plugged in, opening fails and the port emits `error`, as on a tty.
   */
  readonly open = (options: { readonly path: string; readonly baudRate: number }): SerialPortMock => {
    this.opens += 1;
    const host = new SerialPortMock({ path: options.path, baudRate: options.baudRate });
    host.once('open', () => {
      if (host.port) this.boot(host, host.port);
    });
    return host;
  };

  /**
   * The USB cable comes out. 'idle': the host's pending read fails (what a vanished tty
   * does; serialport closes the port with a DisconnectedError). 'mid-write': the host's
   * next write fails with EIO. Either way the path is gone until the next plugIn(), and the
   * board says and hears nothing more on this connection.
   *
   * The mock binding has one port registry and no way to remove one port: this resets it,
   * so a test uses one fake board at a time.
   */
  async unplug(how: 'idle' | 'mid-write' = 'idle'): Promise<void> {
    const wire = this.wire;
    this.wire = undefined;
    this.host = undefined;
    SerialPortMock.binding.reset();
    if (!wire) return;
    if (how === 'mid-write') {
      wire.write = () => Promise.reject(new Error('EIO: i/o error, write'));
      return;
    }
    // A flowing serialport stream always has a read waiting on the binding when idle.
    const pending = wire as unknown as { pendingRead: ((error?: Error) => void) | null };
    for (let i = 0; i < 1_000 && !pending.pendingRead; i++) await new Promise<void>((r) => setImmediate(r));
    const fail = pending.pendingRead;
    if (!fail) throw new Error('FakeStandardFirmata.unplug: the host is not reading the port');
    pending.pendingRead = null;
    fail(new Error('Input/output error: device disconnected'));
  }

  /** No host bytes waiting to be decoded and no write queued on the host's port. */
  get idle(): boolean {
    return !this.host || this.host.writableLength === 0;
  }

  // ---- board side ----

  private reset(): void {
    this.received.length = 0;
    this.sysex = undefined;
    this.partial = undefined;
    // StandardFirmata's systemResetCallback: analog pins in ANALOG mode, digital pins OUTPUT, all low.
    for (let pin = 0; pin < UNO_PIN_COUNT; pin++) {
      this.modes[pin] = pin < 2 ? undefined : pin >= FIRST_ANALOG_PIN ? PIN_MODE.ANALOG : PIN_MODE.OUTPUT;
      this.levels[pin] = 0;
    }
  }

  /** Opening the port resets the Uno (DTR); StandardFirmata then starts afresh. */
  private boot(host: SerialPortMock, wire: Wire): void {
    this.boots += 1;
    this.reset();
    this.host = host;
    this.wire = wire;
    this.consumed = wire.recording.length;
    const write = wire.write.bind(wire);
    const turns = this.options.writeTurns ?? 0;
    wire.write = (buffer: Buffer) => {
      if (wire.writeOperation) return write(buffer); // the binding refuses overlapping writes itself
      // The binding's in-flight write (what its drain() waits for) covers the whole transfer.
      const operation = (async () => {
        for (let i = 0; i < turns; i++) await new Promise<void>((r) => setImmediate(r));
        wire.writeOperation = null;
        await write(buffer);
        if (this.wire !== wire) return;
        const fresh = wire.recording.subarray(this.consumed);
        this.consumed = wire.recording.length;
        this.hear(fresh);
      })();
      wire.writeOperation = operation;
      return operation;
    };
    if (this.options.announce !== false)
      setImmediate(() => {
        this.send(wire, this.versionReport());
        this.send(wire, this.firmwareReport());
      });
  }

  private send(wire: Wire, bytes: readonly number[]): void {
    if (this.wire === wire && wire.isOpen && !this.silent) wire.emitData(Buffer.from(bytes));
  }

  private reply(bytes: readonly number[]): void {
    if (this.wire) this.send(this.wire, bytes);
  }

  private hear(bytes: Uint8Array): void {
    for (const byte of bytes) this.hearByte(byte);
  }

  private hearByte(byte: number): void {
    if (this.sysex) {
      if (byte === FIRMATA.END_SYSEX) {
        const [command = -1, ...data] = this.sysex;
        this.sysex = undefined;
        return this.dispatch({ kind: 'sysex', command, data });
      }
      if (byte < 0x80) return void this.sysex.push(byte);
      // A command byte inside a sysex: the sysex was cut short; start over with this byte.
      this.sysex = undefined;
    }
    if (byte >= 0x80) {
      if (this.partial) this.partial = undefined; // an unfinished message is dropped
      if (byte === FIRMATA.START_SYSEX) return void (this.sysex = []);
      const need = dataLength(byte);
      if (need === undefined) return this.dispatch({ kind: 'stray', byte });
      this.partial = { command: byte, data: [], need };
    } else {
      if (!this.partial) return this.dispatch({ kind: 'stray', byte });
      this.partial.data.push(byte);
    }
    if (this.partial && this.partial.data.length === this.partial.need) {
      const { command, data } = this.partial;
      this.partial = undefined;
      this.dispatch(this.decode(command, data));
    }
  }

  private decode(command: number, [d1 = 0, d2 = 0]: readonly number[]): HostMessage {
    const channel = command & 0x0f;
    switch (command < 0xf0 ? command & 0xf0 : command) {
      case FIRMATA.DIGITAL_MESSAGE:
        return { kind: 'digital-port', port: channel, value: d1 | (d2 << 7) };
      case FIRMATA.ANALOG_MESSAGE:
        return { kind: 'analog-write', pin: channel, value: d1 | (d2 << 7) };
      case FIRMATA.REPORT_ANALOG:
        return { kind: 'report-analog', pin: channel, on: d1 !== 0 };
      case FIRMATA.REPORT_DIGITAL:
        return { kind: 'report-digital', port: channel, on: d1 !== 0 };
      case FIRMATA.SET_PIN_MODE:
        return { kind: 'pin-mode', pin: d1, mode: d2 };
      case FIRMATA.SET_DIGITAL_PIN_VALUE:
        return { kind: 'digital-pin', pin: d1, value: d2 };
      case FIRMATA.REPORT_VERSION:
        return { kind: 'report-version' };
      default:
        return { kind: 'system-reset' };
    }
  }

  private dispatch(m: HostMessage): void {
    this.received.push(m);
    switch (m.kind) {
      case 'report-version':
        return this.reply(this.versionReport());
      case 'system-reset':
        return this.reset();
      case 'pin-mode':
        if (m.pin < UNO_PIN_COUNT && unoCapabilities(m.pin).some(([mode]) => mode === m.mode)) this.modes[m.pin] = m.mode;
        return;
      case 'digital-port':
        for (let bit = 0; bit < 8; bit++) this.drive(m.port * 8 + bit, (m.value >> bit) & 1);
        return;
      case 'digital-pin':
        return this.drive(m.pin, m.value ? 1 : 0);
      case 'sysex':
        return this.answerSysex(m.command, m.data);
      default:
        return;
    }
  }

  /** Only OUTPUT pins follow the host's writes (StandardFirmata's digitalWriteCallback). */
  private drive(pin: number, level: number): void {
    if (pin >= UNO_PIN_COUNT || this.modes[pin] !== PIN_MODE.OUTPUT || this.levels[pin] === level) return;
    this.levels[pin] = level;
    this.onPinChange?.(pin, level);
  }

  private answerSysex(command: number, data: readonly number[]): void {
    switch (command) {
      case FIRMATA.REPORT_FIRMWARE:
        return this.reply(this.firmwareReport());
      case FIRMATA.CAPABILITY_QUERY: {
        const pins = Array.from({ length: UNO_PIN_COUNT }, (_, pin) => [...unoCapabilities(pin).flat(), 0x7f]);
        return this.reply([FIRMATA.START_SYSEX, FIRMATA.CAPABILITY_RESPONSE, ...pins.flat(), FIRMATA.END_SYSEX]);
      }
      case FIRMATA.ANALOG_MAPPING_QUERY: {
        const channels = Array.from({ length: UNO_PIN_COUNT }, (_, pin) => (pin >= FIRST_ANALOG_PIN ? pin - FIRST_ANALOG_PIN : 0x7f));
        return this.reply([FIRMATA.START_SYSEX, FIRMATA.ANALOG_MAPPING_RESPONSE, ...channels, FIRMATA.END_SYSEX]);
      }
      case FIRMATA.PIN_STATE_QUERY: {
        const pin = data[0] ?? 0;
        if (pin >= UNO_PIN_COUNT) return;
        return this.reply([
          FIRMATA.START_SYSEX,
          FIRMATA.PIN_STATE_RESPONSE,
          pin,
          this.modes[pin] ?? 0x7f,
          this.levels[pin] ?? 0,
          FIRMATA.END_SYSEX,
        ]);
      }
      default:
        return; // SAMPLING_INTERVAL and the rest need no answer here
    }
  }

  private versionReport(): number[] {
    return [FIRMATA.REPORT_VERSION, this.version.major, this.version.minor];
  }

  /** REPORT_FIRMWARE: version, then the sketch name one character per two 7-bit bytes. */
  private firmwareReport(): number[] {
    const name = [...Buffer.from(this.firmware, 'utf8')].flatMap((c) => [low7(c), high7(c)]);
    return [FIRMATA.START_SYSEX, FIRMATA.REPORT_FIRMWARE, this.version.major, this.version.minor, ...name, FIRMATA.END_SYSEX];
  }
}
