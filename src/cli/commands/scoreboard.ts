/**
 * `senryaku scoreboard test --port PATH`: walks every LED and digit of the scoring board
 * with a short pause, printing what should be lit, so a builder can check the wiring
 * against hardware/scoreboard/README.md. A port that does not exist, or an Uno that does not
 * answer, is one line and exit 1; bad options are one line and exit 2.
 * `senryaku scoreboard sim`: a simulated one to point them at (scoreboard-sim.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { holeLed, LAMP_COLUMN, LAMP_ROW, ledBit, MAX_LED_TRACK_LENGTH, type LedImage } from '../../hardware/scoreboard/max7219-layout.ts';
import type { IoFactory } from '../../hardware/scoreboard/scoreboard-io.ts';
import { LAMPS } from '../../hardware/scoreboard/picture.ts';
import { findUno, UNO_USB_IDS } from '../../hardware/scoreboard/find-uno.ts';
import { checkPort, defaultSerialDevices, type AutoPort } from '../../hardware/link/port-check.ts';
import { boardProblem } from '../board.ts';
import { CliFailure, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { usageOf } from '../usage.ts';
import { untilSignal } from '../until-signal.ts';

/** What `--port auto` looks for: the scoring board is an Uno, not the Mega of the board. */
const UNO_AUTO_PORT: AutoPort = { matches: (p) => findUno([p]) !== undefined, what: `Arduino Uno (USB ids ${UNO_USB_IDS.join(', ')})` };

export interface WiringStep {
  /** What should be lit now, in the builder's words. */
  readonly expect: string;
  readonly image: LedImage;
}

const BLANK_DIGITS = ' '.repeat(8);
const trackOnly = (row: number, bit: number): LedImage => ({
  trackRows: Array.from({ length: 8 }, (_, r) => (r === row ? bit : 0)),
  digits: { A: BLANK_DIGITS, B: BLANK_DIGITS },
});

/** Every digit 0–9 on both displays, each hole's red then green, each lamp, then dark. */
export function wiringSteps(trackLength: number): WiringStep[] {
  const steps: WiringStep[] = [];
  for (let d = 0; d <= 9; d++)
    steps.push({
      expect: `digits: both displays show ${String(d).repeat(8)}`,
      image: { trackRows: Array.from({ length: 8 }, () => 0), digits: { A: String(d).repeat(8), B: String(d).repeat(8) } },
    });
  for (let hole = 0; hole <= trackLength; hole++)
    for (const [player, colour] of [
      ['A', 'red'],
      ['B', 'green'],
    ] as const) {
      const { row, col } = holeLed(hole, player);
      steps.push({ expect: `hole ${hole}: ${colour} (player ${player}) only`, image: trackOnly(row, ledBit(col)) });
    }
  const lampNames = {
    white: 'turn White (white LED)',
    black: 'turn Black (blue/amber LED)',
    foul: 'foul (yellow LED)',
    crash: 'crash (red LED)',
  };
  for (const lamp of LAMPS) steps.push({ expect: `lamp: ${lampNames[lamp]} only`, image: trackOnly(LAMP_ROW, ledBit(LAMP_COLUMN[lamp])) });
  steps.push({ expect: 'everything dark', image: trackOnly(0, 0) });
  return steps;
}

export interface ScoreboardCommandDeps extends CliDeps {
  readonly createIo?: IoFactory;
  readonly readyTimeoutMs?: number;
}

export async function scoreboardCommand(args: string[], io: CliIo, deps: ScoreboardCommandDeps = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    port: { type: 'string' },
    track: { type: 'string', default: '6' },
    pause: { type: 'string', default: '600' },
    hex: { type: 'string' },
  });
  const sub = positionals[0];
  if ((sub !== 'test' && sub !== 'sim') || positionals.length !== 1) throw new UsageError(`usage: ${usageOf('scoreboard')}`);
  const trackLength = Number(values.track);
  if (!Number.isInteger(trackLength) || trackLength < 1 || trackLength > MAX_LED_TRACK_LENGTH)
    throw new UsageError(`--track is a whole number from 1 to ${MAX_LED_TRACK_LENGTH}, got '${values.track}'`);
  if (sub === 'sim') {
    if (values.port !== undefined) throw new UsageError('scoreboard sim makes its own port (it prints it); --port is for scoreboard test');
    const { runScoreboardSim } = await import('./scoreboard-sim.ts');
    return untilSignal((stop) => runScoreboardSim({ trackLength, hex: values.hex }, io, stop));
  }
  if (values.hex !== undefined) throw new UsageError('--hex is for scoreboard sim');
  if (!values.port) throw new UsageError('--port PATH is required (the Uno running StandardFirmata, e.g. /dev/ttyACM0)');
  const port = values.port;
  const pauseMs = Number(values.pause);
  if (values.pause.trim() === '' || !Number.isFinite(pauseMs) || pauseMs < 0)
    throw new UsageError(`--pause is a number of milliseconds, got '${values.pause}'`);

  const checked = await checkPort(port, UNO_AUTO_PORT, deps.serialDevices);
  if (!checked.ok) throw boardProblem(checked.error);
  const devices = deps.serialDevices?.list ? deps.serialDevices : defaultSerialDevices;
  const list = (): ReturnType<typeof defaultSerialDevices.list> => devices.list!();
  // johnny-five and the serial port, once the arguments and the port are good.
  const { LedScoreboard } = await import('../../hardware/scoreboard/led-scoreboard.ts');
  const board = new LedScoreboard({
    port,
    ...(deps.createIo ? { createIo: deps.createIo } : {}),
    listPorts: list,
    readyTimeoutMs: deps.readyTimeoutMs ?? 10_000,
  });
  try {
    await board.open();
  } catch (e) {
    await board.close();
    throw new CliFailure(`cannot drive a scoring board on ${port}: ${(e as Error).message}`);
  }
  let lost: string | undefined;
  board.onLost((reason) => (lost = reason));
  try {
    io.out(`scoring board on ${port}: walking every LED (track N = ${trackLength})`);
    for (const step of wiringSteps(trackLength)) {
      if (lost) throw new CliFailure(`the board went away: ${lost}`);
      io.out(`  ${step.expect}`);
      board.write(step.image);
      await board.settle(); // a step of digits is ~1 s of bit-banged writes: pause once it is lit
      await sleep(pauseMs);
    }
    io.out('done: anything that did not light as printed is a wiring fault (see hardware/scoreboard/README.md)');
    return EXIT_OK;
  } finally {
    await board.close();
  }
}
