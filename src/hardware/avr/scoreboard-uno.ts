/**
 * The scoring board's Uno on simavr (hardware/simavr, `--parts scoreboard`): the prebuilt
 * StandardFirmata .hex runs on a simulated ATmega328P, its UART on a pty that johnny-five
 * and firmata-io open like the real Uno, and the three MAX7219s are modelled on the pins
 * they hang off (hardware/scoreboard/README.md). Every register write that latches comes
 * back as an event; this keeps the chips' registers and reads them back as a picture:
 * which track and lamp LEDs are lit, and what the two 8-digit displays say.
 */
import type { Interface } from 'node:readline';
import { ok, type Result } from '../../util/result.ts';
import { MAX7219_CHIPS, parseHarnessEvent, type HarnessEventOf, type Max7219Chip } from './harness-events.ts';
import { startHarness, stopHarness, type FirmwareBoardError, type HarnessChild } from './harness-process.ts';
import { standardFirmataHexPath } from './paths.ts';
import type { LedImage } from '../scoreboard/max7219-layout.ts';

export interface ScoreboardUnoOptions {
  /** StandardFirmata for the Uno (default hardware/simavr/build/StandardFirmata-uno.hex). */
  readonly hex?: string;
  readonly harnessPath?: string;
  /** How long the harness may take to print its pty, ms (default 5000). */
  readonly startTimeoutMs?: number;
}

/** MAX7219 registers: 1..8 = DIG0..DIG7, then these. */
const MAX7219_REGISTER = { decodeMode: 9, intensity: 10, scanLimit: 11, shutdown: 12, displayTest: 15 } as const;

/** What the chips show now, read back from their registers. */
export interface Max7219Picture {
  /** U3's DIG0..DIG7 (track holes and lamps, one bit per LED). */
  readonly trackRows: readonly number[];
  /** The characters U1 (A) and U2 (B) display, left to right; '?' for a segment pattern that is no character. */
  readonly digits: { readonly A: string; readonly B: string };
  /** A chip in shutdown (register 0x0C = 0) shows nothing, whatever its digit registers hold. */
  readonly on: { readonly [C in Max7219Chip]: boolean };
}

/**
 * Seven-segment patterns (no-decode mode: bit 7 = DP, 6..0 = segments A..G) of the
 * characters the scoring board prints (max7219-layout.ts digitText: P, G, C, digits, blank).
 */
const SEGMENTS: Readonly<Record<number, string>> = {
  0x00: ' ',
  0x7e: '0',
  0x30: '1',
  0x6d: '2',
  0x79: '3',
  0x33: '4',
  0x5b: '5',
  0x5f: '6',
  0x70: '7',
  0x7f: '8',
  0x7b: '9',
  0x67: 'P',
  0x5e: 'G',
  0x4e: 'C',
};

/** johnny-five's Led.Digits puts position 0 (leftmost) in DIG7. */
const digitsText = (registers: readonly number[]): string =>
  Array.from({ length: 8 }, (_, pos) => SEGMENTS[registers[8 - pos] ?? 0] ?? '?').join('');

/** A chip's 16 registers as power-up leaves them here (a real MAX7219's are undefined until written). */
const blankChip = (): number[] => Array.from({ length: 16 }, () => 0);

export class ScoreboardUno {
  readonly #child: HarnessChild;
  readonly #registers: Record<Max7219Chip, number[]> = { U1: blankChip(), U2: blankChip(), U3: blankChip() };
  readonly #listeners = new Set<() => void>();
  #writes = 0;
  #stderr: string;

  private constructor(
    child: HarnessChild,
    lines: Interface,
    readonly ptyPath: string,
    stderr: string,
  ) {
    this.#child = child;
    this.#stderr = stderr;
    child.stderr.on('data', (chunk: Buffer) => (this.#stderr += chunk.toString()));
    lines.on('line', (line) => {
      const e = parseHarnessEvent(line);
      if (e?.type === 'max') this.#latch(e);
    });
  }

  /** Starts the harness with StandardFirmata and waits for its pty. */
  static async start(options: ScoreboardUnoOptions = {}): Promise<Result<ScoreboardUno, FirmwareBoardError>> {
    const args = ['--parts', 'scoreboard', '--hex', options.hex ?? standardFirmataHexPath()];
    const started = await startHarness(args, options.harnessPath, options.startTimeoutMs);
    if (!started.ok) return started;
    const { child, lines, ptyPath, stderr } = started.value;
    return ok(new ScoreboardUno(child, lines, ptyPath, stderr));
  }

  /** Whether the chips show `image` now (its track rows and both displays' text). */
  shows(image: LedImage): boolean {
    const p = this.picture();
    return p.trackRows.every((b, i) => b === image.trackRows[i]) && p.digits.A === image.digits.A && p.digits.B === image.digits.B;
  }

  /** Register writes latched so far (no-ops left out). */
  get writes(): number {
    return this.#writes;
  }

  picture(): Max7219Picture {
    const r = this.#registers;
    const on = Object.fromEntries(
      MAX7219_CHIPS.map((c) => [c, r[c][MAX7219_REGISTER.shutdown] === 1 && r[c][MAX7219_REGISTER.displayTest] === 0]),
    ) as Record<Max7219Chip, boolean>;
    return { trackRows: r.U3.slice(1, 9), digits: { A: digitsText(r.U1), B: digitsText(r.U2) }, on };
  }

  /**
   * Resolves once `holds()` is true, checked now and after every register write: waits on
   * the chips, not on a clock. The timeout only guards against a board that never gets there
   * (sized for a busy machine, where simavr runs well below real time).
   */
  until(holds: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
    if (holds()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const off = this.onWrite(() => {
        if (!holds()) return;
        off();
        clearTimeout(timer);
        resolve();
      });
      const timer = setTimeout(() => {
        off();
        const p = this.picture();
        reject(
          new Error(
            `the scoring board never showed ${what} within ${timeoutMs} ms; it shows ` +
              `track ${p.trackRows.map((b) => b.toString(16).padStart(2, '0')).join(' ')}, A "${p.digits.A}", B "${p.digits.B}"\n${this.#stderr}`,
          ),
        );
      }, timeoutMs);
    });
  }

  /** Calls `listener` after every register write until the returned function is called. */
  onWrite(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async stop(): Promise<void> {
    await stopHarness(this.#child);
  }

  #latch(e: HarnessEventOf<'max'>): void {
    this.#registers[e.chip][e.opcode] = e.data;
    this.#writes++;
    for (const listener of this.#listeners) listener();
  }
}
