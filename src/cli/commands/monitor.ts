/**
 * `senryaku monitor --port PATH | --sim [--rules ID]`: the live grid of point loads (grams
 * when the board has a calibration, else raw counts relative to the first frame), the
 * pivots and the tilt switches where the board has them, the link's health and what the
 * plausibility step held back or dropped. The grid, the cell names and sensing's setup come
 * from the board's profile as its game reads it, so any game's board is shown the same way.
 * Frames and tilt events go through the same plausibility step as the referee's
 * (`src/sensing/plausibility.ts`), so the grid and the tilt shown are what sensing would
 * get. With a calibration the frames also run through sensing, whose zero tracking
 * (`src/sensing/zero-tracker.ts`) is shown: the largest tracked offsets, per cell in grams,
 * and the cells whose zero has drifted too far (recalibrate them). Redrawn in place on a
 * terminal; on a pipe, one plain block per second.
 */
import { CalibrationStore, resolveCalibrationDir } from '../../calibration/store.ts';
import { boardOptionSpecs, parseDurationSeconds } from '../../app/board-options.ts';
import { pointAt, pointName } from '../../board/grid.ts';
import type { HardwareProfile } from '../../board/profile.ts';
import type { Frame, Hello, Tilt, TiltEvent } from '../../protocol/index.ts';
import type { BoardLink, LinkCounters, LinkState } from '../../hardware/link/index.ts';
import { frameToGrams, type Calibration } from '../../sensing/calibration.ts';
import type { SensingSetup } from '../../sensing/pipeline.ts';
import {
  admitLine,
  createPlausibility,
  createSensingState,
  driftedCells,
  endBoot,
  largestZeros,
  stepSensing,
  type PlausibilityCounters,
  type Release,
  type SensingState,
} from '../../sensing/index.ts';
import { openBoardFor } from '../board.ts';
import { checkDirectory } from '../file-checks.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliDeps, type CliIo } from '../io.ts';
import { parseCommandArgs } from '../parse-args.ts';
import { readRuleset, rulesOptionSpecs } from '../rules-option.ts';
import { BUILT_IN_RULESETS } from '../../games/registry.ts';
import { usageOf } from '../usage.ts';

export interface MonitorView {
  /** Per cell index: grams (calibrated) or counts (relative); NaN = stale. */
  readonly values: ArrayLike<number>;
  readonly unit: 'g' | 'counts';
  /** The board's grid, which cell is under which point, and the pivots and tilt switches fitted. */
  readonly hardware: HardwareProfile;
  /** Point cells, as the board's HELLO counts them; the cells after them are pivots. */
  readonly wellCells: number;
  readonly tilt: Tilt | undefined;
  readonly state: LinkState;
  readonly framesPerSecond: number;
  readonly counters: LinkCounters;
  readonly plausibility: PlausibilityCounters;
  readonly hello: Hello | undefined;
  /** Zero tracking, when sensing runs (a calibration): the largest tracked offsets, and the cells flagged drifted. */
  readonly zeros?: { readonly largest: readonly { cell: number; offsetG: number }[]; readonly drifted: readonly number[] };
}

/** How many tracked offsets the monitor lists. */
export const ZEROS_SHOWN = 4;

const pad = (s: string, n: number): string => s.padStart(n);
const show = (v: number | undefined, unit: 'g' | 'counts'): string =>
  v === undefined || Number.isNaN(v) ? '--' : unit === 'g' ? v.toFixed(1) : String(Math.round(v));

/** Which cell reads which point: the profile's map, else (a cell it does not list) cell i = point i. */
const cellOfPointTable = (hardware: HardwareProfile, wellCells: number): Map<number, number> => {
  const map = new Map<number, number>();
  for (let cell = 0; cell < wellCells; cell++) map.set(hardware.cells.points[cell] ?? cell, cell);
  return map;
};

/** A cell by what it weighs: its point (`d3`) or its pivot's name. */
const cellName = (hardware: HardwareProfile, wellCells: number, cell: number): string =>
  cell < wellCells
    ? pointName(hardware.grid, hardware.cells.points[cell] ?? cell)
    : (hardware.cells.pivots[cell - wellCells] ?? `pivot ${cell - wellCells}`);

export const tiltText = (tilt: Tilt | undefined): string =>
  tilt === undefined
    ? 'unknown'
    : tilt.white && tilt.black
      ? 'both switches closed (check wiring)'
      : tilt.white
        ? 'tipped toward White'
        : tilt.black
          ? 'tipped toward Black'
          : 'level';

/**
 * The screen as lines: grid (top rank on top, as seen from the rank-1 side), then the pivots
 * and the tilt switches on a board that has them, then health.
 */
