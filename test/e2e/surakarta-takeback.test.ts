// Takeback on the simulated Surakarta board, through the whole stack: a capture put back by
// hand (the captured piece set back from off the board) and, where a side is the computer, its
// reply with the move before it, the foul the way back drew withdrawn; each session refereed
// again from its journal. The tournament policy lets the foul stand and refuses the takeback.
import { describe, expect, it } from 'vitest';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { START_POSITION } from '../../src/games/surakarta/rules/index.ts';
import { useSurakartaE2E, type SkSession } from './surakarta-harness.ts';

const e2e = useSurakartaE2E();

/** a2 can capture b1 (round the small loop at a1), f2 can capture e1. */
const TWO_CAPTURES = '6/6/6/6/x4x/1o2o1 x';

async function expectReplayed(s: SkSession): Promise<void> {
  const replayed = await s.replay();
  expect(replayed.mismatch).toBeUndefined();
  expect(replayed.verdicts).toEqual(s.verdicts);
}

describe('end to end (Surakarta): takeback', () => {
  it('casual: a capture put back, the captured piece set back on its point, is taken back; the game goes on', async () => {
    const s = await e2e.game({ firstPosition: TWO_CAPTURES });
    s.act(act().lift('b1', { afterMs: 300 }).lift('a2', { afterMs: 500 }).place('b1', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'a2xb1' });
    s.act(act().lift('b1', { afterMs: 800 }).place('a2', { afterMs: 600 }).place('b1', { afterMs: 800, kind: 'o' }));
    // Dark may capture on b1: the lift starts that capture; Light's piece set down on a2 is a foul until the board shows the position before.
    expect(await s.next('foul')).toMatchObject({ code: 'IllegalPlacement', side: 'dark' });
    expect(await s.next('takeback')).toMatchObject({
      side: 'light',
      plies: 1,
      moves: [{ side: 'light', move: 'a2xb1' }],
      position: TWO_CAPTURES,
      withdrawn: { side: 'dark', code: 'IllegalPlacement' },
    });
    expect(s.app.snapshot()).toMatchObject({ fouls: { light: 0, dark: 0 } });
    s.act(act().lift('e1', { afterMs: 300 }).lift('f2', { afterMs: 500 }).place('e1', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'light', move: 'f2xe1' });
    await expectReplayed(s);
  });

  it('two plies (a side is the computer): its reply back first, then the move before it; the journal keeps the setting', async () => {
    const s = await e2e.game({ settings: { takebackPlies: 2 } });
    s.act(act().lift('a2', { afterMs: 300 }).place('a3', { afterMs: 500 }));
    const moved = await s.next('move');
    // The computer's reply, as the computer service hands it to the referee, carried out.
    s.app.advise({ role: 'computer', move: 'f5-f4', position: moved.position });
    s.act(act().lift('f5', { afterMs: 300 }).place('f4', { afterMs: 500 }));
    await s.next('move');
    s.act(act().lift('f4', { afterMs: 800 }).place('f5', { afterMs: 600 }).lift('a3', { afterMs: 600 }).place('a2', { afterMs: 600 }));
    expect(await s.next('takeback')).toMatchObject({
      side: 'light',
      plies: 2,
      moves: [
        { side: 'light', move: 'a2-a3' },
        { side: 'dark', move: 'f5-f4' },
      ],
      position: START_POSITION,
      withdrawn: { side: 'light', code: 'NotYourSphere' },
    });
    expect(s.app.snapshot()).toMatchObject({ fouls: { light: 0, dark: 0 } });
    await expectReplayed(s);
  });

  it('tournament: the same hands are a foul, and the refusal is said', async () => {
    const s = await e2e.game({ settings: { policy: 'tournament' } });
    s.act(act().lift('a2', { afterMs: 300 }).place('a3', { afterMs: 500 }));
    await s.next('move');
    s.act(act().lift('a3', { afterMs: 800 }).place('a2', { afterMs: 600 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NotYourSphere', side: 'dark' });
    expect(await s.next('notice')).toMatchObject({
      message: "takeback refused: tournament policy (light's a2-a3 stands: put the board back as it was)",
    });
    s.act(act().lift('a2', { afterMs: 800 }).place('a3', { afterMs: 600 }));
    expect(await s.next('restored')).toMatchObject({ side: 'dark' });
    expect(s.types()).not.toContain('takeback');
    await expectReplayed(s);
  });
});
