/**
 * A serialport binding whose ports are simulated boards, so host code opens the sim the
 * way it opens hardware:
 *
 *   new SerialPortStream({ binding: SimBinding, path: 'sim:<name>', baudRate: 500000 })
 *
 * after `registerSimBoard(name, board)`. The contract is @serialport/bindings-interface,
 * followed as @serialport/binding-mock does: reads resolve with at least one byte and
 * are cancelled (`canceled: true`) by close(); any other read or write error means the
 * device is gone, and SerialPortStream then closes with a DisconnectedError. That is
 * what unplug() on the board produces. Only process.nextTick is used for asynchrony, so
 * the binding also runs under sinon fake timers.
 *
 * At a baud rate other than the board's 500 000 the host would read garbage and the
 * board would hear garbage; the binding does the same, byte by byte.
 */
// The package's "exports" have no types condition: resolve its types as CommonJS does.
import type {
  BindingInterface,
  BindingPortInterface,
  OpenOptions,
  PortInfo,
  PortStatus,
  SetOptions,
  UpdateOptions,
} from '@serialport/bindings-interface' with { 'resolution-mode': 'require' };
import type { SimBoard, SimLink } from './sim-board.ts';

export const SIM_PATH_PREFIX = 'sim:';
export const BOARD_BAUD_RATE = 500_000;

class CanceledError extends Error {
  readonly canceled = true;
}

const nextTick = (): Promise<void> => new Promise((resolve) => process.nextTick(resolve));

/** What a byte looks like to a UART listening at the wrong speed: stable, and not ASCII-clean. */
const garble = (bytes: Uint8Array): Buffer => Buffer.from(Array.from(bytes, (b) => ((b * 167 + 0x5b) & 0xff) | 0x80));

export class SimPortBinding implements BindingPortInterface {
  isOpen = true;
  #received: Buffer[] = [];
  #pendingRead: ((error?: Error) => void) | undefined = undefined;
  #gone: Error | undefined = undefined;
  #link: SimLink | undefined = undefined;

  constructor(
    readonly openOptions: Required<OpenOptions>,
    readonly board: SimBoard,
  ) {}

  /** Connects to the board; called once by SimBinding.open. */
  connect(): Error | undefined {
    const attached = this.board.attach({
      data: (bytes) => this.#deliver(this.#baudOk() ? bytes : garble(bytes)),
      unplugged: () => this.#lose(new Error(`${this.openOptions.path}: device disconnected`)),
    });
    if (!attached.ok) return new Error(`cannot open ${this.openOptions.path}: ${attached.error.message}`);
    this.#link = attached.value;
    return undefined;
  }

  async close(): Promise<void> {
    if (!this.isOpen) throw new Error('Port is not open');
    this.isOpen = false;
    this.#link?.close();
    this.#link = undefined;
    this.#received = [];
    this.#wake(new CanceledError('port is closed'));
  }

  async read(buffer: Buffer, offset: number, length: number): Promise<{ buffer: Buffer; bytesRead: number }> {
    if (!Buffer.isBuffer(buffer)) throw new TypeError('"buffer" is not a Buffer');
    if (buffer.length < offset + length) throw new Error('buffer is too small');
    if (!this.isOpen) throw new Error('Port is not open');
    await nextTick();
    for (;;) {
      if (!this.isOpen) throw new CanceledError('Read canceled');
      if (this.#gone) throw this.#gone;
      const chunk = this.#received[0];
      if (chunk) {
        const n = chunk.copy(buffer, offset, 0, Math.min(length, chunk.length));
        if (n < chunk.length) this.#received[0] = chunk.subarray(n);
        else this.#received.shift();
        return { buffer, bytesRead: n };
      }
      await new Promise<void>((resolve, reject) => {
        this.#pendingRead = (error) => (error ? reject(error) : resolve());
      });
    }
  }

  async write(buffer: Buffer): Promise<void> {
    if (!Buffer.isBuffer(buffer)) throw new TypeError('"buffer" is not a Buffer');
    if (!this.isOpen) throw new Error('Port is not open');
    await nextTick();
    if (!this.isOpen) throw new CanceledError('Write canceled');
    if (this.#gone) throw this.#gone;
    const bytes = Buffer.from(buffer); // the caller may reuse its buffer
    this.#link?.write(this.#baudOk() ? bytes : garble(bytes));
  }

  async update(options: UpdateOptions): Promise<void> {
    if (typeof options?.baudRate !== 'number') throw new TypeError('"options.baudRate" is not a number');
    this.#checkUsable();
    await nextTick();
    this.openOptions.baudRate = options.baudRate;
  }

  async set(_options: SetOptions): Promise<void> {
    this.#checkUsable();
    await nextTick();
  }

  async get(): Promise<PortStatus> {
    this.#checkUsable();
    await nextTick();
    return { cts: true, dsr: true, dcd: false };
  }

  async getBaudRate(): Promise<{ baudRate: number }> {
    this.#checkUsable();
    await nextTick();
    return { baudRate: this.openOptions.baudRate };
  }

  async flush(): Promise<void> {
    this.#checkUsable();
    await nextTick();
    this.#received = [];
  }

  async drain(): Promise<void> {
    this.#checkUsable();
    await nextTick();
  }

  #baudOk(): boolean {
    return this.openOptions.baudRate === BOARD_BAUD_RATE;
  }

  #checkUsable(): void {
    if (!this.isOpen) throw new Error('Port is not open');
    if (this.#gone) throw this.#gone;
  }

  #deliver(bytes: Buffer): void {
    if (!this.isOpen) return;
    this.#received.push(bytes);
    this.#wake();
  }

