// The referee stack serves a game it was not written for: a toy 3×3 game ("Corners",
// test/rulesets/toy.ts) on a 3×3 board of nine load cells without pivots or tilt switches,
// through the real pipeline (board lines → decode → plausibility → sensing → referee), and
// through the app, its journal and replay, registered beside the built-in games.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../src/journal/journal.ts';
import { RefereeApp } from '../../src/app/referee-app.ts';
import { RefereePipeline } from '../../src/pipeline/referee-pipeline.ts';
import { replayJournal } from '../../src/journal/replay.ts';
import { FakeBoardLink } from '../support/fake-board-link.ts';
import { BUILT_IN_RULESETS } from '../../src/games/registry.ts';
import { ManualScheduler } from '../../src/util/scheduler.ts';
import { NO_TILT, inOrderCells, type HardwareProfile } from '../../src/board/profile.ts';
import { formatFrame, formatHello } from '../../src/protocol/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { SynthBoard } from '../sensing/synth.ts';
import { CORNERS, CORNERS_PROFILE, CORNERS_START, cornersReferee } from '../rulesets/toy.ts';

const GRID = { files: 3, ranks: 3 };
const THREE: HardwareProfile = {
  name: 'three-by-three',
  description: 'nine load cells, nothing else',
  grid: GRID,
  cells: inOrderCells(GRID),
  tilt: NO_TILT,
  pitch: 40,
  lengthUnit: 'mm',
};
const GAME = { pieceMassesG: { w: 50, b: 50 }, boardMassG: 0 };

/** Plays `actions` (one every second) on the board; every line goes through the pipeline. */
function play(seed: number, actions: readonly ((b: SynthBoard) => void)[]): { verdicts: Verdict[]; pipeline: RefereePipeline<unknown> } {
  const board = new SynthBoard(seed, { hardware: THREE, game: GAME });
  board.put(0, 'w');
  board.put(8, 'b');
  const pipeline = new RefereePipeline<unknown>({ sensing: board.setup(), referee: cornersReferee() });
  const verdicts: Verdict[] = [];
  let seq = 0;
  const feed = (line: string): void => void verdicts.push(...pipeline.feed(line, board.t).verdicts);
  feed(
    formatHello({
      type: 'hello',
      seq: seq++,
      protocolVersion: 1,
      firmwareVersion: '1.0.0',
      boardId: 42,
      bootId: 7,
      wellCells: 9,
      pivotCells: 0,
      sampleRateHz: 80,
      tiltFitted: NO_TILT,
      ledCount: 0,
    }),
  );
  const run = (ms: number): void => {
    const until = board.t + ms;
    while (board.t < until) feed(formatFrame({ ...board.next(), seq: seq++ & 0xffff }));
  };
  run(1500);
  for (const act of actions) {
    act(board);
    run(1000);
  }
  return { verdicts, pipeline };
}

describe('a game that is not Senryaku, on a board without pivots or tilt switches', () => {
  it.each([1, 2, 3])('is refereed move by move, to its end, by the real pipeline (seed %i)', (seed) => {
    const { verdicts, pipeline } = play(seed, [
      (b) => b.lift(0), // White lifts a1
      (b) => b.place(4, 'w'), // ... to b2
      (b) => b.lift(8), // Black lifts c3
      (b) => b.place(7, 'b'), // ... to b3
      (b) => b.lift(4), // White lifts b2
      (b) => b.place(8, 'w'), // ... to c3, Black's corner: White wins
    ]);
    expect(verdicts.map((v) => v.type)).toEqual(['game-started', 'lifted', 'move', 'lifted', 'move', 'lifted', 'move', 'game-over']);
    expect(verdicts[0]).toMatchObject({ position: CORNERS_START });
    expect(verdicts.filter((v) => v.type === 'move').map((v) => v.type === 'move' && v.move)).toEqual(['a1-b2', 'c3-b3', 'b2-c3']);
    expect(verdicts.at(-1)).toMatchObject({ type: 'game-over', winner: 'white', reason: 'corner' });
    expect(pipeline.refereeSnapshot()).toMatchObject({ phase: 'game-over', position: '.......bw b' });
  });

  it('calls its own foul and hears the board put right', () => {
    const { verdicts } = play(4, [(b) => b.lift(8), (b) => b.place(8, 'b')]);
    expect(verdicts.slice(1)).toMatchObject([
      { type: 'foul', code: 'NotYourSphere', side: 'white', restore: [{ action: 'put-back', well: 'c3' }] },
      { type: 'restored', side: 'white', position: CORNERS_START },
    ]);
  });
});

