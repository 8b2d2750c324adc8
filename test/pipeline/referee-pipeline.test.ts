// The pipeline on hand-made lines: the board's own protocol, formatted with the codec.
import { describe, expect, it } from 'vitest';
import { hardwareOf } from '../../src/games/senryaku/board.ts';
import { RefereePipeline } from '../../src/pipeline/referee-pipeline.ts';
import { BoardLineDecoder, formatFrame, formatHello, type Hello } from '../../src/protocol/index.ts';
import { DEFAULT_REFEREE_SETTINGS, senryakuReferee } from '../../src/games/senryaku/referee.ts';
import { DEFAULT_PROFILE, type BoardProfile } from '../../src/games/senryaku/rules/profile.ts';
import { START_SPN, parseSpn } from '../../src/games/senryaku/rules/spn.ts';
import { nominalCalibration } from '../../src/sensing/calibration.ts';
import { sensingSetupOf } from '../../src/games/senryaku/board.ts';

const profile: BoardProfile = { ...DEFAULT_PROFILE, boardMass: 720, sphereMass: { w: 60, W: 60, b: 60, B: 60 }, massUnit: 'g' };
const calibration = nominalCalibration(hardwareOf(profile), 0x2a);
const hello = (bootId: number, seq = 0): Hello => ({
  type: 'hello',
  seq,
  protocolVersion: 1,
  firmwareVersion: '1.0.0',
  boardId: 0x2a,
  bootId,
  wellCells: 42,
  pivotCells: 2,
  sampleRateHz: 80,
  tiltFitted: { white: true, black: true },
  ledCount: 0,
});

/** A frame of the start position: 60 g per sphere at the nominal scale, pivots carrying everything, with a little noise. */
function startFrame(seq: number, msFloat: number, tipped = false): string {
  const ms = Math.round(msFloat);
  const start = parseSpn(START_SPN);
  if (!start.ok) throw new Error('start');
  const cells = new Int32Array(44);
  for (let w = 0; w < 42; w++) cells[w] = start.value.board[w] ? Math.round(60 * (calibration.cells[w]?.countsPerGram ?? 1)) : 0;
  const pivotG = (720 + 14 * 60) / 2;
  cells[42] = Math.round(pivotG * (calibration.cells[42]?.countsPerGram ?? 1));
  cells[43] = cells[42]!;
  // Real HX711s never repeat a reading exactly (sensing calls a bit-identical cell stuck).
  for (let c = 0; c < 44; c++) cells[c] = cells[c]! + ((seq + c) % 3) - 1;
  return formatFrame({ type: 'frame', seq, ms, tilt: { white: tipped, black: false }, stale: [], cells });
}

const pipeline = () =>
  new RefereePipeline({
    sensing: sensingSetupOf(profile, calibration),
    referee: senryakuReferee({ ...DEFAULT_REFEREE_SETTINGS, profile }),
  });

