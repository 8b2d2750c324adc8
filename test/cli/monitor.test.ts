import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sinon from 'sinon';
import { main } from '../../src/cli/main.ts';
import { renderMonitor, runMonitor } from '../../src/cli/commands/monitor.ts';
import { emptyCounters } from '../../src/hardware/link/index.ts';
import { FakeBoardLink } from '../support/fake-board-link.ts';
import { loadBoardFile } from '../../src/app/load-profile.ts';
import type { SenryakuBoardProfile } from '../../src/games/senryaku/board.ts';
import { REFERENCE_PROFILE_PATH } from '../../src/app/open-board.ts';
import { SENRYAKU } from '../../src/games/senryaku/index.ts';
import type { Frame } from '../../src/protocol/index.ts';
import type { Calibration } from '../../src/sensing/calibration.ts';
import { emptyPlausibilityCounters } from '../../src/sensing/index.ts';

const fileResult = loadBoardFile(REFERENCE_PROFILE_PATH, SENRYAKU);
if (!fileResult.ok) throw new Error(fileResult.error);
const { hardware } = fileResult.value;
// Senryaku's file keeps its physics in Senryaku's shape.
const profile = fileResult.value.profile as SenryakuBoardProfile;
const boardSetup = SENRYAKU.boardProfile(fileResult.value.profile);
if (!boardSetup.ok) throw new Error(boardSetup.error);
const { value: setup } = boardSetup;
const sensingFor = (calibration: Calibration) => setup.sensing(calibration);

let clock: sinon.SinonFakeTimers;
beforeEach(() => {
  clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});
afterEach(() => clock.restore());

/** Runs the monitor on a fake link, its lines into `out`, until `stop()`. */
function monitorOn(link: FakeBoardLink, out: string[], calibrationFor: Parameters<typeof runMonitor>[0]['calibrationFor']) {
  const session = {
    link,
    hardware,
    sensingFor,
    calibrationFor,
    io: { out: (l: string) => out.push(l), err: () => undefined },
    tty: false,
    write: () => undefined,
    redrawMs: 1000,
  };
  let stop!: () => void;
  const running = runMonitor(session, new Promise<void>((r) => (stop = r)));
  return { stop, running };
}

const frame = (ms: number, fill: (i: number) => number, stale: number[] = [], seq = 0, white = false): Frame => ({
  type: 'frame',
  seq,
  ms,
  tilt: { white, black: false },
  stale,
  cells: Int32Array.from({ length: 44 }, (_, i) => fill(i)),
});

