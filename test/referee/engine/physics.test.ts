// A board with physics of its own reaches the engine through a `BoardPhysics` extension: here a
// made-up one on the toy game (a board that can be knocked down, and a game's end that stands
// only after a second), to show where the engine calls each hook.
import { describe, expect, it } from 'vitest';
import type { BoardPhysics } from '../../../src/referee/board-physics.ts';
import { createReferee } from '../../../src/referee/engine.ts';
import type { TipSide } from '../../../src/referee/inputs.ts';
import type { GameEnd, RefereeRules } from '../../../src/referee/rules.ts';
import type { RefereeState } from '../../../src/referee/state.ts';
import type { Verdict } from '../../../src/referee/verdicts.ts';
import { START } from './driver.ts';
import { TOY_SETTINGS, cell, position, toyRules, type Side, type ToyGame } from './toy-rules.ts';

interface Knocks {
  readonly down?: TipSide;
  readonly actions: number;
  readonly pending?: { readonly atMs: number; readonly end: GameEnd<Side> };
}
interface KnockGame extends Omit<ToyGame, 'physics'> {
  readonly physics: Knocks;
}

const KNOCKS: BoardPhysics<KnockGame> = {
  initial: { actions: 0 },
  atGameStart: (x) => ({ down: x.down, actions: 0 }),
  atGameEnd: (x) => ({ ...x, pending: undefined }),
  tilt: (x) => x.down,
  withTilt: (x, down) => ({ ...x, down }),
  holdsJudgement: (x) => x.down !== undefined,
  heldEnding: (x) => (x.pending ? 'a slow ending' : undefined),
  onTipped: (ctx, toward) => {
    ctx.d.physics = { ...ctx.d.physics, down: toward };
    ctx.emit({ type: 'board-tipped', toward });
  },
  onAction: (ctx) => {
    ctx.d.physics = { ...ctx.d.physics, actions: ctx.d.physics.actions + 1 };
  },
  afterAction: () => undefined,
  moveVerdict: (ctx) => ({ balance: { tipMargin: { white: ctx.d.physics.actions, black: 0 } } }),
  holdEnding: (ctx, end) => {
    ctx.d.physics = { ...ctx.d.physics, pending: { atMs: ctx.at, end } };
    ctx.d.phase = 'game-over';
    return true;
  },
  checkTimers: (ctx) => {
    const pending = ctx.d.physics.pending;
    if (!pending || ctx.at - pending.atMs < 1000) return false;
    ctx.endGame(pending.end);
    return true;
  },
  watchTimers: () => undefined,
};

const rules: RefereeRules<KnockGame> = { ...toyRules(), physics: KNOCKS };

function knockDriver(first = START) {
  const referee = createReferee(rules, { ...TOY_SETTINGS, firstPosition: position(first) });
  let state: RefereeState<KnockGame> = referee.initialState();
  let t = 0;
  const send = (input: Parameters<typeof referee.step>[1]): Verdict[] => {
    const step = referee.step(state, input);
    state = step.state;
    return [...step.verdicts];
  };
  const board = position(first).board;
  return {
    state: () => state,
    found: (tipped?: TipSide) =>
      send({ type: 'snapshot', occupied: [...board.keys()].filter((c) => board[c] !== 0), ...(tipped ? { tipped } : {}), atMs: (t += 10) }),
    lift: (p: string) => send({ type: 'lifted', well: cell(p), atMs: (t += 300) }),
    place: (p: string) => send({ type: 'placed', well: cell(p), atMs: (t += 300) }),
    tip: (toward: TipSide) => send({ type: 'tipped', toward, atMs: (t += 50) }),
    level: () => send({ type: 'levelled', atMs: (t += 50) }),
    tick: (dt: number) => send({ type: 'tick', atMs: (t += dt) }),
    attribute: (to: string) => send({ type: 'operator', action: { kind: 'attribute', to }, atMs: (t += 300) }),
  };
}

describe('referee engine: a board with physics of its own', () => {
  it('no game starts on a board that is down; it starts once the board is level', () => {
    const r = knockDriver();
    expect(r.found('white')).toMatchObject([{ type: 'setup', game: 1, missing: [], extra: [] }]);
    expect(r.level()).toMatchObject([{ type: 'game-started' }]);
  });

  it('while the physics holds judgement, lifts are not judged, yet the physics hears them', () => {
    const r = knockDriver();
    r.found();
    expect(r.tip('black')).toMatchObject([{ type: 'board-tipped', toward: 'black' }]);
    expect(r.lift('a1')).toEqual([]);
    expect(r.state().physics.actions).toBe(1);
    expect(r.state().phase).toBe('play');
  });

  it("a move verdict carries the physics' fields; an ending it holds back stands only when it says so", () => {
    const r = knockDriver('r...b.... r');
    r.found();
    r.lift('b2');
    r.lift('a1');
    expect(r.place('b2')).toMatchObject([{ type: 'move', move: 'a1xb2', balance: { tipMargin: { white: 3, black: 0 } } }]);
    expect(r.attribute('blue')).toMatchObject([
      { type: 'notice', message: 'attribution refused: the game is ending by a slow ending: there is no holding to attribute' },
    ]);
    expect(r.tick(500)).toEqual([]);
    expect(r.tick(500)).toMatchObject([
      { type: 'game-over', winner: 'red', reason: 'all-captured' },
      { type: 'setup', game: 2 },
    ]);
    expect(r.state().physics.pending).toBeUndefined();
  });
});
