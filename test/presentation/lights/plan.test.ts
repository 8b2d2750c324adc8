// The lights plan: verdicts and inputs in, lit wells out, at a time handed in.
import { describe, expect, it } from 'vitest';
import { NO_LIGHTS, lightsOnInput, lightsOnVerdict, type LightsState } from '../../../src/presentation/lights/plan.ts';
import { lightsPicture, nextLightsChangeMs, type LightsOptions } from '../../../src/presentation/lights/picture.ts';
import { suggestionOfMove } from '../../../src/presentation/lights/suggestion.ts';
import type { RefereeInput } from '../../../src/referee/inputs.ts';
import type { Verdict, VerdictBody } from '../../../src/referee/verdicts.ts';
import { moveBackFoul } from '../../support/move-back-foul.ts';

/** Cells of a 7-file grid, as the referee's inputs number them (a1 = 0). */
const FILES = 7;
const cellName = (cell: number): string => `${'abcdefg'[cell % FILES]}${Math.floor(cell / FILES) + 1}`;
const cell = (name: string): number => 'abcdefg'.indexOf(name[0]!) + FILES * (Number(name.slice(1)) - 1);
const naming = { cellName };

const CASUAL: LightsOptions = { destinations: true };
const v = (body: VerdictBody): Verdict => ({ atMs: 0, ...body });
const lifted = (well: string): RefereeInput => ({ type: 'lifted', well: cell(well), atMs: 0 });
const placed = (well: string): RefereeInput => ({ type: 'placed', well: cell(well), atMs: 0 });

const verdicts = (s: LightsState, vs: readonly VerdictBody[], nowMs = 0): LightsState =>
  vs.reduce((t, b) => lightsOnVerdict(t, v(b), nowMs), s);
const inputs = (s: LightsState, is: readonly RefereeInput[]): LightsState => is.reduce((t, i) => lightsOnInput(t, i, naming), s);
/** The picture as `well:role` strings, sorted. */
const lit = (s: LightsState, nowMs = 0, o: LightsOptions = CASUAL): string[] => {
  const p = lightsPicture(s, nowMs, o);
  return [...(p.all ? [`*:${p.all}`] : []), ...[...p.wells].map(([w, r]) => `${w}:${r}`).sort()];
};

describe('a foul: the wells to put right, each dark once it is', () => {
  it('a piece set down two wells away: its well to empty and its well to fill, dark one by one, and all clear when restored', () => {
    let s = verdicts(NO_LIGHTS, [
      { type: 'lifted', side: 'white', well: 'e1', destinations: ['e2', 'd2'] },
      moveBackFoul('IllegalPlacement', 'e1', 'e3', 'e1 to e3 is not one well forward'),
    ]);
    // Only the wells to put right: not the destinations of the lift before the foul.
    expect(lit(s)).toEqual(['e1:restore', 'e3:remove']);
    s = inputs(s, [lifted('e3')]);
    expect(lit(s)).toEqual(['e1:restore']);
    // Set down again where it must not be: lit again.
    s = inputs(s, [placed('e3')]);
    expect(lit(s)).toEqual(['e1:restore', 'e3:remove']);
    s = inputs(s, [lifted('e3'), placed('e1')]);
    expect(s.restore.every((r) => r.done)).toBe(true);
    s = verdicts(s, [{ type: 'restored', side: 'white', position: 'p' }]);
    expect(s.restore).toEqual([]);
    // Put right, the piece lifted before the foul is the one to move (touch move): lit again with its destinations.
    expect(lit(s)).toEqual(['d2:destination', 'e1:lift', 'e2:destination']);
  });

  it('a put-back and a remove: a piece lifted out of turn, an unexpected piece; a roll fixes one and undoes none', () => {
    let s = verdicts(NO_LIGHTS, [
      {
        type: 'foul',
        code: 'IllegalCaptureLift',
        side: 'light',
        message: 'm',
        restore: [
          { action: 'put-back', well: 'b2', sphere: 'x' },
          { action: 'put-back', well: 'b4', sphere: 'o' },
          { action: 'remove', well: 'd4' },
        ],
        count: 1,
      },
    ]);
    expect(lit(s)).toEqual(['b2:restore', 'b4:restore', 'd4:remove']);
    s = inputs(s, [placed('b4')]);
    expect(lit(s)).toEqual(['b2:restore', 'd4:remove']);
    s = inputs(s, [{ type: 'rolled', from: cell('d4'), to: cell('b2'), atMs: 0 }]);
    expect(lit(s)).toEqual([]);
  });

  it('the board read afresh (a snapshot) says which steps are done; a blind well keeps what was known', () => {
    let s = verdicts(NO_LIGHTS, [
      {
        type: 'resync-needed',
        differences: [
          { well: 'a1', expected: 'w', sensed: 'empty' },
          { well: 'c3', expected: 'empty', sensed: 'sphere' },
          { well: 'g6', expected: 'b', sensed: 'empty' },
        ],
      },
    ]);
    expect(lit(s)).toEqual(['a1:restore', 'c3:remove', 'g6:restore']);
    s = inputs(s, [{ type: 'snapshot', occupied: [cell('a1'), cell('c3')], blind: [cell('c3')], atMs: 0 }]);
    expect(lit(s)).toEqual(['c3:remove', 'g6:restore']);
    s = verdicts(s, [{ type: 'resync-done', position: 'p' }]);
    expect(lit(s)).toEqual([]);
  });

  it("a game's setup: where pieces are missing and where one is too many", () => {
    const s = verdicts(NO_LIGHTS, [{ type: 'setup', game: 2, missing: ['a1', 'b1'], extra: ['d4'] }]);
    expect(lit(s)).toEqual(['a1:restore', 'b1:restore', 'd4:remove']);
    expect(lit(inputs(s, [placed('a1'), lifted('d4')]))).toEqual(['b1:restore']);
  });
});

