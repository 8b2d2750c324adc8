// One damaged line that passes the CRC must not decide a game. A real session (simulated
// board, serial link, the whole app) is recorded once: ten moves, the last of which crashes
// the board. Its raw lines are refereed again with one genuine line replaced by a damaged
// copy of the same sequence number, re-sealed with the codec so its CRC is right, as a
// corrupted line that slips past the CRC would be. The verdicts must be those of the clean
// lines, to the millisecond.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJournal, type JournalContents } from '../../src/journal/journal.ts';
import { RefereePipeline } from '../../src/pipeline/referee-pipeline.ts';
import { journalReferee } from '../../src/journal/resume.ts';
import { SENRYAKU } from '../../src/games/senryaku/index.ts';
import { simScript } from '../../src/hardware/sim/index.ts';
import { formatFrame, formatTiltEvent, parseBoardLine, type Frame, type TiltEvent } from '../../src/protocol/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { parseCalibrationText } from '../../src/sensing/calibration.ts';
import { emptyPlausibilityCounters, type PlausibilityCounters } from '../../src/sensing/index.ts';
import { Session, calibrationForSeed, fakeTimers, simBoard } from './harness.ts';

/** Every black sphere on rank 6 of a lopsided board; the tenth move, a2-b1, tips it toward White as it lands. */
const POSITION = 'bb1B3/7/7/7/7/wwwW3 w - -';
const MOVES = ['d1-d2', 'd6-c5', 'c1-d1', 'c5-b4', 'b1-b2', 'b4-b3', 'd1-c1', 'b3-a2', 'd2-e2', 'a2-b1'];

interface RawLine {
  readonly t: number;
  readonly line: string;
}

let journal: JournalContents;
let lines: RawLine[];
let live: Verdict[];

beforeAll(async () => {
  const calibration = await calibrationForSeed();
  const clock = fakeTimers();
  const board = simBoard(POSITION);
  try {
    const s = await Session.start({
      calibration,
      clock,
      board,
      firstPosition: POSITION,
      journalDir: mkdtempSync(join(tmpdir(), 'senryaku-damaged-')),
    });
    await s.next('game-started');
    for (const move of MOVES) {
      const [from, to] = move.split('-') as [string, string];
      s.act(simScript().lift(from, { afterMs: 300 }).place(to, { afterMs: 500 }));
      await s.next(move === 'a2-b1' ? 'crash' : 'move');
    }
    await s.next('game-over');
    await s.run(1000);
    await s.stop();
    live = s.verdicts;
    const read = readJournal(s.app.journalPath);
    if (!read.ok) throw new Error(read.error.message);
    journal = read.value;
  } finally {
    board.dispose();
    clock.restore();
  }
  lines = journal.records.flatMap((r) => (r.kind === 'line' && r.dir === 'in' ? [{ t: r.t, line: r.line }] : []));
}, 60_000);

function referee(raw: readonly RawLine[]): { verdicts: Verdict[]; counters: PlausibilityCounters | undefined } {
  const calibration = parseCalibrationText(journal.header.calibration);
  if (!calibration.ok) throw new Error('calibration');
  // The journal's own game, referee and board, as replay finds them.
  const referee = journalReferee(journal.header, SENRYAKU);
  const board = SENRYAKU.boardProfile(journal.header.profile);
  if (!referee.ok || !board.ok) throw new Error('journal header');
  const pipeline = new RefereePipeline({ sensing: board.value.sensing(calibration.value), referee: referee.value });
  const verdicts: Verdict[] = [];
  for (const { t, line } of raw) verdicts.push(...pipeline.feed(line, t).verdicts);
  return { verdicts, counters: (pipeline as { plausibility?: PlausibilityCounters }).plausibility };
}