export function renderMonitor(view: MonitorView): string[] {
  const lines: string[] = [];
  const board = view.hello ? `board ${view.hello.boardId.toString(16).toUpperCase().padStart(8, '0')}` : 'no board yet';
  lines.push(`${board} · loads in ${view.unit === 'g' ? 'grams' : 'raw counts relative to the first frame (no calibration)'}`);
  lines.push(...gridLines(view));
  const pivotCells = Array.from({ length: Math.max(0, view.values.length - view.wellCells) }, (_, i) => view.wellCells + i);
  // A board that lies flat says nothing of pivots, unless its HELLO reports some after all.
  if (view.hardware.cells.pivots.length > 0 || pivotCells.length > 0) {
    const pivots = pivotCells.map((cell) => `${cellName(view.hardware, view.wellCells, cell)} ${show(view.values[cell], view.unit)}`);
    lines.push(`pivots: ${pivots.length > 0 ? pivots.join(' · ') : 'none'}`);
  }
  if (view.hardware.tilt.white || view.hardware.tilt.black) lines.push(`tilt: ${tiltText(view.tilt)}`);
  const c = view.counters;
  lines.push(
    `link ${view.state} · ${view.framesPerSecond.toFixed(1)} frames/s · CRC errors ${c.crcErrors} · lines lost ${c.linesLost} (${c.gaps} gaps) · ` +
      `reconnects ${c.reconnects} · reboots ${c.reboots}` +
      (c.clockRefused + c.rateLimited + c.helloMismatches > 0
        ? ` · refused: ${c.clockRefused} ahead of the host clock, ${c.rateLimited} over the rate, ${c.helloMismatches} HELLOs naming another board`
        : ''),
  );
  const p = view.plausibility;
  lines.push(
    `plausibility: frames held ${p.timeHeld} · dropped for their time ${p.timeDiscarded} · jumps accepted ${p.jumpsAccepted} · ` +
      `tilt changes held ${p.tiltHeld} · unconfirmed ${p.tiltDiscarded}`,
  );
  lines.push(zerosText(view));
  return lines;
}

/** The file letters, then one row per rank with each point's load in it. */
function gridLines(view: MonitorView): string[] {
  const width = 9;
  const { grid } = view.hardware;
  const cellOfPoint = cellOfPointTable(view.hardware, view.wellCells);
  const lines = [`    ${Array.from({ length: grid.files }, (_, f) => pad(String.fromCharCode(97 + f), width)).join('')}`];
  for (let rank = grid.ranks - 1; rank >= 0; rank--) {
    const row: string[] = [];
    for (let file = 0; file < grid.files; file++) {
      const point = pointAt(grid, file, rank);
      const cell = point === undefined ? undefined : cellOfPoint.get(point);
      row.push(pad(show(cell === undefined ? undefined : view.values[cell], view.unit), width));
    }
    lines.push(`  ${rank + 1} ${row.join('')}`);
  }
  return lines;
}

function zerosText(view: MonitorView): string {
  if (!view.zeros) return 'zero tracking: needs a calibration';
  const name = (cell: number) => cellName(view.hardware, view.wellCells, cell);
  const signed = (g: number) => `${g >= 0 ? '+' : '−'}${Math.abs(g).toFixed(1)} g`;
  const largest = view.zeros.largest.map((z) => `${name(z.cell)} ${signed(z.offsetG)}`).join(' · ');
  const drifted = view.zeros.drifted.length > 0 ? ` · DRIFTED, recalibrate: ${view.zeros.drifted.map(name).join(', ')}` : '';
  return `zero tracking: largest offsets ${largest}${drifted}`;
}

/** What a monitor run shows, and where. */
export interface MonitorRun {
  readonly link: BoardLink;
  readonly hardware: HardwareProfile;
  /** Sensing's setup for this board with a calibration, as the board's game gives it. */
  readonly sensingFor: (calibration: Calibration) => SensingSetup;
  readonly calibrationFor: (hello: Hello) => Calibration | undefined;
  readonly io: CliIo;
  /** Redraw in place (ANSI) instead of printing blocks. */
  readonly tty: boolean;
  readonly write: (text: string) => void;
  readonly redrawMs: number;
}

