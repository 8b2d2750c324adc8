// Every foul the referee calls, made physically on the simulated board, and put right again.
import { describe, expect, it } from 'vitest';
import { simScript as act } from '../../src/hardware/sim/index.ts';
import { useE2E } from './harness.ts';

const e2e = useE2E();

describe('end to end: fouls, touch move and restoring', { timeout: 60_000 }, () => {
  it('calls each foul with where the spheres must go, and resumes once the board is put right', async () => {
    const s = await e2e.game();
    // Lifting the opponent's sphere, then putting it back.
    s.act(act().lift('a6', { afterMs: 300 }).place('a6', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NotYourSphere', side: 'white', restore: [{ action: 'put-back', well: 'a6' }] });
    expect(await s.next('restored')).toMatchObject({ side: 'white' });

    // Lifting the enemy coloured sphere with no capture on.
    s.act(act().lift('d6', { afterMs: 300 }).place('d6', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({ code: 'IllegalCaptureLift' });
    await s.next('restored');

    // Touch move: a1 lifted and put back must be the sphere moved; lifting b1 instead is a foul.
    s.act(act().lift('a1', { afterMs: 300 }).place('a1', { afterMs: 500 }).lift('b1', { afterMs: 800 }).place('b1', { afterMs: 600 }));
    expect(await s.next('touch-move')).toMatchObject({ well: 'a1' });
    expect(await s.next('foul')).toMatchObject({ code: 'TouchMove', restore: [{ action: 'put-back', well: 'b1' }] });
    await s.next('restored');
    s.act(act().lift('a1', { afterMs: 300 }).place('a2', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'white', move: 'a1-a2' });
    s.act(act().lift('g6', { afterMs: 300 }).place('g5', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ side: 'black', move: 'g6-g5' });

    // The sphere moved last turn is locked.
    s.act(act().lift('a2', { afterMs: 300 }).place('a2', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({ code: 'LockedSphere', restore: [{ action: 'put-back', well: 'a2' }] });
    await s.next('restored');

    // Two spheres lifted at once; putting one back resumes the move with the other.
    s.act(
      act()
        .lift('b1', { afterMs: 300 })
        .lift('c1', { afterMs: 300 })
        .place('c1', { afterMs: 800 })
        .place('b2', { afterMs: 800, kind: 'w' }),
    );
    expect(await s.next('foul')).toMatchObject({ code: 'TwoSpheresLifted' });
    await s.next('restored');
    expect(await s.next('move')).toMatchObject({ move: 'b1-b2' });
    s.act(act().lift('f6', { afterMs: 300 }).place('f5', { afterMs: 500 }));
    expect(await s.next('move')).toMatchObject({ move: 'f6-f5' });

    // A placement two wells away: a foul until the sphere lands where it may.
    s.act(act().lift('e1', { afterMs: 300 }).place('e3', { afterMs: 500 }).lift('e3', { afterMs: 800 }).place('e2', { afterMs: 500 }));
    expect(await s.next('foul')).toMatchObject({ code: 'IllegalPlacement', restore: [{ action: 'move-back', from: 'e3', well: 'e1' }] });
    expect(await s.next('move')).toMatchObject({ move: 'e1-e2' });
    s.act(act().lift('e6', { afterMs: 300 }).place('e5', { afterMs: 500 }));
    await s.next('move');

    // A sphere rolled instead of lifted, and rolled back.
    s.act(act().roll('g1', 'g2', { afterMs: 300 }).roll('g2', 'g1', { afterMs: 1200 }));
    expect(await s.next('foul')).toMatchObject({ code: 'Rolled', restore: [{ action: 'move-back', from: 'g2', well: 'g1' }] });
    await s.next('restored');

    // A sphere from outside the game set down on the board.
    s.sim.resetBoard('bbbB3/4bbb/3w3/7/ww2w2/2wW1ww w - -');
    expect(await s.next('foul')).toMatchObject({ code: 'UnexpectedSphere', restore: [{ action: 'remove', well: 'd4' }] });
    s.sim.resetBoard('bbbB3/4bbb/7/7/ww2w2/2wW1ww w - -');
    await s.next('restored');
    expect(s.verdicts.filter((v) => v.type === 'foul').map((f) => f.type === 'foul' && f.count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s.types()).not.toContain('game-over');
  });

  it('lifting a sphere that has no legal move is a foul', async () => {
    // c1 is boxed in by b1, W d1, b2, c2 and d2.
    const s = await e2e.game('bbbB3/7/7/7/1www3/1wwW3 w - -');
    s.act(act().lift('c1', { afterMs: 300 }).place('c1', { afterMs: 800 }));
    expect(await s.next('foul')).toMatchObject({ code: 'NoLegalDestination', side: 'white' });
    await s.next('restored');
  });
});
