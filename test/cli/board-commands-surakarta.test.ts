/**
 * The board-level commands on a Surakarta board (`--rules surakarta`): the same commands as
 * Senryaku's, with the grid, cells and pieces from the game's profile (6×6 points, no pivots,
 * no tilt switches). Simulated boards on fake timers, as in calibrate.test.ts and record.test.ts.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sinon from 'sinon';
import { main } from '../../src/cli/main.ts';
import { renderMonitor } from '../../src/cli/commands/monitor.ts';
import { CalibrationStore } from '../../src/calibration/store.ts';
import { loadBoardFile } from '../../src/app/load-profile.ts';
import { referenceProfilePath } from '../../src/app/open-board.ts';
import { emptyCounters, parseRecording } from '../../src/hardware/link/index.ts';
import { parseBoardLine } from '../../src/protocol/index.ts';
import { SURAKARTA } from '../../src/games/surakarta/index.ts';
import { emptyPlausibilityCounters } from '../../src/sensing/index.ts';

let clock: sinon.SinonFakeTimers;
// main() loads a command's modules when it runs; loaded beforehand, they are ready before the fake clock is ticked.
beforeAll(() =>
  Promise.all([
    import('../../src/cli/commands/calibrate.ts'),
    import('../../src/cli/commands/monitor.ts'),
    import('../../src/cli/commands/record.ts'),
  ]),
);
beforeEach(() => {
  // setImmediate stays real: the serial stream needs it; the sim, the link and the commands use timeouts.
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});
afterEach(() => clock.restore());

/** Runs a command on the fake clock until it ends (at most `maxMs` of fake time). */
async function run(argv: string[], maxMs: number) {
  const out: string[] = [];
  const err: string[] = [];
  let code: number | undefined;
  void main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) }).then((c) => (code = c));
  for (let t = 0; t < maxMs && code === undefined; t += 500) await clock.tickAsync(500);
  return { code, out, err };
}

const hardware = (() => {
  const file = loadBoardFile(referenceProfilePath(SURAKARTA), SURAKARTA);
  if (!file.ok) throw new Error(file.error);
  return file.value.hardware;
})();

/** The last block a monitor printed: from its board line to its zero-tracking line. */
const lastBlock = (out: readonly string[]): string[] => {
  const start = out.findLastIndex((l) => l.startsWith('board '));
  return out.slice(start, out.indexOf('', start));
};

describe('board commands --rules surakarta', { timeout: 120_000 }, () => {
  it('calibrate --sim: a 40 g piece on each of the 36 points, no pivots, saved per board id; monitor then shows grams', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-cal-sk-'));
    const cal = await run(['calibrate', '--sim', '--rules', 'surakarta', '--seed', '4', '--calibration-dir', dir], 200_000);
    expect(cal.err).toEqual([]);
    expect(cal.code).toBe(0);
    const text = cal.out.join('\n');
    // In Surakarta's words: pieces on points.
    expect(text).toMatch(/\(36 point cells, 0 pivot cells/);
    expect(text).toMatch(/Step 1: take every piece off the board/);
    expect(text).toMatch(/the reference mass \(40 g\) on each point in turn/);
    expect(text).toMatch(/Summary: 36 cells; point scales/);
    expect(text).not.toMatch(/sphere|well/);
    expect(text).toMatch(/\[1\/36\] place the mass on a1/);
    expect(text).toMatch(/\[36\/36\] place the mass on f6/);
    expect(text).not.toMatch(/pivot-/);
    const boardHex = /Calibrating board ([0-9A-F]{8})/.exec(text)?.[1];
    const stored = new CalibrationStore(dir).load(parseInt(boardHex!, 16), { cellCount: 36 });
    expect(stored.ok && stored.value.cells.length).toBe(36);

    const mon = await run(['monitor', '--sim', '--rules', 'surakarta', '--seed', '4', '--duration', '1.5', '--calibration-dir', dir], 5000);
    expect(mon.err).toEqual([]);
    expect(mon.code).toBe(0);
    const block = lastBlock(mon.out);
    expect(block[0]).toBe(`board ${boardHex} · loads in grams`);
    expect(block.at(-1)).toMatch(/^zero tracking: largest offsets [a-f][1-6] /);
  });

  it('monitor --sim shows the 6×6 grid, no pivot or tilt lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'senryaku-mon-sk-'));
    const r = await run(['monitor', '--sim', '--rules', 'surakarta', '--duration', '1.2', '--calibration-dir', dir], 3000);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    const block = lastBlock(r.out);
    expect(block[0]).toMatch(/^board [0-9A-F]{8} · loads in raw counts/);
    expect(block[1]).toMatch(/^\s+a\s+b\s+c\s+d\s+e\s+f$/);
    expect(block.slice(2, 8).map((l) => l.slice(0, 4))).toEqual(['  6 ', '  5 ', '  4 ', '  3 ', '  2 ', '  1 ']);
    for (const row of block.slice(2, 8)) expect(row.trim().split(/\s+/)).toHaveLength(7);
    expect(block[8]).toMatch(/^link ready · /);
    expect(r.out.some((l) => /^(pivots|tilt):/.test(l))).toBe(false);
  });

  it('the monitor names the points a1 … f6', () => {
    const lines = renderMonitor({
      values: Float64Array.from({ length: 36 }, (_, i) => i),
      unit: 'g',
      hardware,
      wellCells: 36,
      tilt: undefined,
      state: 'ready',
      framesPerSecond: 80,
      counters: emptyCounters(),
      plausibility: emptyPlausibilityCounters(),
      hello: undefined,
      zeros: {
        largest: [
          { cell: 35, offsetG: 3 },
          { cell: 0, offsetG: -2 },
          { cell: 9, offsetG: 1 },
        ],
        drifted: [35],
      },
    });
    expect(lines[2]).toMatch(/^ {2}6 +30\.0 +31\.0 +32\.0 +33\.0 +34\.0 +35\.0$/);
    expect(lines[7]).toMatch(/^ {2}1 +0\.0 +1\.0 +2\.0 +3\.0 +4\.0 +5\.0$/);
    expect(lines.at(-1)).toBe('zero tracking: largest offsets f6 +3.0 g · a1 −2.0 g · d2 +1.0 g · DRIFTED, recalibrate: f6');
  });

  it('record --sim: the HELLO of a board of 36 point cells and 0 pivots, and its frames', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'senryaku-rec-sk-')), 'session.jsonl');
    const r = await run(['record', '--sim', '--rules', 'surakarta', '--out', file, '--duration', '1'], 3000);
    expect(r.code).toBe(0);
    expect(r.err).toContainEqual(expect.stringMatching(/^connected: board [0-9A-F]{8}, 36\+0 cells$/));
    const parsed = parseRecording(readFileSync(file, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { header, records } = parsed.value;
    expect(header.profile).toBe('surakarta-mega-2560');
    const hello = parseBoardLine(header.hello ?? '', { cellCount: 36 });
    expect(hello.ok && hello.value).toMatchObject({ type: 'hello', wellCells: 36, pivotCells: 0 });
    const frames = records.filter((x) => x.d === 'in' && x.line.startsWith('FRAME '));
    expect(frames.length).toBeGreaterThan(40);
    for (const f of frames) if (f.d === 'in') expect(parseBoardLine(f.line, { cellCount: 36 }).ok).toBe(true);
  });
});
