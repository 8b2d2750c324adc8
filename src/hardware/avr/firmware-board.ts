/**
 * The real firmware on a simulated Mega (hardware/simavr): starts the harness, which runs
 * the firmware .elf and puts UART0 on a pseudo-terminal (`ptyPath`) that the host's normal
 * SerialBoardLink opens like a USB board.
 *
 * With a SimBoard (`physics`), the harness runs in lockstep: at every HX711 conversion it
 * waits while this side advances the simulated board to the same simulated millisecond and
 * sends the load cells' raw counts (through the SimBoard's own cell model) and its tilt
 * switches; so the same scripted game can run on either board. Without one, the caller
 * sets cells and switches by hand (setCell, setTilt).
 *
 * The SimBoard's own TypeScript firmware model keeps running inside it with no link attached
 * (its lines go nowhere); its samples draw from the same noise stream as the ones sent
 * here, so the noise differs from a TypeScript-only run of the same seed, never its size.
 *
 * Everything waits on harness events (simulated time) or link messages; the timeouts are
 * guards against a hung simulator, not clocks.
 */
import type { TiltSide } from '../../protocol/index.ts';
import { ok, type Result } from '../../util/result.ts';
import type { SimBoard } from '../sim/sim-board.ts';
import { parseHarnessEvent, type HarnessEvent, type HarnessEventOf, type HarnessEventType } from './harness-events.ts';
import { startHarness, stopHarness, type FirmwareBoardError, type HarnessChild } from './harness-process.ts';
import { firmwareElfPath } from './paths.ts';

export { FIRMWARE_BOARD_ERROR_CODES, type FirmwareBoardError, type FirmwareBoardErrorCode } from './harness-process.ts';

export interface FirmwareBoardOptions {
  /** The firmware to run (default the Senryaku build, hardware/firmware/build/senryaku-referee.elf). */
  readonly elf?: string;
  readonly harnessPath?: string;
  /** Run on simulated time as fast as the machine goes (default false: throttled to real time). */
  readonly fast?: boolean;
  /** The simulated board whose physics and load cells feed the HX711s (lockstep); started, manual clock. */
  readonly physics?: SimBoard;
  /** HX711s fitted (default 44, or the SimBoard's cell count). */
  readonly cells?: number;
  /** The harness's own HX711 noise, counts (default 4 alone, 0 with a SimBoard, whose cells are noisy already). */
  readonly noiseCounts?: number;
  /** The harness's noise seed (default 1). */
  readonly seed?: number;
  /** How long the harness may take to print its pty, ms (default 5000). */
  readonly startTimeoutMs?: number;
}

type Waiter = { readonly accept: (e: HarnessEvent) => boolean };

const SWITCH_OF: Record<TiltSide, number> = { white: 0, black: 1 };
/** Contact bounces of a switch that changes because the simulated board tipped. */
const TILT_BOUNCES = 3;

export class FirmwareBoard {
  readonly #child: HarnessChild;
  readonly #physics: SimBoard | undefined;
  readonly #listeners = new Set<(e: HarnessEvent) => void>();
  readonly #waiters = new Set<Waiter>();
  #tipped: TiltSide | undefined = undefined;
  #stderr = '';
  #exited = false;

  private constructor(
    child: HarnessChild,
    readonly ptyPath: string,
    physics: SimBoard | undefined,
  ) {
    this.#child = child;
    this.#physics = physics;
  }

