/**
 * `senryaku monitor --port PATH | --sim`: the live 7×6 grid of well loads (grams when the
 * board has a calibration, else raw counts relative to the first frame), the pivots, the
 * tilt switches, the link's health and what the plausibility step held back or dropped.
 * Frames and tilt events go through the same plausibility step as the referee's
 * (`src/sensing/plausibility.ts`), so the grid and the tilt shown are what sensing would
 * get. With a calibration the frames also run through sensing, whose zero tracking
 * (`src/sensing/zero-tracker.ts`) is shown: the largest tracked offsets, per cell in grams,
 * and the cells whose zero has drifted too far (recalibrate them). Redrawn in place on a
 * terminal; on a pipe, one plain block per second.
 */
import { CalibrationStore, resolveCalibrationDir } from '../../app/calibration-store.ts';
import { boardOptionSpecs, parseDurationSeconds, waitForEnd } from '../../app/open-board.ts';
import { senryakuProfileOf, sensingSetupOf } from '../../rulesets/senryaku-board.ts';
import type { Frame, Hello, Tilt, TiltEvent } from '../../protocol/index.ts';
import type { BoardLink, LinkCounters, LinkState } from '../../hardware/link/index.ts';
import type { SenryakuBoardProfile as BoardProfile } from '../../rulesets/senryaku-board.ts';
import { FILES, RANKS, wellAt, wellName } from '../../rules/senryaku/types.ts';
import { frameToGrams, type Calibration } from '../../sensing/calibration.ts';
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
import { usageOf } from '../usage.ts';

export interface MonitorView {
  /** Per cell index: grams (calibrated) or counts (relative); NaN = stale. */
  readonly values: ArrayLike<number>;
  readonly unit: 'g' | 'counts';
  readonly profile: BoardProfile;
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

/** Which cell reads which well: the profile's map, else cell i = well i. */
const cellOfWellTable = (profile: BoardProfile, wellCells: number): Map<number, number> => {
  const map = new Map<number, number>();
  const wells = profile.cells?.wells;
  for (let cell = 0; cell < wellCells; cell++) map.set(wells?.[cell] ?? cell, cell);
  return map;
};

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

/** The screen as lines: grid (rank 6 on top, as seen from White's side), pivots, tilt, health. */
export function renderMonitor(view: MonitorView): string[] {
  const width = 9;
  const cellOfWell = cellOfWellTable(view.profile, view.wellCells);
  const lines: string[] = [];
  const board = view.hello ? `board ${view.hello.boardId.toString(16).toUpperCase().padStart(8, '0')}` : 'no board yet';
  lines.push(`${board} · loads in ${view.unit === 'g' ? 'grams' : 'raw counts relative to the first frame (no calibration)'}`);
  lines.push(`    ${Array.from({ length: FILES }, (_, f) => pad(String.fromCharCode(97 + f), width)).join('')}`);
  for (let rank = RANKS - 1; rank >= 0; rank--) {
    const row: string[] = [];
    for (let file = 0; file < FILES; file++) {
      const well = wellAt(file, rank);
      const cell = well === undefined ? undefined : cellOfWell.get(well);
      row.push(pad(show(cell === undefined ? undefined : view.values[cell], view.unit), width));
    }
    lines.push(`  ${rank + 1} ${row.join('')}`);
  }
  const pivotNames = view.profile.cells?.pivots ?? [];
  const pivots: string[] = [];
  for (let cell = view.wellCells; cell < view.values.length; cell++) {
    pivots.push(`${pivotNames[cell - view.wellCells] ?? `pivot ${cell - view.wellCells}`} ${show(view.values[cell], view.unit)}`);
  }
  lines.push(`pivots: ${pivots.length > 0 ? pivots.join(' · ') : 'none'}`);
  lines.push(`tilt: ${tiltText(view.tilt)}`);
  const c = view.counters;
  lines.push(
    `link ${view.state} · ${view.framesPerSecond.toFixed(1)} frames/s · CRC errors ${c.crcErrors} · lines lost ${c.linesLost} (${c.gaps} gaps) · ` +
      `reconnects ${c.reconnects} · reboots ${c.reboots}`,
  );
  const p = view.plausibility;
  lines.push(
    `plausibility: frames held ${p.timeHeld} · dropped for their time ${p.timeDiscarded} · jumps accepted ${p.jumpsAccepted} · ` +
      `tilt changes held ${p.tiltHeld} · unconfirmed ${p.tiltDiscarded}`,
  );
  lines.push(zerosText(view));
  return lines;
}

/** A cell by what it weighs: its well (`d3`) or its pivot's name. */
const cellName = (profile: BoardProfile, wellCells: number, cell: number): string =>
  cell < wellCells
    ? wellName(profile.cells?.wells[cell] ?? cell)
    : (profile.cells?.pivots[cell - wellCells] ?? `pivot ${cell - wellCells}`);

function zerosText(view: MonitorView): string {
  if (!view.zeros) return 'zero tracking: needs a calibration';
  const name = (cell: number) => cellName(view.profile, view.wellCells, cell);
  const signed = (g: number) => `${g >= 0 ? '+' : '−'}${Math.abs(g).toFixed(1)} g`;
  const largest = view.zeros.largest.map((z) => `${name(z.cell)} ${signed(z.offsetG)}`).join(' · ');
  const drifted = view.zeros.drifted.length > 0 ? ` · DRIFTED, recalibrate: ${view.zeros.drifted.map(name).join(', ')}` : '';
  return `zero tracking: largest offsets ${largest}${drifted}`;
}

export interface MonitorSession {
  readonly link: BoardLink;
  readonly profile: BoardProfile;
  readonly calibrationFor: (hello: Hello) => Calibration | undefined;
  readonly io: CliIo;
  /** Redraw in place (ANSI) instead of printing blocks. */
  readonly tty: boolean;
  readonly write: (text: string) => void;
  readonly redrawMs: number;
}

/** Runs the display until `until` resolves; the link must be started by the caller. */
export async function runMonitor(s: MonitorSession, until: Promise<unknown>): Promise<void> {
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
      sensing = calibration ? startSensing(s.profile, calibration) : undefined;
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
          ? startSensing(s.profile, calibration)
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
      profile: s.profile,
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
function startSensing(profile: BoardProfile, calibration: Calibration): SensingState | undefined {
  try {
    return createSensingState(sensingSetupOf(profile, calibration));
  } catch {
    return undefined;
  }
}

export async function monitorCommand(args: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    ...boardOptionSpecs,
    'calibration-dir': { type: 'string' },
    duration: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'; usage: ${usageOf('monitor')}`);
  const duration = parseDurationSeconds(values.duration);
  if (!duration.ok) throw new UsageError(duration.error);
  const calibrationDir = resolveCalibrationDir(values['calibration-dir']);
  checkDirectory(calibrationDir, 'calibration directory', 'read');
  const board = await openBoardFor(values, deps);
  try {
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
        profile: senryakuProfileOf(board.file),
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
