/**
 * `senryaku sim --firmware [--pty] [--elf FILE] [--fast]`: the real referee firmware on a
 * simulated ATmega2560 (hardware/simavr), its load cells and tilt switches fed by the same
 * simulated board as `sim --pty` (physics, cells, the game's position), its UART on a
 * pseudo-terminal. Prints `pty: <path>` for the host to open like a USB board.
 */
import { FirmwareBoard, firmwareElfPath } from '../../hardware/avr/index.ts';
import type { SimBoard } from '../../hardware/sim/sim-board.ts';
import { EXIT_FAILURE, EXIT_OK, type CliIo } from '../io.ts';

export interface FirmwareSimOptions {
  /** The simulated board to feed the HX711s from: created with the manual clock, not started. */
  readonly board: SimBoard;
  readonly elf?: string | undefined;
  /** Simulated time as fast as the machine goes, instead of real time. */
  readonly fast: boolean;
}

export async function runFirmwareSim(options: FirmwareSimOptions, io: CliIo, stop: AbortSignal): Promise<number> {
  const { board } = options;
  board.start();
  const started = await FirmwareBoard.start({ physics: board, elf: options.elf ?? firmwareElfPath(), fast: options.fast });
  if (!started.ok) {
    board.stop();
    io.err(`senryaku sim: ${started.error.message} [${started.error.code}]`);
    return EXIT_FAILURE;
  }
  const firmware = started.value;
  io.out(`pty: ${firmware.ptyPath}`);
  if (!stop.aborted) await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  await firmware.stop();
  board.stop();
  return EXIT_OK;
}