describe('a lift, a move, the last move', () => {
  const afterLift = verdicts(NO_LIGHTS, [{ type: 'lifted', side: 'white', well: 'c1', destinations: ['c2', 'b2', 'd2'] }]);

  it('after a lift: the piece in hand and its legal destinations (casual), nothing under the tournament setting', () => {
    expect(lit(afterLift)).toEqual(['b2:destination', 'c1:lift', 'c2:destination', 'd2:destination']);
    expect(lit(afterLift, 0, { destinations: false })).toEqual([]);
  });

  it('the move clears them and lights its two wells, which the next lift puts out', () => {
    const moved = verdicts(afterLift, [{ type: 'move', side: 'white', move: 'c1-c2', position: 'p' }]);
    expect(lit(moved)).toEqual(['c1:last-move', 'c2:last-move']);
    expect(lit(moved, 0, { destinations: false })).toEqual(['c1:last-move', 'c2:last-move']);
    const next = verdicts(moved, [{ type: 'lifted', side: 'black', well: 'g6', destinations: ['g5'] }]);
    expect(lit(next)).toEqual(['g5:destination', 'g6:lift']);
    expect(lit(next, 0, { destinations: false })).toEqual([]);
  });

  it('a capture with the capturer lifted first narrows the destinations to the captured well', () => {
    const s = verdicts(afterLift, [{ type: 'capture-started', side: 'white', captured: 'b2', order: 'capturer-first' }]);
    expect(lit(s)).toEqual(['b2:destination', 'c1:lift']);
  });

  it('touch move: the touched piece stays lit with its destinations', () => {
    const s = verdicts(afterLift, [{ type: 'touch-move', side: 'white', well: 'c1', message: 'm' }]);
    expect(lit(s)).toEqual(lit(afterLift));
  });

  it('a takeback puts the last move and everything in hand out', () => {
    const moved = verdicts(afterLift, [{ type: 'move', side: 'white', move: 'c1-c2', position: 'p' }]);
    const back = verdicts(moved, [
      { type: 'takeback', side: 'white', plies: 1, moves: [{ side: 'white', move: 'c1-c2' }], position: 'p0' },
    ]);
    expect(lit(back)).toEqual([]);
  });

  it('a game that ends puts out all but its last move; the next game starts dark', () => {
    const over = verdicts(afterLift, [
      { type: 'move', side: 'white', move: 'c1xc6', position: 'p' },
      { type: 'game-over', game: 1, winner: 'white', winnerPlayer: 'A', reason: 'r', points: 1, score: { A: 1, B: 0 } },
    ]);
    expect(lit(over)).toEqual(['c1:last-move', 'c6:last-move']);
    expect(verdicts(over, [{ type: 'game-started', game: 2, players: { white: 'B', black: 'A' }, position: 'p' }])).toEqual(NO_LIGHTS);
  });
});