const decode = (line: string) => {
  const parsed = parseBoardLine(line, { cellCount: 44 });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

/** Index of the first FRAME line at or after board time `ms`. */
function frameAt(ms: number): number {
  const i = lines.findIndex(({ line }) => {
    if (!line.startsWith('FRAME ')) return false;
    const m = decode(line);
    return m.type === 'frame' && m.ms >= ms;
  });
  if (i < 0) throw new Error(`no frame at ${ms}`);
  return i;
}

/** The lines with line `i` (a FRAME) replaced by a damaged copy of the same seq. */
function damaged(i: number, damage: (f: Frame) => string): RawLine[] {
  const f = decode(lines[i]!.line);
  if (f.type !== 'frame') throw new Error('not a frame');
  const copy = damage(f);
  expect(parseBoardLine(copy, { cellCount: 44 }).ok).toBe(true); // valid CRC, valid fields
  return lines.map((l, j) => (j === i ? { t: l.t, line: copy } : l));
}

/**
 * The referee's clock is the session's: the board's time line is placed at the receive time of
 * its first frame. Board ms of a time on the referee's clock, and back.
 */
const firstFrame = (): { ms: number; t: number } => {
  const l = lines.find(({ line }) => line.startsWith('FRAME '))!;
  return { ms: (decode(l.line) as Frame).ms, t: l.t };
};
const boardMsOf = (refereeMs: number): number => firstFrame().ms + (refereeMs - firstFrame().t);
const refereeMsOf = (boardMs: number): number => firstFrame().t + (boardMs - firstFrame().ms);

/** A quiet moment in play (board ms): 150 ms after the fourth move was judged, the next lift 150 ms away. */
const quietMs = (): number => {
  const moves = live.filter((v) => v.type === 'move');
  return boardMsOf((moves[3]?.atMs ?? NaN) + 150);
};

const counters = (c: Partial<PlausibilityCounters>): PlausibilityCounters => ({ ...emptyPlausibilityCounters(), ...c });

describe('end to end: a damaged line that passes the CRC does not change a verdict', { timeout: 60_000 }, () => {
  it('the session: ten moves judged, then a crash on the placement of a2-b1; the clean lines replay to the live verdicts', () => {
    expect(live.filter((v) => v.type === 'move').map((v) => v.type === 'move' && v.move)).toEqual(MOVES.slice(0, 9));
    expect(live.find((v) => v.type === 'crash')).toEqual({
      type: 'crash',
      atMs: expect.any(Number),
      loser: 'black',
      toward: 'white',
      during: 'place',
    });
    const clean = referee(lines);
    expect(clean.verdicts).toEqual(live);
    // The one real tilt change was held for its second line; nothing else was touched.
    expect(clean.counters).toEqual(counters({ tiltHeld: 1 }));
  });

  it('the real crash is judged at its usual time: the first frame 300 ms after the TILT line that showed the tip', () => {
    const tip = lines.map(({ line }) => line).find((l) => l.startsWith('TILT '));
    const tilt = decode(tip ?? '') as TiltEvent;
    expect(tilt.tilt).toEqual({ white: true, black: false });
    const judgedAt = decode(lines[frameAt(tilt.ms + 300)]!.line) as Frame;
    const crash = referee(lines).verdicts.find((v) => v.type === 'crash');
    expect(crash).toEqual({ type: 'crash', atMs: refereeMsOf(judgedAt.ms), loser: 'black', toward: 'white', during: 'place' });
  });

  it('(a) a FRAME whose time jumps 60 s ahead of the host clock is refused: same verdicts', () => {
    const clean = referee(lines).verdicts;
    const out = referee(damaged(frameAt(quietMs()), (f) => formatFrame({ ...f, ms: (f.ms + 60_000) >>> 0 })));
    expect(out.verdicts).toEqual(clean);
    expect(out.counters).toEqual(counters({ aheadOfHost: 1, timeDiscarded: 1, tiltHeld: 1 }));
  });

  it('(a2) a FRAME 0.4 s ahead (the host clock allows it) is held, then discarded: same verdicts', () => {
    const clean = referee(lines).verdicts;
    const out = referee(damaged(frameAt(quietMs()), (f) => formatFrame({ ...f, ms: (f.ms + 400) >>> 0 })));
    expect(out.verdicts).toEqual(clean);
    expect(out.counters).toEqual(counters({ timeHeld: 1, timeDiscarded: 1, tiltHeld: 1 }));
  });

  it('(b) one FRAME with a tilt bit flipped: the change is not confirmed, same verdicts', () => {
    const clean = referee(lines).verdicts;
    const out = referee(damaged(frameAt(quietMs()), (f) => formatFrame({ ...f, tilt: { ...f.tilt, white: !f.tilt.white } })));
    expect(out.verdicts).toEqual(clean);
    expect(out.counters).toEqual(counters({ tiltHeld: 2, tiltDiscarded: 1 }));
  });

  it('(c) a spurious TILT line (a FRAME damaged into one): dropped when the next frame is level, same verdicts', () => {
    const clean = referee(lines).verdicts;
    const out = referee(
      damaged(frameAt(quietMs()), (f) => formatTiltEvent({ type: 'tilt', seq: f.seq, ms: f.ms, tilt: { white: true, black: false } })),
    );
    expect(out.verdicts).toEqual(clean);
    expect(out.counters).toEqual(counters({ tiltHeld: 2, tiltDiscarded: 1 }));
  });
});
