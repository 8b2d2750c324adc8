// The referee stack serves a game it was not written for: a toy 3×3 game ("Corners",
// test/rulesets/toy.ts) on a 3×3 board of nine load cells without pivots or tilt switches,
// through the real pipeline (board lines → decode → plausibility → sensing → referee).
import { describe, expect, it } from 'vitest';
import { RefereePipeline } from '../../src/app/referee-pipeline.ts';
import { NO_TILT, inOrderCells, type HardwareProfile } from '../../src/board/profile.ts';
import { formatFrame, formatHello } from '../../src/protocol/index.ts';
import type { Verdict } from '../../src/referee/verdicts.ts';
import { SynthBoard } from '../sensing/synth.ts';
import { CORNERS_START, cornersReferee } from '../rulesets/toy.ts';

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