describe('a crash and a holding forfeit flash every well', () => {
  it('on for a quarter second, off for a quarter, for three seconds; then the picture as before', () => {
    const before = verdicts(NO_LIGHTS, [{ type: 'move', side: 'white', move: 'a1-a2', position: 'p' }]);
    const s = verdicts(before, [{ type: 'board-tipped', toward: 'white' }], 1_000);
    expect(lit(s, 1_000)).toEqual(['*:crash']);
    expect(lit(s, 1_249)).toEqual(['*:crash']);
    expect(lit(s, 1_250)).toEqual([]);
    expect(lit(s, 1_500)).toEqual(['*:crash']);
    expect(nextLightsChangeMs(s, 1_000)).toBe(1_250);
    expect(nextLightsChangeMs(s, 3_900)).toBe(4_000);
    expect(lit(s, 4_000)).toEqual(['a1:last-move', 'a2:last-move']);
    expect(nextLightsChangeMs(s, 4_000)).toBeUndefined();
    // The crash verdict that follows its board-tipped goes on with the same flash.
    const crash = verdicts(s, [{ type: 'crash', loser: 'white', toward: 'white', during: 'place', well: 'a2' }], 2_100);
    expect(crash.alarm).toEqual(s.alarm);
  });

  it('a holding forfeit flashes in its own colour; a forfeit for fouls does not flash', () => {
    const held = verdicts(NO_LIGHTS, [{ type: 'forfeit', loser: 'black', reason: 'holding', message: 'm' }], 50);
    expect(lit(held, 60)).toEqual(['*:holding']);
    expect(verdicts(NO_LIGHTS, [{ type: 'forfeit', loser: 'black', reason: 'fouls', message: 'm' }], 50).alarm).toBeUndefined();
  });
});

const computer = (move: string): VerdictBody => ({ type: 'computer-move', side: 'white', move, position: 'p' });
const hint = (move: string): VerdictBody => ({ type: 'hint', side: 'white', player: 'A', move, count: 1 });

describe('a suggested move (the computer, a hint): each step lit in order, dark once done', () => {
  it("the computer's capture: the piece to lift, the piece it takes; taken, its well is the destination; lifted, the piece is dark", () => {
    expect(suggestionOfMove('c1xd2')).toEqual({ from: 'c1', to: 'd2', capture: true });
    let s = verdicts(NO_LIGHTS, [computer('c1xd2')]);
    // Shown whatever the destinations setting: it was asked for.
    expect(lit(s, 0, { destinations: false })).toEqual(['c1:lift', 'd2:capture']);
    s = inputs(s, [lifted('d2')]);
    expect(lit(s, 0, { destinations: false })).toEqual(['c1:lift', 'd2:destination']);
    s = inputs(s, [lifted('c1')]);
    expect(lit(s, 0, { destinations: false })).toEqual(['d2:destination']);
    s = verdicts(s, [{ type: 'move', side: 'white', move: 'c1xd2', position: 'p' }]);
    expect(s.suggestion).toBeUndefined();
    expect(lit(s)).toEqual(['c1:last-move', 'd2:last-move']);
  });

  it("a hint: lit the same; its piece lifted shows every legal destination (the player may move otherwise), the computer's only its own", () => {
    const h = verdicts(NO_LIGHTS, [hint('a2-a3')]);
    expect(lit(h)).toEqual(['a2:lift', 'a3:destination']);
    const liftA2: VerdictBody = { type: 'lifted', side: 'white', well: 'a2', destinations: ['a3', 'b3'] };
    expect(lit(verdicts(inputs(h, [lifted('a2')]), [liftA2]))).toEqual(['a2:lift', 'a3:destination', 'b3:destination']);
    const c = verdicts(NO_LIGHTS, [computer('a2-a3')]);
    expect(lit(verdicts(inputs(c, [lifted('a2')]), [liftA2]))).toEqual(['a2:lift', 'a3:destination']);
    // Text that is not a move suggests nothing.
    expect(lit(verdicts(NO_LIGHTS, [hint('resign')]))).toEqual([]);
    expect(suggestionOfMove('a2')).toBeUndefined();
  });

  it("another move than the computer's: the foul's wells alone, dark as each is fixed; restored, the computer's move again", () => {
    let s = verdicts(NO_LIGHTS, [computer('a1-a2')]);
    s = inputs(s, [lifted('b1'), placed('b2')]);
    s = verdicts(s, [moveBackFoul('NotTheComputersMove', 'b1', 'b2')]);
    expect(lit(s)).toEqual(['b1:restore', 'b2:remove']);
    s = inputs(s, [lifted('b2')]);
    expect(lit(s)).toEqual(['b1:restore']);
    s = inputs(s, [placed('b1')]);
    s = verdicts(s, [{ type: 'restored', side: 'white', position: 'p' }]);
    expect(lit(s)).toEqual(['a1:lift', 'a2:destination']);
  });

  it('a takeback and the game’s end take it away', () => {
    const s = verdicts(NO_LIGHTS, [computer('a2-a3')]);
    expect(
      verdicts(s, [{ type: 'takeback', side: 'white', plies: 1, moves: [{ side: 'white', move: 'b1-b2' }], position: 'p' }]).suggestion,
    ).toBeUndefined();
    expect(
      verdicts(s, [{ type: 'game-over', game: 1, winner: 'black', winnerPlayer: 'B', reason: 'r', points: 1, score: { A: 0, B: 1 } }])
        .suggestion,
    ).toBeUndefined();
  });
});