describe('a game that is not Senryaku, through the app, its journal and replay', () => {
  const registry = BUILT_IN_RULESETS.with(CORNERS);
  const HELLO = (bootId: number) =>
    formatHello({
      type: 'hello',
      seq: 0,
      protocolVersion: 1,
      firmwareVersion: '1.0.0',
      boardId: 42,
      bootId,
      wellCells: 9,
      pivotCells: 0,
      sampleRateHz: 80,
      tiltFitted: NO_TILT,
      ledCount: 0,
    });

  /** One session of the real app (journal, pipeline, referee service, bus) on a hand-driven link. */
  async function session(
    board: SynthBoard,
    bootId: number,
    journal: { dir: string } | { resume: string },
    actions: readonly ((b: SynthBoard) => void)[],
  ) {
    const link = new FakeBoardLink();
    const scheduler = new ManualScheduler(board.t);
    const app = new RefereeApp({
      board: { link, description: 'a 3×3 test board', close: () => link.stop() },
      calibration: board.calibration,
      game: { ruleset: CORNERS, settings: {}, profile: CORNERS_PROFILE },
      players: { A: 'A', B: 'B' },
      journalDir: 'dir' in journal ? journal.dir : '',
      ...('resume' in journal ? { resume: { path: journal.resume } } : {}),
      io: { out: () => {}, err: () => {} },
      json: false,
      scoreboard: 'none',
      source: { kind: 'sim', seed: 1 },
      scheduler,
    });
    const verdicts: Verdict[] = [];
    const logged: { matchId: string; seq: number }[] = [];
    app.bus.on('verdict', verdicts, (v) => verdicts.push(v));
    app.bus.on('logged', logged, ({ matchId, seq }) => logged.push({ matchId, seq }));
    await app.start();
    let seq = 0;
    const emit = (line: string): void => link.emitLine({ direction: 'in', line, atMs: board.t });
    emit(HELLO(bootId));
    seq++;
    const run = (ms: number): void => {
      const until = board.t + ms;
      while (board.t < until) emit(formatFrame({ ...board.next(), seq: seq++ & 0xffff }));
    };
    run(1500);
    for (const act of actions) {
      act(board);
      run(1000);
    }
    const snapshot = app.snapshot();
    await app.stop();
    return { verdicts, logged, path: app.journalPath, snapshot };
  }

  it('journals the match under its own ruleset, and replay (two sessions) gives back every verdict', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corners-journal-'));
    const board = new SynthBoard(5, { hardware: THREE, game: GAME });
    board.put(0, 'w');
    board.put(8, 'b');
    const first = await session(board, 7, { dir }, [(b) => b.lift(0), (b) => b.place(4, 'w'), (b) => b.lift(8), (b) => b.place(7, 'b')]);
    expect(first.snapshot).toMatchObject({ ruleset: 'corners', phase: 'play', position: '....w..b. w' });

    // The host restarts mid-match: a new boot of the board, a new session in the same journal.
    const second = await session(board, 8, { resume: first.path }, [(b) => b.lift(4), (b) => b.place(8, 'w')]);
    expect(second.verdicts.map((v) => v.type)).toEqual(['lifted', 'move', 'game-over']);
    // Every verdict has its place in the match for good: numbered on from the journal's.
    const n = first.verdicts.length;
    expect([...first.logged, ...second.logged].map((l) => l.seq)).toEqual(Array.from({ length: n + 3 }, (_, i) => i + 1));
    expect(new Set([...first.logged, ...second.logged].map((l) => l.matchId)).size).toBe(1);

    const read = readJournal(first.path, registry);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.header).toMatchObject({ ruleset: 'corners', settings: { players: { A: 'A', B: 'B' } }, profile: CORNERS_PROFILE });
    const replay = replayJournal(read.value, registry);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.value.sessions).toBe(2);
    expect(replay.value.mismatch).toBeUndefined();
    expect(replay.value.verdicts).toEqual([...first.verdicts, ...second.verdicts]);
    expect(replay.value.verdicts.at(-1)).toMatchObject({ type: 'game-over', winner: 'white', reason: 'corner' });

    // A reader that does not know the game says so, instead of refereeing it as Senryaku.
    const unknown = readJournal(first.path);
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.error.message).toContain(
      `unknown ruleset 'corners'; the rulesets are ${BUILT_IN_RULESETS.ids.join(', ')}`,
    );
  });

  it("checks the header's board profile and settings with the game's own rules", () => {
    expect(CORNERS.boardProfile({ ...CORNERS_PROFILE, pieceMassG: -1 })).toEqual({
      ok: false,
      error: 'pieceMassG must be a mass in grams > 0',
    });
    expect(CORNERS.boardProfile({ ...CORNERS_PROFILE, grid: { files: 4, ranks: 3 } })).toEqual({
      ok: false,
      error: 'Corners is played on a 3×3 grid',
    });
    expect(CORNERS.referee.fromJson({ policy: 'strict' }, CORNERS_PROFILE)).toEqual({
      ok: false,
      error: 'settings.policy: Corners has no settings',
    });
  });
});
