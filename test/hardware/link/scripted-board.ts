/**
 * A fake board on MockBinding for link tests: answers commands like the firmware does
 * (ACK, HELLO after ACK, NAK on request), sends frames and tilt events on demand, and
 * can be made to drop commands, reboot or vanish. Every line is built with the codec.
 */
import { SerialPortMock } from 'serialport';
import {
  formatAck,
  formatBoardMessage,
  formatFrame,
  formatHello,
  formatNak,
  formatTiltEvent,
  nextSeq,
  parseHostLine,
  type ErrorCode,
  type Hello,
  type HostCommand,
  type HostCommandType,
} from '../../../src/protocol/index.ts';
import { bindingPortOpener, type PortOpener } from '../../../src/hardware/link/index.ts';

export const MockBinding = SerialPortMock.binding;
/** The mock port's binding side (@serialport/binding-mock's types do not resolve under NodeNext). */
export type MockPortBinding = Awaited<ReturnType<typeof MockBinding.open>>;

export interface ScriptedBoardOptions {
  readonly hello?: Partial<Hello>;
  /** Send the boot HELLO when the port opens (like a Mega reset by DTR). Default true. */
  readonly bootHelloOnOpen?: boolean;
  /** ms after opening before the boot HELLO (bootloader time). */
  readonly bootDelayMs?: number;
  /** A new boot id on every open (a real Mega resets); default false. */
  readonly rebootOnOpen?: boolean;
}

export class ScriptedBoard {
  readonly path: string;
  hello: Hello;
  seq = 0;
  streaming = false;
  /** Commands received, parsed. */
  readonly received: HostCommand[] = [];
  /** Ignore this many next commands (as if lost on the wire). */
  dropNext = 0;
  /** Refuse commands of these types with this code. */
  readonly nak = new Map<HostCommandType, ErrorCode>();
  /** Answer nothing at all. */
  mute = false;
  /** Corrupt this many next lines on the wire: one body byte changed, so the CRC catches it. */
  corruptNext = 0;
  port: MockPortBinding | undefined;
  opens = 0;
  readonly #options: ScriptedBoardOptions;
  #rx = '';

  constructor(path: string, options: ScriptedBoardOptions = {}) {
    this.path = path;
    this.#options = options;
    this.hello = {
      type: 'hello',
      seq: 0,
      protocolVersion: 1,
      firmwareVersion: '1.0.0',
      boardId: 0x2a,
      bootId: 0xdeadbeef,
      wellCells: 42,
      pivotCells: 2,
      sampleRateHz: 80,
      tiltFitted: { white: true, black: true },
      ledCount: 42,
      ...options.hello,
    };
    MockBinding.createPort(path, { echo: false, record: true, vendorId: '2341', productId: '0042' });
  }

  /** A port opener that also hooks the board up to the freshly opened mock port. */
  opener(): PortOpener {
    const open = bindingPortOpener(MockBinding, this.path);
    return async () => {
      const opened = await open();
      if (opened.ok) this.#attach(opened.value.stream.port as MockPortBinding);
      return opened;
    };
  }

  #attach(port: MockPortBinding): void {
    this.port = port;
    this.opens++;
    this.#rx = '';
    const write = port.write.bind(port);
    port.write = async (buffer: Buffer) => {
      await write(buffer);
      this.#onHostBytes(buffer.toString('latin1'));
    };
    if (this.#options.rebootOnOpen && this.opens > 1) this.#newBoot();
    if (this.#options.bootHelloOnOpen ?? true) {
      if (this.#options.rebootOnOpen || this.opens === 1) this.seq = 0;
      setTimeout(() => this.sendHello(), this.#options.bootDelayMs ?? 300);
    }
  }

  #newBoot(): void {
    this.hello = { ...this.hello, bootId: (this.hello.bootId + 0x1111) >>> 0 };
    this.seq = 0;
    this.streaming = false;
  }

  /** What the host wrote, as lines. */
  hostLines(): string[] {
    const text = this.port?.recording.toString('latin1') ?? '';
    return text.split('\r\n').filter((l) => l.length > 0);
  }

  raw(text: string): void {
    if (this.port?.isOpen) this.port.emitData(Buffer.from(text, 'latin1'));
  }

  send(line: string): void {
    let wire = line;
    if (this.corruptNext > 0) {
      this.corruptNext--;
      // The last body byte before the CRC, changed to another letter: only the CRC can tell.
      const at = line.indexOf('*') - 1;
      wire = line.slice(0, at) + (line[at] === 'A' ? 'B' : 'A') + line.slice(at + 1);
    }
    this.raw(`${wire}\r\n`);
  }

  #next(): number {
    const s = this.seq;
    this.seq = nextSeq(s);
    return s;
  }

