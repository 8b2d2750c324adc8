// Whole games from the simulated board's load cells to the referee's verdicts: every way a game ends.
import { describe, expect, it } from 'vitest';
import { simScript } from '../../src/hardware/sim/index.ts';
import { useE2E } from './harness.ts';

const e2e = useE2E();

describe('end to end: sim board → link → sensing → referee', { timeout: 60_000 }, () => {
  it('a capture wins 2 points (captured sphere lifted first)', async () => {
    const s = await e2e.game('7/2B4/2W4/7/7/7 w - -');
    void s.sim.play(simScript().lift('c5', { afterMs: 300 }).lift('c4', { afterMs: 400 }).place('c5', { afterMs: 500, kind: 'W' }));
    expect(await s.until('move')).toMatchObject({ move: 'c4xc5', captureOrder: 'captured-first' });
    expect(await s.until('game-over')).toMatchObject({
      winner: 'white',
      winnerPlayer: 'A',
      reason: 'capture',
      points: 2,
      score: { A: 2, B: 0 },
    });
  });

  it('a capture with the capturer lifted first', async () => {
    const s = await e2e.game('7/2B4/2W4/7/7/7 w - -');
    void s.sim.play(simScript().lift('c4', { afterMs: 300 }).lift('c5', { afterMs: 400 }).place('c5', { afterMs: 500, kind: 'W' }));
    expect(await s.until('move')).toMatchObject({ move: 'c4xc5', captureOrder: 'capturer-first' });
    expect(await s.until('game-over')).toMatchObject({ reason: 'capture' });
  });

  it('a crash on a lift: the lifter loses 1 point to the other side', async () => {
    // Every black sphere stands on rank 6 of a lopsided board: lifting any tips it toward White.
    const s = await e2e.game('bb1B3/7/7/7/7/wwwW3 b - -');
    void s.sim.lift('d6', { afterMs: 300 });
    expect(await s.until('crash')).toMatchObject({ loser: 'black', toward: 'white', during: 'lift', well: 'd6' });
    expect(await s.until('game-over')).toMatchObject({ winner: 'white', reason: 'crash', points: 1 });
  });

  it('a crash on a placement: the placer loses even though its move was legal', async () => {
    // W d2, w c4, B d6, b a6: balanced at the limit; c4-c5 tips it toward Black on landing.
    const s = await e2e.game('b2B3/7/2w4/7/3W3/7 w - -');
    void s.sim.play(simScript().lift('c4', { afterMs: 300 }).place('c5', { afterMs: 500 }));
    expect(await s.until('crash')).toMatchObject({ loser: 'white', toward: 'black', during: 'place' });
    expect(await s.until('game-over')).toMatchObject({ winner: 'black', reason: 'crash' });
  });

  it('no legal move: the side to move loses at the start of its turn', async () => {
    // Black's only sphere, B on a1, is boxed in by White's b1 once White has moved.
    const s = await e2e.game('2w1w2/7/3W3/7/7/Bw5 w - -');
    void s.sim.play(simScript().lift('d4', { afterMs: 300 }).place('d5', { afterMs: 500 }));
    expect(await s.until('forfeit')).toMatchObject({ loser: 'black', reason: 'no-move' });
    expect(await s.until('game-over')).toMatchObject({ winner: 'white', reason: 'no-move', points: 1 });
  });

  it('holding the board forfeits the game of the side to move', async () => {
    const s = await e2e.game('bbbBbbb/7/7/7/7/wwwWwww w - -');
    void s.sim.holdBoard(400, { afterMs: 300, durationMs: 4000 });
    expect(await s.until('forfeit')).toMatchObject({ loser: 'white', reason: 'holding' });
    expect(await s.until('game-over')).toMatchObject({ winner: 'black', reason: 'holding', points: 1 });
  });

  it('tournament policy: a second foul forfeits the game', async () => {
    const s = await e2e.game('bbbBbbb/7/7/7/7/wwwWwww w - -', { policy: 'tournament' });
    void s.sim.play(simScript().lift('a6', { afterMs: 300 }).place('a6', { afterMs: 800 }).lift('g6', { afterMs: 1500 }));
    expect(await s.until('foul', (f) => f.count === 2)).toMatchObject({ code: 'NotYourSphere', side: 'white' });
    expect(await s.until('forfeit')).toMatchObject({ loser: 'white', reason: 'fouls' });
    expect(await s.until('game-over')).toMatchObject({ winner: 'black', reason: 'fouls', points: 1 });
  });
});
