import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sinon from 'sinon';
import { main } from '../../src/cli/main.ts';
import { CalibrationStore } from '../../src/calibration/store.ts';

let clock: sinon.SinonFakeTimers;
// main() loads a command's modules when it runs, and the command the board's once its arguments
// are good; loaded beforehand, they are ready before the fake clock is ticked.
beforeAll(() =>
  Promise.all([
    import('../../src/cli/commands/calibrate.ts'),
    import('../../src/app/open-board.ts'),
    import('../../src/hardware/link/index.ts'),
  ]),
);
beforeEach(() => {
  // setImmediate stays real: the serial stream needs it; the sim, the link and the command use timeouts.
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});
afterEach(() => clock.restore());

describe('senryaku calibrate', { timeout: 120_000 }, () => {
  it('--sim: the whole guided flow, with a simulated helper placing the mass on a1 … g6, saved per board id', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-cal-'));
    const out: string[] = [];
    const err: string[] = [];
    const done = main(['calibrate', '--sim', '--seed', '4', '--calibration-dir', dir], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    let code: number | undefined;
    void done.then((c) => (code = c));
    for (let i = 0; i < 400 && code === undefined; i++) await clock.tickAsync(500);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/Step 1: take every sphere off the board/);
    expect(text).toMatch(/measuring zero \[#{30}\] 100 %/);
    expect(text).toMatch(/\[1\/42\] place the mass on a1/);
    expect(text).toMatch(/\[42\/42\] place the mass on g6/);
    // The pivots: measured, or (when every window was refused) the nominal slope with the reason.
    expect(text).toMatch(
      /pivot-white: ([\d.]+ counts\/g \(median of \d+ placements\)|no usable reading .*keeping the nominal 429\.5 counts\/g)/,
    );
    const savedLine = out.find((l) => l.startsWith('Saved '));
    expect(savedLine).toBeDefined();
    const boardHex = /Calibrating board ([0-9A-F]{8})/.exec(text)?.[1];
    expect(savedLine).toContain(`${boardHex}.json`);
    const loaded = new CalibrationStore(dir).load(parseInt(boardHex!, 16), { cellCount: 44 });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    // Every scale within the datasheet tolerance of the profile's nominal: 2147.5 counts/g
    // for the 1 kg well cells, 429.5 for the 5 kg pivot cells.
    for (const c of loaded.value.cells.slice(0, 42)) expect(Math.abs(c.countsPerGram / 2147.5 - 1)).toBeLessThan(0.2);
    for (const c of loaded.value.cells.slice(42)) expect(Math.abs(c.countsPerGram / 429.5 - 1)).toBeLessThan(0.2);
  });

  it.each([
    [['calibrate'], /exactly one of --port/],
    [['calibrate', '--sim', '--reference-grams', '5'], /--reference-grams must be a number of grams >= 10/],
    [['calibrate', '--sim', 'extra'], /unexpected argument 'extra'/],
  ])('usage error: %j', async (argv, message) => {
    const err: string[] = [];
    const code = await main(argv, { out: () => undefined, err: (l) => err.push(l) });
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(message);
  });
});