  #lose(error: Error): void {
    this.#gone = error;
    this.#link = undefined;
    this.#wake(error);
  }

  #wake(error?: Error): void {
    const pending = this.#pendingRead;
    this.#pendingRead = undefined;
    if (pending) process.nextTick(() => pending(error));
  }
}

export interface SimPortInfo extends PortInfo {
  /** The registered name (the path without `sim:`). */
  readonly name: string;
}

/** A registry of sim boards by name, usable as a serialport binding. */
export class SimBindingRegistry implements BindingInterface<SimPortBinding, OpenOptions, SimPortInfo> {
  readonly #boards = new Map<string, SimBoard>();

  register(name: string, board: SimBoard): void {
    if (name.length === 0 || name.includes('/')) throw new TypeError(`bad sim board name "${name}"`);
    if (this.#boards.has(name)) throw new Error(`a sim board is already registered as "${name}"`);
    this.#boards.set(name, board);
  }

  unregister(name: string): void {
    this.#boards.delete(name);
  }

  /** The board behind a `sim:<name>` path. */
  boardAt(path: string): SimBoard | undefined {
    return path.startsWith(SIM_PATH_PREFIX) ? this.#boards.get(path.slice(SIM_PATH_PREFIX.length)) : undefined;
  }

  async list(): Promise<SimPortInfo[]> {
    return [...this.#boards.entries()]
      .filter(([, board]) => board.pluggedIn)
      .map(([name, board]) => ({
        name,
        path: `${SIM_PATH_PREFIX}${name}`,
        manufacturer: 'Senryaku simulator',
        serialNumber: board.boardId.toString(16).toUpperCase().padStart(8, '0'),
        pnpId: undefined,
        locationId: undefined,
        productId: '0042',
        vendorId: '2341', // Arduino's USB vendor id, as the Mega's 16U2 reports it
      }));
  }

  async open(options: OpenOptions): Promise<SimPortBinding> {
    if (!options || typeof options !== 'object') throw new TypeError('"options" is not an object');
    if (!options.path) throw new TypeError('"path" is not a valid port');
    if (!options.baudRate) throw new TypeError('"baudRate" is not a valid baudRate');
    const openOptions: Required<OpenOptions> = {
      dataBits: 8,
      lock: true,
      stopBits: 1,
      parity: 'none',
      rtscts: false,
      xon: false,
      xoff: false,
      xany: false,
      hupcl: true,
      ...options,
    };
    await nextTick();
    const board = this.boardAt(options.path);
    if (!board) throw new Error(`cannot open ${options.path}: no such sim board (register it first)`);
    const port = new SimPortBinding(openOptions, board);
    const failed = port.connect();
    if (failed) throw failed;
    return port;
  }
}

/** The process-wide registry that host code opens `sim:<name>` paths with. */
export const SimBinding = new SimBindingRegistry();

export const registerSimBoard = (name: string, board: SimBoard): void => SimBinding.register(name, board);
export const unregisterSimBoard = (name: string): void => SimBinding.unregister(name);
export const simPath = (name: string): string => `${SIM_PATH_PREFIX}${name}`;
