/**
 * `senryaku board info|send|leds|cells --port PATH`: talk to a referee board by hand while
 * bringing it up (hardware/BRING-UP.md), without computing CRCs.
 *
 *   info               the board's HELLO, field by field
 *   send TYPE [ARGS]   one command (e.g. `send LED 3 FF0000`); prints every line up to its ACK/NAK
 *   leds RRGGBB|off    every well LED to one colour, or off
 *   cells [--frames N] streams N frames (default 80: one second) and prints each cell's mean
 *                      raw reading, spread and stale count, and the tilt switches, then stops
 *                      the stream
 */
import { parseHello, openLine, parseFrame, type Hello } from '../../protocol/index.ts';
import { BOARD_AUTO_PORT } from '../../app/board-check.ts';
import { checkPort } from '../../hardware/link/port-check.ts';
import { boardProblem } from '../board.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';
import type { BoardPort } from './board-port.ts';

const BOARD_USAGE = usageOf('board');
/** After opening, a Mega sits in its bootloader ~2 s (DTR reset): HELLO is asked until it answers. */
const HELLO_ATTEMPTS = 8;

const hex8 = (n: number): string => n.toString(16).toUpperCase().padStart(8, '0');

const helloOf = (line: string): Hello | undefined => {
  const env = openLine(line, 'board-to-host');
  if (!env.ok) return undefined;
  const hello = parseHello(env.value);
  return hello.ok ? hello.value : undefined;
};

async function askHello(port: BoardPort): Promise<Hello | undefined> {
  for (let i = 0; i < HELLO_ATTEMPTS; i++) {
    const lines = await port.command('HELLO');
    const hello = lines?.map(helloOf).find((h) => h !== undefined);
    if (hello) return hello;
  }
  return undefined;
}

const describeHello = (h: Hello): string[] => [
  `firmware ${h.firmwareVersion}, protocol ${h.protocolVersion}`,
  `board id ${hex8(h.boardId)}${h.boardId === 0xffffffff ? ' (never set)' : ''}, boot id ${hex8(h.bootId)}`,
  `cells ${h.wellCells} wells + ${h.pivotCells} pivots, ${h.sampleRateHz} frames/s`,
  `tilt switches fitted: ${h.tiltFitted.white ? 'toward White' : '-'} ${h.tiltFitted.black ? 'toward Black' : '-'}`,
  `LEDs ${h.ledCount}`,
];

async function cells(port: BoardPort, hello: Hello, frames: number, io: CliIo): Promise<number> {
  const n = hello.wellCells + hello.pivotCells;
  const sums = new Float64Array(n);
  const squares = new Float64Array(n);
  const fresh = new Uint32Array(n);
  let seen = 0;
  let tilt = '';
  const done = port.collect(
    (line) => {
      const env = openLine(line, 'board-to-host');
      if (!env.ok || env.value.type !== 'FRAME') return false;
      const frame = parseFrame(env.value, n);
      if (!frame.ok) return false;
      const stale = new Set(frame.value.stale);
      tilt = `${frame.value.tilt.white ? 'tipped toward White' : 'White side level'}, ${frame.value.tilt.black ? 'tipped toward Black' : 'Black side level'}`;
      frame.value.cells.forEach((v, c) => {
        if (stale.has(c)) return;
        sums[c] = (sums[c] ?? 0) + v;
        squares[c] = (squares[c] ?? 0) + v * v;
        fresh[c] = (fresh[c] ?? 0) + 1;
      });
      return ++seen >= frames;
    },
    5000 + (frames * 1000) / hello.sampleRateHz,
  );
  await port.command('START');
  const complete = await done;
  await port.command('STOP');
  io.out('cell  mean counts   sd counts  stale');
  for (let c = 0; c < n; c++) {
    const k = fresh[c] ?? 0;
    const mean = k ? (sums[c] ?? 0) / k : NaN;
    const sd = k ? Math.sqrt(Math.max(0, (squares[c] ?? 0) / k - mean * mean)) : NaN;
    const name = c < hello.wellCells ? `${c}` : `${c} (pivot)`;
    io.out(
      `${name.padEnd(11)} ${Number.isNaN(mean) ? '-'.padStart(10) : mean.toFixed(0).padStart(10)} ${Number.isNaN(sd) ? '-'.padStart(10) : sd.toFixed(1).padStart(10)}  ${seen - k}`,
    );
  }
  if (tilt) io.out(`tilt switches: ${tilt}`);
  if (!complete) io.err(`senryaku board: only ${seen} of ${frames} frames came`);
  return complete ? EXIT_OK : EXIT_FAILURE;
}

export async function boardCommand(args: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { port: { type: 'string' }, frames: { type: 'string' } });
  const [action, ...rest] = positionals;
  if (values.port === undefined || values.port === '') throw new UsageError(`--port PATH is needed; usage: ${BOARD_USAGE}`);
  if (action !== 'info' && action !== 'send' && action !== 'leds' && action !== 'cells')
    throw new UsageError(`say info, send, leds or cells; usage: ${BOARD_USAGE}`);
  if (action === 'send' && rest.length === 0) throw new UsageError('send needs a command, e.g. `send LED 3 FF0000`');
  if (action === 'leds' && !(rest.length === 1 && /^(?:[0-9A-Fa-f]{6}|off)$/.test(rest[0] ?? '')))
    throw new UsageError('leds needs RRGGBB or off');
  const frames = values.frames === undefined ? 80 : /^\d{1,5}$/.test(values.frames) ? Number(values.frames) : NaN;
  if (!(frames >= 1)) throw new UsageError(`--frames must be a whole number from 1, got '${values.frames}'`);

  // A file, a directory or a missing device is said as the other commands say it, before any open.
  if (values.port !== 'auto') {
    const checked = await checkPort(values.port, BOARD_AUTO_PORT, deps.serialDevices);
    if (!checked.ok) throw boardProblem(checked.error);
  }
  // The serial stack, once the arguments are good.
  const { BoardPort } = await import('./board-port.ts');
  let port: BoardPort;
  try {
    port = await BoardPort.open(values.port);
  } catch (e) {
    io.err(`senryaku board: cannot open ${values.port}: ${(e as Error).message}`);
    return EXIT_FAILURE;
  }
  try {
    const hello = await askHello(port);
    if (!hello) {
      io.err(`senryaku board: no HELLO from ${values.port} (is the firmware flashed? npm run firmware:flash -- --port ${values.port})`);
      return EXIT_FAILURE;
    }
    switch (action) {
      case 'info':
        for (const line of describeHello(hello)) io.out(line);
        return EXIT_OK;
      case 'send': {
        const [type, ...fields] = rest;
        const lines = await port.command((type ?? '').toUpperCase(), fields);
        if (!lines) {
          io.err('senryaku board: no answer');
          return EXIT_FAILURE;
        }
        for (const line of lines) io.out(line);
        return lines.some((l) => l.startsWith('NAK ')) ? EXIT_FAILURE : EXIT_OK;
      }
      case 'leds': {
        const colour = (rest[0] ?? '').toUpperCase();
        const lines = colour === 'OFF' ? await port.command('LEDCLR') : await port.command('LEDALL', [colour]);
        for (const line of lines ?? []) io.out(line);
        return lines?.some((l) => l.startsWith('ACK ')) ? EXIT_OK : EXIT_FAILURE;
      }
      case 'cells':
        return await cells(port, hello, frames, io);
    }
  } finally {
    await port.close();
  }
}
