// Surakarta played by hand on the simulated Surakarta board, through the real stack (board
// physics → serial protocol → link → sensing → referee → journal): steps, captures in both
// lift orders, a pass, a game to the capture of the last piece and the next game of the
// match, an ending by agreement; each session is then refereed again from its journal.
import { describe, expect, it } from 'vitest';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { START_POSITION } from '../../src/games/surakarta/rules/index.ts';
import { useSurakartaE2E, type SkSession } from './surakarta-harness.ts';

const e2e = useSurakartaE2E();

/** a2 can capture b1 (round the small loop at a1), f2 can capture e1; neither can capture the other's target. */
const TWO_CAPTURES = '6/6/6/6/x4x/1o2o1 x';

async function expectReplayed(s: SkSession): Promise<void> {
  const replayed = await s.replay();
  expect(replayed.mismatch).toBeUndefined();
  expect(replayed.sessions).toBe(1);
  expect(replayed.verdicts).toEqual(s.verdicts);
}

/** A step by hand: lift, then place on a neighbouring point. */
const step = (from: string, to: string) => act().lift(from, { afterMs: 300 }).place(to, { afterMs: 500 });

describe('end to end (Surakarta): play by hand on the simulated board', () => {
  it('steps, then a capture with the enemy piece lifted first and a recapture with the mover lifted first', async () => {
    const s = await e2e.game();
    expect(s.verdicts[0]).toMatchObject({ type: 'game-started', game: 1, players: { light: 'A', dark: 'B' }, position: START_POSITION });

    s.act(step('b2', 'b3'));
    expect(await s.next('lifted')).toMatchObject({ side: 'light', well: 'b2', destinations: ['a3', 'b3', 'c3'] });
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'b2-b3', position: 'oooooo/oooooo/6/1x4/x1xxxx/xxxxxx o' });
    s.act(step('c5', 'd4'));
    expect(await s.next('move')).toMatchObject({ side: 'dark', move: 'c5-d4' });
    s.act(step('b3', 'a4'));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'b3-a4', position: 'oooooo/oo1ooo/x2o2/6/x1xxxx/xxxxxx o' });

    // Dark: the Light piece on a4 lifted first, then c6, which lands on a4 round the large loop.
    s.act(act().lift('a4', { afterMs: 300 }).lift('c6', { afterMs: 500 }).place('a4', { afterMs: 500 }));
    expect(await s.next('capture-started')).toMatchObject({ side: 'dark', captured: 'a4', order: 'captured-first' });
    expect(await s.next('lifted')).toMatchObject({ side: 'dark', well: 'c6', destinations: ['a4'] });
    const capture = await s.next('move');
    expect(capture).toMatchObject({ side: 'dark', move: 'c6xa4', captureOrder: 'captured-first' });
    expect(capture.position).toBe('oo1ooo/oo1ooo/o2o2/6/x1xxxx/xxxxxx x');

    // Light: c2 lifted first, then the Dark piece on a4; c2 set down there.
    s.act(act().lift('c2', { afterMs: 300 }).lift('a4', { afterMs: 500 }).place('a4', { afterMs: 500, kind: 'x' }));
    expect(await s.next('lifted')).toMatchObject({ side: 'light', well: 'c2' });
    expect(await s.next('capture-started')).toMatchObject({ side: 'light', captured: 'a4', order: 'capturer-first' });
    const recapture = await s.next('move');
    expect(recapture).toMatchObject({ side: 'light', move: 'c2xa4', captureOrder: 'capturer-first' });
    expect(recapture.position).toBe('oo1ooo/oo1ooo/x2o2/6/x2xxx/xxxxxx o');

    // A step carries no capture order.
    s.act(step('d4', 'c3'));
    const last = await s.next('move');
    expect(last).toMatchObject({ side: 'dark', move: 'd4-c3' });
    expect(last).not.toHaveProperty('captureOrder');
    expect(s.types().filter((t) => t === 'foul')).toEqual([]);
    expect(s.app.snapshot()).toMatchObject({ phase: 'play', turn: 'light', fouls: { light: 0, dark: 0 } });
    await expectReplayed(s);
  });

  it('an enemy piece lifted and put back abandons the capture and binds nothing', async () => {
    const s = await e2e.game({ firstPosition: TWO_CAPTURES });
    s.act(act().lift('b1', { afterMs: 300 }).place('b1', { afterMs: 800 }));
    expect(await s.next('capture-started')).toMatchObject({ captured: 'b1', order: 'captured-first' });
    expect(await s.next('notice')).toMatchObject({ message: 'the piece on b1 was put back: capture abandoned' });
    s.act(step('f2', 'f3'));
    expect(await s.next('move')).toMatchObject({ move: 'f2-f3' });
    expect(s.types()).not.toContain('foul');
    await expectReplayed(s);
  });

  it('a side with no legal move passes at once: a notice, and the other side moves again', async () => {
    // Dark's only piece, on a1, is boxed in by b1, a2 and b2.
    const s = await e2e.game({ firstPosition: '5x/6/6/6/xx4/ox4 x' });
    s.act(step('f6', 'f5'));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'f6-f5' });
    expect(await s.next('notice')).toMatchObject({ message: 'dark has no legal move and passes: light to move' });
    s.act(step('b2', 'c3'));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'b2-c3' });
    s.act(step('a1', 'b2'));
    expect(await s.next('move')).toMatchObject({ side: 'dark', move: 'a1-b2' });
    await expectReplayed(s);
  });

  it('a game to the capture of the last piece, then game 2 of the match with the sides swapped, ended by agreement', async () => {
    const s = await e2e.game({ firstPosition: TWO_CAPTURES });
    s.act(act().lift('b1', { afterMs: 300 }).lift('a2', { afterMs: 500 }).place('b1', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'a2xb1', captureOrder: 'captured-first' });
    s.act(step('e1', 'e2'));
    expect(await s.next('move')).toMatchObject({ side: 'dark', move: 'e1-e2' });
    // The last Dark piece, captured with the mover lifted first.
    s.act(act().lift('f2', { afterMs: 300 }).lift('e2', { afterMs: 500 }).place('e2', { afterMs: 500, kind: 'x' }));
    expect(await s.next('move')).toMatchObject({
      side: 'light',
      move: 'f2xe2',
      captureOrder: 'capturer-first',
      position: '6/6/6/6/4x1/1x4 o',
    });
    expect(await s.next('game-over')).toMatchObject({
      game: 1,
      winner: 'light',
      winnerPlayer: 'A',
      reason: 'all-captured',
      points: 2,
      awarded: { A: 2, B: 0 },
      score: { A: 2, B: 0 },
    });
    expect(await s.next('setup')).toMatchObject({ game: 2 });
    expect(s.types()).not.toContain('match-over');

    // Game 2 (of the default two) starts once the start position stands: B has Light now.
    s.sim.resetBoard(START_POSITION);
    expect(await s.next('game-started')).toMatchObject({ game: 2, players: { light: 'B', dark: 'A' }, position: START_POSITION });
    s.act(step('b2', 'c3'));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'b2-c3' });
    // The players agree to end it: equal counts, a draw; the match goes to A on pieces.
    s.app.operate({ kind: 'agree' });
    const over = await s.next('game-over');
    expect(over).toMatchObject({ game: 2, reason: 'agreement', points: 0, awarded: { A: 12, B: 12 }, score: { A: 14, B: 12 } });
    expect(over).not.toHaveProperty('winner');
    expect(await s.next('match-over')).toMatchObject({ winner: 'A', score: { A: 14, B: 12 }, games: 2 });
    expect(await s.app.finished).toBe('match-over');
    await expectReplayed(s);
  });
});
