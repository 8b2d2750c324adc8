// The referee finds the board after it was not heard (a snapshot with `unheardSinceMs`): the
// one legal move that explains it is announced as seen on reconnect; a board that could be
// several things, or none, is asked to be put back, with the steps that restore it.
import { describe, expect, it } from 'vitest';
import { WELLS, parseSpn, parseWell } from '../../src/games/senryaku/rules/index.ts';
import { RefereeDriver } from './senryaku/driver.ts';
import { SkDriver, occupiedOf } from './surakarta/driver.ts';

/** White can capture the coloured black sphere on d2 from c1, d1 or e1. */
const CAPTURE_ON = 'bbb1bbb/7/7/7/3B3/wwwWwww w - -';

/** The wells of an SPN board, with `lifted` emptied and `placed` filled (a partial or completed change). */
function board(spn: string, lifted: string[] = [], placed: string[] = []): number[] {
  const pos = parseSpn(spn);
  if (!pos.ok) throw new Error(pos.error.message);
  const on = new Set(Array.from({ length: WELLS }, (_, w) => w).filter((w) => pos.value.board[w] !== 0));
  for (const w of lifted) on.delete(parseWell(w)!);
  for (const w of placed) on.add(parseWell(w)!);
  return [...on].sort((a, b) => a - b);
}

describe('Senryaku: the board found after it was not heard', () => {
  const unheard = (r: RefereeDriver, occupied: number[]) =>
    r.send({ type: 'snapshot', occupied, unheardSinceMs: r.t, atMs: (r.t += 2100) });

  it('nothing changed: nothing said, play goes on', () => {
    const r = RefereeDriver.playing(CAPTURE_ON);
    expect(unheard(r, board(CAPTURE_ON))).toEqual([]);
    expect(r.state.phase).toBe('play');
  });

  it('a step made meanwhile: the only legal explanation, announced as a move seen on reconnect', () => {
    const r = RefereeDriver.playing(CAPTURE_ON);
    const said = unheard(r, board(CAPTURE_ON, ['g1'], ['g2']));
    expect(said.map((v) => v.type)).toEqual(['lifted', 'move']);
    expect(said[1]).toMatchObject({ type: 'move', side: 'white', move: 'g1-g2', unheard: true, atMs: r.t });
    expect(r.state.game.position.turn).toBe('black');
    // And the game goes on from it.
    expect(r.move('a6-a5').at(-1)).toMatchObject({ type: 'move', move: 'a6-a5' });
  });

  it('lifted before, set down meanwhile: the move is completed as seen', () => {
    const r = RefereeDriver.playing(CAPTURE_ON);
    r.lift('b1');
    const said = unheard(r, board(CAPTURE_ON, ['b1'], ['b2']));
    expect(said).toEqual([expect.objectContaining({ type: 'move', move: 'b1-b2', unheard: true })]);
  });

  it('a sphere lifted meanwhile that can only step: taken as lifted, nothing to put back', () => {
    const r = RefereeDriver.playing(CAPTURE_ON);
    expect(unheard(r, board(CAPTURE_ON, ['g1']))).toEqual([expect.objectContaining({ type: 'lifted', well: 'g1' })]);
    // Set down in view, it is an ordinary move.
    expect(r.place('g2')).toEqual([expect.objectContaining({ type: 'move', move: 'g1-g2' })]);
    expect(r.last('move')).not.toHaveProperty('unheard');
  });

  it('emptied where a capture was on: a lift or a whole capture, the board cannot tell: put back, with the steps', () => {
    const r = RefereeDriver.playing(CAPTURE_ON);
    const said = unheard(r, board(CAPTURE_ON, ['d1']));
    expect(said).toEqual([
      {
        type: 'resync-needed',
        atMs: r.t,
        differences: [{ well: 'd1', expected: 'W', sensed: 'empty' }],
        restore: [{ action: 'put-back', well: 'd1', sphere: 'W' }],
        message: expect.stringMatching(/^the board was not heard for 2\.1 s, and what it shows now can be 2 different things/),
      },
    ]);
    expect(r.state.phase).toBe('resync');
  });

  it('lifted before it went unheard, with a capture on: the same board may hide the capture completed: put back', () => {
    const r = RefereeDriver.playing(CAPTURE_ON);
    r.lift('d1');
    const said = unheard(r, board(CAPTURE_ON, ['d1']));
    expect(said.map((v) => v.type)).toEqual(['resync-needed']);
    expect(said[0]).toMatchObject({ restore: [{ action: 'put-back', well: 'd1' }] });
  });

  it('a foul standing when the board went unheard, found as it was: it may have been put right and the move made: put back', () => {
    const r = RefereeDriver.playing(CAPTURE_ON);
    r.roll('g1', 'g2');
    expect(r.state.phase).toBe('foul');
    // Lifted off g2, set back on g1, then lifted again and stepped to g2: the same board as the foul left.
    const said = unheard(r, board(CAPTURE_ON, ['g1'], ['g2']));
    expect(said).toEqual([
      expect.objectContaining({
        type: 'resync-needed',
        message: expect.stringMatching(/while a foul stood/),
        restore: [{ action: 'move-back', well: 'g1', from: 'g2', sphere: 'w' }],
      }),
    ]);
  });

  it('two moves meanwhile, or no legal one: put back as the game stood', () => {
    const r = RefereeDriver.playing(CAPTURE_ON);
    const two = unheard(r, board(CAPTURE_ON, ['g1', 'a6'], ['g2', 'a5']));
    expect(two).toEqual([expect.objectContaining({ type: 'resync-needed', message: expect.stringMatching(/no legal move/) })]);
    const s = RefereeDriver.playing(CAPTURE_ON);
    expect(unheard(s, board(CAPTURE_ON, ['g1'], ['g4']))).toEqual([expect.objectContaining({ type: 'resync-needed' })]);
  });
});

describe('Surakarta: the board found after it was not heard', () => {
  /** a2 can capture b1 round the small loop at a1. */
  const TWO_CAPTURES = '6/6/6/6/x4x/1o2o1 x';
  const unheard = (r: SkDriver, occupied: number[]) => r.send({ type: 'snapshot', occupied, unheardSinceMs: r.t, atMs: (r.t += 1500) });

  it('a step made meanwhile is inferred; a whole capture cannot be told from a lift and is put back', () => {
    const r = SkDriver.playing();
    const step = occupiedOf('oooooo/oooooo/6/1x4/x1xxxx/xxxxxx o');
    expect(unheard(r, step).at(-1)).toMatchObject({ type: 'move', move: 'b2-b3', unheard: true });

    const c = SkDriver.playing(TWO_CAPTURES);
    const said = unheard(c, occupiedOf('6/6/6/6/5x/1x2o1 o'));
    expect(said.map((v) => v.type)).toEqual(['resync-needed']);
    expect(said[0]).toMatchObject({ restore: [{ action: 'put-back', well: 'a2' }] });
  });
});