  sendHello(): void {
    this.send(formatHello({ ...this.hello, seq: this.#next() }));
  }

  frame(ms: number, fill = 1000): void {
    const n = this.hello.wellCells + this.hello.pivotCells;
    const cells = new Int32Array(n).fill(fill);
    this.send(formatFrame({ type: 'frame', seq: this.#next(), ms, tilt: { white: false, black: false }, stale: [], cells }));
  }

  tilt(ms: number, white: boolean): void {
    this.send(formatTiltEvent({ type: 'tilt', seq: this.#next(), ms, tilt: { white, black: false } }));
  }

  error(code: ErrorCode, arg?: number): void {
    this.send(formatBoardMessage({ type: 'error', seq: this.#next(), code, arg }));
  }

  /** Skip sequence numbers, as if lines were lost on the wire. */
  lose(lines: number): void {
    for (let i = 0; i < lines; i++) this.#next();
  }

  /** Reboot without the port closing (brown-out): new boot id, seq 0000, boot HELLO. */
  reboot(): void {
    this.#newBoot();
    this.sendHello();
  }

  /** A reboot whose boot HELLO is lost (a reset tore the line being sent and glued the HELLO to it). */
  rebootLosingHello(): void {
    this.#newBoot();
    this.lose(1);
  }

  /**
   * The USB cable is pulled: the pending read fails with an I/O error, as a native binding's
   * does (EIO), and the stream closes with a DisconnectedError. (Closing the mock binding
   * instead would cancel the read, which the stream takes as a normal close and then
   * waits forever: the link's stall watchdog covers that case.)
   */
  unplug(): void {
    const port = this.port as unknown as { pendingRead: ((e?: Error) => void) | null } | undefined;
    const pending = port?.pendingRead;
    if (!pending || !port) throw new Error('unplug: no read pending on the mock port');
    port.pendingRead = null;
    pending(new Error('device unplugged'));
  }

  #onHostBytes(text: string): void {
    this.#rx += text;
    for (;;) {
      const end = this.#rx.indexOf('\r\n');
      if (end < 0) return;
      const line = this.#rx.slice(0, end);
      this.#rx = this.#rx.slice(end + 2);
      this.#onCommand(line);
    }
  }

  #onCommand(line: string): void {
    const parsed = parseHostLine(line);
    if (!parsed.ok) return;
    const cmd = parsed.value;
    this.received.push(cmd);
    if (this.mute) return;
    if (this.dropNext > 0) {
      this.dropNext--;
      return;
    }
    const refuse = this.nak.get(cmd.type);
    if (refuse) {
      this.send(formatNak({ type: 'nak', seq: this.#next(), commandId: cmd.seq, code: refuse }));
      return;
    }
    this.send(formatAck({ type: 'ack', seq: this.#next(), commandId: cmd.seq }));
    if (cmd.type === 'hello') this.sendHello();
    if (cmd.type === 'start') this.streaming = true;
    if (cmd.type === 'stop') this.streaming = false;
    if (cmd.type === 'rate') this.hello = { ...this.hello, sampleRateHz: cmd.hz };
  }
}
