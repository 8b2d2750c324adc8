/**
 * `npm run bench:firmware`: the real firmware in simavr for 60 simulated seconds at 80
 * frames/s, 44 loaded cells and an LED update every second; prints the frame period and
 * jitter, the HX711 bank's read time and whether it kept up, and the RAM the stack never
 * touched (README "Measured"). Builds the harness and the firmware first.
 */
import { spawnSync } from 'node:child_process';
import { SerialPort } from 'serialport';
import { FirmwareBoard } from '../src/hardware/avr/index.ts';
import { FIRMWARE_BUILD_SCRIPT, HARNESS_BUILD_SCRIPT } from '../test/support/firmware-builds.ts';
import { describeTiming, measureFirmwareTiming } from './support/measure-timing.ts';
import { sealLine } from '../src/protocol/index.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

for (const script of [HARNESS_BUILD_SCRIPT, FIRMWARE_BUILD_SCRIPT]) {
  const r = spawnSync('bash', [script], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const started = await FirmwareBoard.start({ fast: true });
if (!started.ok) {
  console.error(started.error.message);
  process.exit(1);
}
const board = started.value;
const port = new SerialPort({ path: board.ptyPath, baudRate: 500_000 });
let helloSeen = false;
port.on('data', (chunk: Buffer) => {
  if (chunk.includes('HELLO')) helloSeen = true;
});
let seq = 0x100;
const send = (type: string, ...args: string[]): void => void port.write(`${sealLine(type, seq++, args)}\r\n`);
// Bytes sent before the firmware's UART is on are lost: ask until it answers.
while (!helloSeen) {
  send('HELLO');
  await new Promise((resolve) => setTimeout(resolve, 200));
}
for (let cell = 0; cell < 44; cell++) board.setCell(cell, (cell % 2 ? -1 : 1) * (cell * 190_000 + 12_345));
send('START');
const timing = await measureFirmwareTiming(board, SECONDS, (s) => send('LEDALL', s % 2 ? '203040' : '000000'));
console.log(`firmware in simavr, ${SECONDS} simulated s, 80 frames/s, 44 cells, LEDALL every second:`);
console.log(describeTiming(timing));
port.close();
await board.stop();
