/**
 * `senryaku scoreboard sim [--track N] [--hex FILE]`: the scoring board without hardware.
 * StandardFirmata runs on a simulated Uno (hardware/simavr, `--parts scoreboard`) with the
 * three MAX7219s modelled on its pins; prints `pty: <path>` for `senryaku referee
 * --scoreboard PATH` (or `scoreboard test --port PATH`) to open like the USB Uno, then what
 * the chips light each time a frame has landed, until SIGINT or SIGTERM.
 */
import { ScoreboardUno, ensureStandardFirmata } from '../../hardware/avr/index.ts';
import { ledReadback } from '../../hardware/scoreboard/led-readback.ts';
import { EXIT_FAILURE, EXIT_OK, type CliIo } from '../io.ts';

/** Register writes of one frame come ~30–60 ms apart: a picture is printed once they pause this long. */
const SETTLE_MS = 150;

export interface ScoreboardSimOptions {
  readonly trackLength: number;
  readonly hex?: string | undefined;
}

export async function runScoreboardSim(options: ScoreboardSimOptions, io: CliIo, stop: AbortSignal): Promise<number> {
  // Fetched once from the npm registry (the avrgirl-arduino tarball), checked by its hash.
  const hex = options.hex !== undefined ? { ok: true as const, value: options.hex } : ensureStandardFirmata();
  if (!hex.ok) {
    io.err(`senryaku scoreboard sim: ${hex.error}`);
    return EXIT_FAILURE;
  }
  const started = await ScoreboardUno.start({ hex: hex.value });
  if (!started.ok) {
    io.err(`senryaku scoreboard sim: ${started.error.message} [${started.error.code}]`);
    return EXIT_FAILURE;
  }
  const uno = started.value;
  io.out(`pty: ${uno.ptyPath}`);
  let shown = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (): void => {
    const picture = uno.picture();
    const lines = Object.values(picture.on).some((on) => on)
      ? ledReadback(picture, options.trackLength)
      : ['(dark: the chips are shut down)'];
    const text = lines.join('\n');
    if (text === shown) return;
    shown = text;
    io.out(text);
  };
  const off = uno.onWrite(() => {
    clearTimeout(timer);
    timer = setTimeout(show, SETTLE_MS);
  });
  if (!stop.aborted) await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  off();
  clearTimeout(timer);
  await uno.stop();
  return EXIT_OK;
}