/** Runs the display until `until` resolves; the link must be started by the caller. */
export async function runMonitor(s: MonitorRun, until: Promise<unknown>): Promise<void> {
  let latest: Frame | undefined;
  let baseline: Int32Array | undefined;
  let tilt: Tilt | undefined;
  let calibration: Calibration | undefined;
  // Sensing, to show its zero tracking; started afresh with each boot and calibration.
  let sensing: SensingState | undefined;
  let framesAtLastDraw = 0;
  let lastDrawAt = Date.now();
  let drawnLines = 0;
  // The link configures 80 frames/s unless told otherwise, as sensing assumes.
  const plausible = createPlausibility<Frame | TiltEvent>();
  const take = (released: readonly Release<Frame | TiltEvent>[]): void => {
    for (const r of released) {
      if (r.fate !== 'deliver') continue;
      if (r.item.type === 'tilt') {
        tilt = r.item.tilt;
        if (sensing) stepSensing(sensing, { type: 'tilt', ms: r.item.ms, tilt: r.item.tilt }, Date.now());
        continue;
      }
      latest = r.item;
      tilt = r.tilt ?? r.item.tilt;
      baseline ??= Int32Array.from(r.item.cells);
      if (sensing) stepSensing(sensing, r.tilt ? { ...r.item, tilt: r.tilt } : r.item, Date.now());
    }
  };
  const offs = [
    s.link.on('frame', (f) => take(admitLine(plausible, f, f))),
    s.link.on('tilt', (t) => take(admitLine(plausible, t, t))),
    s.link.on('reboot', () => {
      take(endBoot(plausible));
      sensing = calibration ? startSensing(s.sensingFor, calibration) : undefined;
    }),
    s.link.on('gap', (g) => {
      if (sensing) stepSensing(sensing, { type: 'gap', missing: g.lostLines ?? 1 }, Date.now());
    }),
    s.link.on('state', (st) => {
      if (st.state !== 'ready') return;
      calibration = s.calibrationFor(st.hello);
      if (!calibration) baseline = undefined;
      sensing =
        calibration && calibration.cells.length === st.hello.wellCells + st.hello.pivotCells
          ? startSensing(s.sensingFor, calibration)
          : undefined;
    }),
  ];
  const draw = (): void => {
    const now = Date.now();
    const counters = s.link.counters();
    const fps = now > lastDrawAt ? ((counters.frames - framesAtLastDraw) * 1000) / (now - lastDrawAt) : 0;
    framesAtLastDraw = counters.frames;
    lastDrawAt = now;
    const hello = s.link.hello;
    const n = hello ? hello.wellCells + hello.pivotCells : 0;
    let values: ArrayLike<number> = new Float64Array(n).fill(NaN);
    if (latest && calibration) values = frameToGrams(latest, calibration);
    else if (latest) {
      const v = Float64Array.from(latest.cells, (x, i) => x - (baseline?.[i] ?? x));
      for (const cell of latest.stale) v[cell] = NaN;
      values = v;
    }
    const lines = renderMonitor({
      values,
      unit: calibration ? 'g' : 'counts',
      hardware: s.hardware,
      wellCells: hello?.wellCells ?? 0,
      tilt,
      state: s.link.state,
      framesPerSecond: fps,
      counters,
      plausibility: { ...plausible.counters },
      hello,
      ...(sensing ? { zeros: { largest: largestZeros(sensing.zeros, ZEROS_SHOWN), drifted: driftedCells(sensing.zeros) } } : {}),
    });
    if (s.tty) {
      // Back to the top of the previous drawing, then overwrite it line by line.
      s.write(`${drawnLines > 0 ? `\x1b[${drawnLines}A` : ''}${lines.map((l) => `\x1b[2K${l}`).join('\n')}\n`);
      drawnLines = lines.length;
    } else {
      for (const l of lines) s.io.out(l);
      s.io.out('');
    }
  };
  const timer = setInterval(draw, s.redrawMs);
  try {
    await until;
  } finally {
    clearInterval(timer);
    for (const off of offs) off();
  }
  draw();
}

/** Sensing for the display; undefined when the profile and calibration do not fit together. */
function startSensing(sensingFor: MonitorRun['sensingFor'], calibration: Calibration): SensingState | undefined {
  try {
    return createSensingState(sensingFor(calibration));
  } catch {
    return undefined;
  }
}

export async function monitorCommand(args: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...boardOptionSpecs,
    ...rulesOptionSpecs,
    'calibration-dir': { type: 'string' },
    duration: { type: 'string' },
  });
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('monitor', BUILT_IN_RULESETS)}`);
  const ruleset = readRuleset(values.rules);
  const duration = parseDurationSeconds(values.duration);
  if (!duration.ok) throw new UsageError(duration.error);
  const calibrationDir = resolveCalibrationDir(values['calibration-dir']);
  checkDirectory(calibrationDir, 'calibration directory', 'read');
  const board = await openBoardFor(values, deps, { ruleset });
  const { waitForEnd } = await import('../../app/open-board.ts');
  try {
    // The game read this very profile to open the board, so reading it again cannot fail but by a bug.
    const setup = ruleset.boardProfile(board.file.profile);
    if (!setup.ok) throw new Error(`${board.file.name}: ${setup.error}`);
    const store = new CalibrationStore(calibrationDir);
    const tty = process.stdout.isTTY === true;
    const calibrationFor = (hello: Hello): Calibration | undefined => {
      const loaded = store.load(hello.boardId, { cellCount: hello.wellCells + hello.pivotCells });
      if (loaded.ok) return loaded.value;
      if (loaded.error.code !== 'NotFound') io.err(`ignoring the calibration: ${loaded.error.message}`);
      return undefined;
    };
    const offFail = board.link.on('state', (st) => st.state === 'failed' && io.err(`link failed: ${st.message}`));
    board.link.start();
    const end = waitForEnd(board.link, duration.value);
    await runMonitor(
      {
        link: board.link,
        hardware: board.file.hardware,
        sensingFor: (calibration) => setup.value.sensing(calibration),
        calibrationFor,
        io,
        tty,
        write: (t) => process.stdout.write(t),
        redrawMs: tty ? 100 : 1000,
      },
      end,
    );
    offFail();
    const reason = await end;
    return reason === 'failed' ? EXIT_FAILURE : EXIT_OK;
  } finally {
    await board.close();
  }
}