describe('senryaku monitor', () => {
  it('renders the grid with rank 6 on top, pivots, tilt and health', () => {
    const values = Float64Array.from({ length: 44 }, (_, i) => i);
    values[3] = NaN;
    const lines = renderMonitor({
      values,
      unit: 'g',
      hardware,
      wellCells: 42,
      tilt: { white: true, black: false },
      state: 'ready',
      framesPerSecond: 80,
      counters: { ...emptyCounters(), crcErrors: 2, linesLost: 5, gaps: 1, reconnects: 1 },
      plausibility: { ...emptyPlausibilityCounters(), timeHeld: 1, timeDiscarded: 1, tiltHeld: 3, tiltDiscarded: 1 },
      hello: undefined,
    });
    expect(lines[0]).toMatch(/loads in grams/);
    expect(lines[1]).toMatch(/^\s+a\s+b\s+c\s+d\s+e\s+f\s+g$/);
    expect(lines[2]).toMatch(/^ {2}6 +35\.0 +36\.0/); // a6 is cell 35 on the reference board
    expect(lines[7]).toMatch(/^ {2}1 +0\.0 +1\.0 +2\.0 +-- +4\.0/); // d1 stale
    expect(lines[8]).toBe('pivots: pivot-white 42.0 · pivot-black 43.0');
    expect(lines[9]).toBe('tilt: tipped toward White');
    expect(lines[10]).toBe('link ready · 80.0 frames/s · CRC errors 2 · lines lost 5 (1 gaps) · reconnects 1 · reboots 0');
    expect(lines[11]).toBe(
      'plausibility: frames held 1 · dropped for their time 1 · jumps accepted 0 · tilt changes held 3 · unconfirmed 1',
    );
    expect(lines[12]).toBe('zero tracking: needs a calibration');
  });

  it('shows the largest tracked zero offsets per cell in grams, and the cells flagged drifted', () => {
    const lines = renderMonitor({
      values: new Float64Array(44),
      unit: 'g',
      hardware,
      wellCells: 42,
      tilt: undefined,
      state: 'ready',
      framesPerSecond: 80,
      counters: emptyCounters(),
      plausibility: emptyPlausibilityCounters(),
      hello: undefined,
      zeros: {
        largest: [
          { cell: 3, offsetG: -31.25 },
          { cell: 43, offsetG: 4.04 },
        ],
        drifted: [3],
      },
    });
    expect(lines.at(-1)).toBe('zero tracking: largest offsets d1 −31.3 g · pivot-black +4.0 g · DRIFTED, recalibrate: d1');
  });

  it('runs sensing on a calibrated board and shows the zero it tracks', async () => {
    const link = new FakeBoardLink();
    const out: string[] = [];
    const { stop, running } = monitorOn(link, out, () => ({
      boardId: 0x2a,
      cells: Array.from({ length: 44 }, () => ({ offset: 1000, countsPerGram: 100 })),
    }));
    link.start();
    link.becomeReady();
    // An empty board (the pivots carry its 720 g) whose a1 cell creeps up 0.25 g/s; a count of noise.
    const half = (profile.boardMass / 2) * 100;
    for (let k = 0; k < 800; k++) {
      const noise = k % 2;
      link.emitFrame(
        frame(1000 + Math.round(k * 12.5), (i) => 1000 + noise + (i === 0 ? Math.round(k * 12.5 * 0.025) : i >= 42 ? half : 0), [], k),
      );
    }
    stop();
    await running;
    const zeros = out.filter((l) => l.startsWith('zero tracking: ')).at(-1);
    const a1 = /largest offsets a1 \+(\d+\.\d) g/.exec(zeros ?? '');
    expect(Number(a1?.[1])).toBeGreaterThan(1.5);
    expect(Number(a1?.[1])).toBeLessThanOrEqual(2.5);
  });

  it('shows frames through the plausibility step: a flipped tilt bit and a frame 60 s ahead are not shown, only counted', async () => {
    const link = new FakeBoardLink();
    const out: string[] = [];
    const { stop, running } = monitorOn(link, out, () => undefined);
    link.start();
    const at = (k: number) => 5000 + Math.floor(k * 12.5);
    for (let k = 1; k <= 3; k++) link.emitFrame(frame(at(k), () => 1000, [], k));
    link.emitFrame(frame(at(4), () => 1000, [], 4, true)); // one tilt bit flipped
    link.emitFrame(frame(at(5), () => 1000, [], 5));
    link.emitFrame(frame(at(6) + 60_000, () => 9000, [], 6)); // a time 60 s ahead, and garbage cells
    link.emitFrame(frame(at(7), (i) => (i === 0 ? 1100 : 1000), [], 7));
    await clock.tickAsync(1000);
    stop();
    await running;
    expect(out.filter((l) => l.startsWith('tilt: '))).toEqual(['tilt: level', 'tilt: level']);
    expect(out.filter((l) => l.startsWith('  1 ')).at(-1)).toMatch(/^ {2}1 +100 +0 /);
    expect(out.filter((l) => l.startsWith('plausibility: ')).at(-1)).toBe(
      'plausibility: frames held 1 · dropped for their time 1 · jumps accepted 0 · tilt changes held 1 · unconfirmed 1',
    );
  });

  it('shows raw counts relative to the first frame without a calibration, grams with one', async () => {
    const link = new FakeBoardLink();
    const out: string[] = [];
    let calibrated = false;
    const { stop, running } = monitorOn(link, out, () =>
      calibrated ? { boardId: 0x2a, cells: Array.from({ length: 44 }, () => ({ offset: 1000, countsPerGram: 100 })) } : undefined,
    );
    link.start();
    link.emitFrame(frame(1, () => 1000));
    link.emitFrame(frame(2, (i) => (i === 0 ? 1250 : 1000)));
    await clock.tickAsync(1000);
    expect(out.join('\n')).toMatch(/raw counts relative to the first frame/);
    expect(out.find((l) => l.startsWith('  1 '))).toMatch(/^ {2}1 +250 +0 /);
    calibrated = true;
    link.becomeReady();
    link.emitFrame(frame(3, (i) => (i === 0 ? 7000 : 1000)));
    stop();
    await running;
    expect(out.filter((l) => l.startsWith('  1 ')).at(-1)).toMatch(/^ {2}1 +60\.0 +0\.0 /);
  });

  it('--sim runs for --duration and prints plain blocks when not a terminal', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const done = main(['monitor', '--sim', '--duration', '2.2', '--calibration-dir', mkdtempSync(join(tmpdir(), 'senryaku-mon-'))], {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    await clock.tickAsync(3000);
    expect(await done).toBe(0);
    expect(err).toEqual([]);
    const health = out.filter((l) => l.startsWith('link '));
    expect(health.length).toBeGreaterThanOrEqual(2);
    expect(health.at(-2)).toMatch(/^link ready · (79|80|81)\.\d frames\/s · CRC errors 0/);
  });

  it('usage errors exit 2 with one line', async () => {
    const err: string[] = [];
    const code = await main(['monitor'], { out: () => undefined, err: (l) => err.push(l) });
    expect(code).toBe(2);
    expect(err).toEqual(['senryaku monitor: give exactly one of --port PATH (or --port auto) and --sim']);
  });
});
