/**
 * `npm run bench:scoreboard`: how long the LED scoring board takes to show a frame, on the
 * whole path a real one takes: LedScoreboard.write (what the scoring-board service calls
 * per frame) → johnny-five → firmata-io → serialport on a pty → StandardFirmata on a
 * simulated Uno (simavr, throttled to real time, its UART at 57 600 baud) → the three
 * MAX7219s modelled on its pins. The clock starts just before write() and stops when the
 * harness reports the frame's last register latched (its event line read on this side).
 * Builds the harness and fetches StandardFirmata's .hex first.
 */
import { spawnSync } from 'node:child_process';
import { ScoreboardUno, ensureStandardFirmata } from '../src/hardware/avr/index.ts';
import { HARNESS_BUILD_SCRIPT } from '../test/support/firmware-builds.ts';
import { LedScoreboard, type LedImage } from '../src/hardware/scoreboard/index.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

const built = spawnSync('bash', [HARNESS_BUILD_SCRIPT], { stdio: ['ignore', 'ignore', 'inherit'] });
if (built.status !== 0) process.exit(built.status ?? 1);
const hex = ensureStandardFirmata();
if (!hex.ok) {
  console.error(hex.error);
  process.exit(1);
}

const started = await ScoreboardUno.start({ hex: hex.value });
if (!started.ok) {
  console.error(started.error.message);
  process.exit(1);
}
const uno = started.value;
const display = new LedScoreboard({ port: uno.ptyPath });

const openedAt = performance.now();
await display.open();
const connectedMs = performance.now() - openedAt;
// johnny-five sets each chip up and blanks it (13 writes a chip) once the board is ready.
await uno.until(() => uno.writes >= 39, 'the three chips set up');
const setUpMs = performance.now() - openedAt;

/** Times write(image) until the chips show it; returns ms and the register writes it took. */
const timeWrite = async (image: LedImage): Promise<{ ms: number; writes: number }> => {
  const writesBefore = uno.writes;
  const t0 = performance.now();
  display.write(image);
  await uno.until(() => uno.shows(image), 'the frame');
  return { ms: performance.now() - t0, writes: uno.writes - writesBefore };
};

const blank = { trackRows: [0, 0, 0, 0, 0, 0, 0, 0], digits: { A: '        ', B: '        ' } };
const base = { trackRows: [0x40, 0, 0, 0, 0, 0, 0x20, 0x40], digits: { A: 'P  0G  0', B: 'P  0G  0' } };
const cases: { readonly name: string; readonly from: LedImage; readonly to: LedImage }[] = [
  { name: 'turn lamp (a move)', from: base, to: { ...base, trackRows: base.trackRows.map((b, i) => (i === 7 ? 0x20 : b)) } },
  { name: 'marker one hole on', from: base, to: { ...base, trackRows: [0, 0x40, 0, 0, 0, 0, 0x20, 0x40] } },
  { name: "A's points and games", from: base, to: { ...base, digits: { A: 'P  2G  1', B: base.digits.B } } },
  {
    name: 'whole board from dark',
    from: blank,
    to: { trackRows: [0x40, 0x40, 0x40, 0, 0, 0x60, 0x20, 0x10], digits: { A: 'P  3G  2', B: 'P  1G  1' } },
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);
console.log(`scoring board through StandardFirmata on a simulated Uno (57 600 baud, real time), ${ROUNDS} rounds each:`);
console.log(`  open to ready ${connectedMs.toFixed(0)} ms; the three chips set up and blanked ${setUpMs.toFixed(0)} ms after open`);
for (const c of cases) {
  const times: number[] = [];
  let writes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    await timeWrite(c.from);
    const t = await timeWrite(c.to);
    times.push(t.ms);
    writes = t.writes;
  }
  console.log(
    `  ${c.name.padEnd(22)} ${writes} register writes: median ${median(times).toFixed(0)} ms, worst ${max(times).toFixed(0)} ms (${(median(times) / writes).toFixed(1)} ms a write)`,
  );
}
await display.close();
await uno.stop();