  /** Starts the harness and waits for its pty. */
  static async start(options: FirmwareBoardOptions = {}): Promise<Result<FirmwareBoard, FirmwareBoardError>> {
    const physics = options.physics;
    const cells = options.cells ?? (physics ? physics.cellMap.wells.length + physics.cellMap.pivots.length : 44);
    const args = [
      '--cells',
      String(cells),
      '--noise',
      String(options.noiseCounts ?? (physics ? 0 : 4)),
      '--seed',
      String(options.seed ?? 1),
    ];
    if (options.fast) args.push('--fast');
    if (physics) args.push('--lockstep');
    args.push(options.elf ?? firmwareElfPath());
    const started = await startHarness(args, options.harnessPath, options.startTimeoutMs);
    if (!started.ok) return started;
    const { child, lines, ptyPath, stderr } = started.value;
    const board = new FirmwareBoard(child, ptyPath, physics);
    board.#stderr = stderr;
    child.stderr.on('data', (chunk: Buffer) => (board.#stderr += chunk.toString()));
    child.once('exit', () => (board.#exited = true));
    lines.on('line', (line) => board.#onLine(line));
    return ok(board);
  }

  /** What the harness wrote on stderr (for a failing test's message). */
  get diagnostics(): string {
    return this.#stderr;
  }

  /** Calls `listener` with every harness event until the returned function is called. */
  onEvent(listener: (e: HarnessEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The next event of `type` that `accept` takes (any, by default); `timeoutMs` guards a harness that never sends it (simavr runs below real time on a busy machine). */
  next<T extends HarnessEventType>(
    type: T,
    accept: (e: HarnessEventOf<T>) => boolean = () => true,
    timeoutMs = 60_000,
  ): Promise<HarnessEventOf<T>> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        accept: (e) => {
          if (e.type !== type || !accept(e as HarnessEventOf<T>)) return false;
          clearTimeout(timer);
          resolve(e as HarnessEventOf<T>);
          return true;
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        reject(
          new Error(
            `no ${type} event from the simavr harness within ${timeoutMs} ms${this.#exited ? ' (it exited)' : ''}\n${this.#stderr}`,
          ),
        );
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  /** Simulated time now, µs since power-up. */
  async nowUs(): Promise<number> {
    const reply = this.next('time');
    this.#send('TIME');
    return (await reply).us;
  }

  /** Waits until the simulated clock has passed `us` (asks the harness every 50 ms of wall time: a poll, not a sleep the test depends on). */
  async untilUs(us: number, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.nowUs()) >= us) return;
      if (Date.now() > deadline) throw new Error(`simulated time did not reach ${us} µs within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stack(): Promise<HarnessEventOf<'stack'>> {
    const reply = this.next('stack');
    this.#send('STACK');
    return reply;
  }

  async hx711(): Promise<HarnessEventOf<'hx'>> {
    const reply = this.next('hx');
    this.#send('HX');
    return reply;
  }

  /** One cell's raw HX711 reading from now on (24-bit two's complement). */
  setCell(cell: number, counts: number): void {
    this.#send(`CELL ${cell} ${Math.trunc(counts)}`);
  }

  /** A cell whose HX711 never answers (DOUT stuck high), or answers again. */
  setCellSilent(cell: number, silent: boolean): void {
    this.#send(`CELLOFF ${cell} ${silent ? 1 : 0}`);
  }

  /** The switch that opens when the board tips toward `side`: open (tipped) or closed, after `bounces` contact bounces. */
  setTilt(side: TiltSide, open: boolean, bounces = 0): void {
    this.#send(`TILT ${SWITCH_OF[side]} ${open ? 1 : 0} ${bounces}`);
  }

  /** Resets the chip as the reset button does (EEPROM kept). */
  reset(): void {
    this.#send('RESET');
  }

  /** Test builds only: the firmware's main loop hangs until the next reset. */
  hang(): void {
    this.#send('HANG');
  }

  async stop(): Promise<void> {
    await stopHarness(this.#child);
  }

  /** To the harness while it listens: a line the harness printed as it was being stopped finds its stdin ended. */
  #send(line: string): void {
    const { stdin } = this.#child;
    if (!this.#exited && stdin.writable) stdin.write(`${line}\n`);
  }

  #onLine(line: string): void {
    const e = parseHarnessEvent(line);
    if (!e) return;
    if (e.type === 'conv') this.#feed(e.us);
    for (const listener of this.#listeners) listener(e);
    for (const waiter of this.#waiters) if (waiter.accept(e)) this.#waiters.delete(waiter);
  }

  /** Lockstep: the simulated board catches up to the conversion, then its cells and switches go to the HX711s. */
  #feed(us: number): void {
    const sim = this.#physics;
    if (!sim) return;
    const ms = Math.floor(us / 1000);
    if (ms > sim.nowMs) sim.advance(ms - sim.nowMs);
    const { counts } = sim.sensors.sample(sim.trueCellGrams(), sim.nowMs);
    const tipped = sim.physics.tipped;
    const lines = [`CELLS ${Array.from(counts).join(' ')}`];
    if (tipped !== this.#tipped) {
      for (const side of ['white', 'black'] as const) {
        const open = tipped === side;
        if (open !== (this.#tipped === side)) lines.push(`TILT ${SWITCH_OF[side]} ${open ? 1 : 0} ${TILT_BOUNCES}`);
      }
      this.#tipped = tipped;
    }
    lines.push('GO');
    this.#send(lines.join('\n'));
  }
}