describe('referee pipeline', () => {
  it('holds back start-up events, then starts the game from one snapshot of the settled board', () => {
    const p = pipeline();
    expect(p.feed(formatHello(hello(1)), 0).verdicts).toEqual([]);
    const verdicts = [];
    for (let i = 1; i <= 60; i++) verdicts.push(...p.feed(startFrame(i, i * 12.5), i * 12.5).verdicts);
    expect(verdicts.map((v) => v.type)).toEqual(['setup', 'game-started']);
  });

  it('takes a line the link decoded as it is, and gives what decoding the text would', () => {
    const link = new BoardLineDecoder();
    const own = pipeline();
    const given = pipeline();
    const lines = [formatHello(hello(1)), ...Array.from({ length: 60 }, (_, i) => startFrame(i + 1, (i + 1) * 12.5))];
    for (const [i, line] of lines.entries()) expect(given.feed(line, i * 12.5, link.decode(line))).toEqual(own.feed(line, i * 12.5));
    expect(given.state).toEqual(own.state);
  });

  it('a HELLO of the same boot is a line in sequence, not a gap; a bad line is counted, never thrown', () => {
    const p = pipeline();
    p.feed(formatHello(hello(1)), 0);
    for (let i = 1; i <= 50; i++) p.feed(startFrame(i, i * 12.5), i * 12.5);
    const again = p.feed(formatHello(hello(1, 51)), 700);
    expect(again.sensing).toEqual([]);
    const next = p.feed(startFrame(52, 51 * 12.5), 712.5); // the board's clock: the next sampling period
    expect(next.sensing.map((e) => e.type)).not.toContain('frames-missing');
    const bad = p.feed('FRAME 0035 garbage*0000', 725);
    expect(bad.lineError).toMatch(/^BADCRC/);
  });

  it('drops a frame that is not newer than the last one (repeats after a reconnect)', () => {
    const p = pipeline();
    p.feed(formatHello(hello(1)), 0);
    for (let i = 1; i <= 50; i++) p.feed(startFrame(i, i * 12.5), 0);
    const repeat = p.feed(startFrame(51, 50 * 12.5), 0);
    expect(repeat).toEqual({ sensing: [], inputs: [], verdicts: [] });
  });

  it('a frame whose time jumps 60 s ahead of the host clock is refused and said: the frames after it still count', () => {
    const p = pipeline();
    p.feed(formatHello(hello(1)), 0);
    for (let i = 1; i <= 60; i++) p.feed(startFrame(i, i * 12.5), i * 12.5);
    const jump = p.feed(startFrame(61, 61 * 12.5 + 60_000), 61 * 12.5);
    expect(jump).toMatchObject({ sensing: [], inputs: [], verdicts: [] });
    expect(jump.notes).toEqual([expect.stringMatching(/runs 1 min 0 s ahead of the host's clock.*refused/)]);
    const after = [];
    for (let i = 62; i <= 70; i++) after.push(...p.feed(startFrame(i, i * 12.5), i * 12.5).sensing);
    // The refused frame is gone: sensing sees one frame missing, then the stream goes on.
    expect(after.map((e) => e.type)).toEqual(['frames-missing', 'frames-resumed']);
    expect(p.plausibility).toMatchObject({ aheadOfHost: 1, timeHeld: 0, timeDiscarded: 1, jumpsAccepted: 0 });
  });

  it('one frame with a tilt bit flipped is no tip; two frames in a row are, at the first one’s time', () => {
    const p = pipeline();
    const t = (i: number): number => Math.round(i * 12.5); // received as stamped: the referee's clock is the board's here
    p.feed(formatHello(hello(1)), 0);
    for (let i = 1; i <= 60; i++) p.feed(startFrame(i, i * 12.5), t(i));
    const inputs = [];
    inputs.push(...p.feed(startFrame(61, 61 * 12.5, true), t(61)).inputs);
    for (let i = 62; i <= 70; i++) inputs.push(...p.feed(startFrame(i, i * 12.5), t(i)).inputs);
    expect(inputs.filter((x) => x.type === 'tipped')).toEqual([]);
    expect(p.plausibility).toMatchObject({ tiltHeld: 1, tiltDiscarded: 1 });
    expect(p.feed(startFrame(71, 71 * 12.5, true), t(71)).inputs).toEqual([]);
    const tipped = p.feed(startFrame(72, 72 * 12.5, true), t(72)).inputs.filter((x) => x.type === 'tipped');
    expect(tipped).toEqual([{ type: 'tipped', toward: 'white', atMs: Math.round(71 * 12.5) }]);
  });

  it('a new boot restarts sensing; the referee’s clock is the session’s, whatever the boards’ clocks say', () => {
    const p = pipeline();
    p.feed(formatHello(hello(1)), 0);
    // The first boot's clock says 100 s: the session has run for 0.75 s.
    const before = [];
    for (let i = 1; i <= 60; i++) before.push(...p.feed(startFrame(i, 100_000 + i * 12.5), i * 12.5).inputs);
    const lastBefore = Math.max(...before.map((x) => x.atMs));
    expect(lastBefore).toBeLessThanOrEqual(60 * 12.5 + 1);
    p.feed(formatHello(hello(2)), 1000);
    const out = [];
    for (let i = 1; i <= 60; i++) out.push(...p.feed(startFrame(i, i * 12.5), 1000 + i * 12.5).inputs);
    // After the reboot the board as found comes as a snapshot, dated on the session's clock,
    // after everything before it, and saying since when the board was not heard.
    const snapshot = out.find((x) => x.type === 'snapshot');
    expect(snapshot?.atMs).toBeGreaterThan(lastBefore);
    expect(snapshot?.atMs).toBeGreaterThanOrEqual(1000 + 39 * 12.5);
    expect(snapshot?.atMs).toBeLessThanOrEqual(1000 + 60 * 12.5 + 1);
    expect(snapshot).toMatchObject({ unheardSinceMs: expect.any(Number) });
  });
});
